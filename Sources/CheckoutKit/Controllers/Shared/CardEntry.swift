import Clocks
import Foundation
import PaymentsCore

/// Turns what the card form typed (or what a card reader swiped) into a vault token, as the
/// seed's `generateTokenWithPublicKey` does: the screens never hold a card number longer than
/// the form does, and what they get back is a `PaymentCard` that carries the one-time token.
public final class CardEntry {
    private let vault: Vault
    private let clock: Clock

    init(vault: Vault, clock: Clock) {
        self.vault = vault
        self.clock = clock
    }

    /// Validates and tokenises a typed card. Errors name every field at fault at once.
    public func tokenize(number: String, expiry: String, cvc: String, holder: String) throws(CardEntryError) -> PaymentCard {
        let card: Card
        do { card = try Card.validate(number: number, expiry: expiry, cvc: cvc, holder: holder, now: clock.now) } catch { throw .invalid(error) }
        return try tokenize(card)
    }

    /// Tokenises a card its form has already validated (`Card.validate`): the vault's own checks
    /// (an expired card, a counter not open) are all that is left, so nothing is validated twice.
    public func tokenize(_ card: Card) throws(CardEntryError) -> PaymentCard {
        try token(for: card)
    }

    /// A swipe (track data) plus the CVC the customer types, since stripes do not carry it.
    public func tokenize(swipe: String, cvc: String, holder: String? = nil) throws(CardEntryError) -> PaymentCard {
        let swiped: SwipedCard
        do { swiped = try TrackData.parse(swipe) } catch { throw .unreadableSwipe(error) }
        let name = holder ?? swiped.holderName ?? ""
        let card: Card
        do {
            card = try Card.validate(number: swiped.number.digits, expiry: String(format: "%02d/%02d", swiped.expiry.month, swiped.expiry.year % 100),
                                     cvc: cvc, holder: name, now: clock.now)
        } catch { throw .invalid(error) }
        return try tokenize(card)
    }

    private func token(for card: Card) throws(CardEntryError) -> PaymentCard {
        do {
            let token = try vault.tokenize(card)
            return PaymentCard(id: token.id, brand: token.brand.displayName, lastFour: token.lastFour, expiryMonth: token.expiry.month,
                               expiryYear: token.expiry.year, holderName: token.holder, vaultToken: token.id)
        } catch { throw .refused(.vault(error)) }
    }
}

public enum CardEntryError: Error, Equatable, Sendable {
    /// The form's fields at fault (`messages` lists them for the screen).
    case invalid(CardValidationErrors)
    case unreadableSwipe(TrackDataError)
    /// The vault (or a counter not open yet) refused the card.
    case refused(Refusal)
}
