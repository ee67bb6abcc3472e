import Foundation

/// A card typed for one payment that the shopper asked to keep, set aside before the payment:
/// the payment uses the one-time token up, and the card may be saved only after its bank has
/// said yes to that payment. Opaque outside the core: the number never leaves it.
public struct CardKeptForSaving: Sendable {
    /// The one-time token the card was typed as (what the payment names).
    public let token: String
    public let customerID: String
    public var brand: CardBrand { card.number.brand }
    public var lastFour: String { card.number.lastFour }
    let card: Card
    let makeDefault: Bool
}

/// Saving a card typed for a payment ("Save this card" ticked) only once that payment's bank
/// said yes: a charge that succeeded or a hold that was authorised, after its 3-D Secure question
/// if it had one. A refused card, a failed or cancelled challenge, or an outcome not known yet
/// saves nothing (a refused card kept would be offered, and declined, at every checkout after).
public final class CardsSavedAfterPayment {
    private let paymentMethods: PaymentMethodService
    private let charges: ChargeService
    private let vault: Vault

    init(paymentMethods: PaymentMethodService, charges: ChargeService, vault: Vault) {
        self.paymentMethods = paymentMethods; self.charges = charges; self.vault = vault
    }

    /// Sets the card behind `token` aside, before a payment uses the token up. Refused as saving
    /// itself is (saved payments locked, an unknown customer, a token spent or expired), so the
    /// shopper hears it before any money moves.
    public func keep(token: String, for customerID: String, makeDefault: Bool = false) throws -> CardKeptForSaving {
        try paymentMethods.requireUnlocked(customerID)
        do {
            return CardKeptForSaving(token: token, customerID: customerID, card: try vault.card(token), makeDefault: makeDefault)
        } catch {
            throw PaymentMethodError.token(error)
        }
    }

    /// Saves the kept card when `chargeID`, the payment made with it, was approved (captured or
    /// held); nil, and nothing saved, when it was not, or not yet.
    public func save(_ kept: CardKeptForSaving, approvedBy chargeID: String) throws -> SavedPaymentMethod? {
        let charge = try charges.charge(chargeID)
        guard charge.status == .succeeded || charge.status == .authorized else { return nil }
        // The charge must be this card's: a mixed-up id must never save a card nobody paid with.
        guard charge.brand == kept.brand, charge.lastFour == kept.lastFour else { return nil }
        return try paymentMethods.save(card: kept.card, for: kept.customerID, makeDefault: kept.makeDefault,
                                       authenticated: charges.passedChallenge(chargeID))
    }
}
