import Foundation

/// A saved card, as shown in "pay with an earlier card": never the full number.
public struct PaymentMethod: Hashable, Sendable {
    public let id: String
    public let customerID: String
    public let brand: CardBrand
    public let lastFour: String
    public let expiry: Expiry
    public let holder: String
    /// HMAC-SHA256 of the number under the vault key (hex): equal for the same card.
    public let fingerprint: String
    public let isDefault: Bool
    public let createdAt: Date
    /// Whether the full number is kept (encrypted), so the card can be charged again.
    public let canBeCharged: Bool

    /// "Visa •••• 4242 (12/30)"
    public var summary: String { "\(brand.displayName) •••• \(lastFour) (\(expiry))" }
}

/// A saved card as stored: the number only sealed with AES-GCM, if kept at all.
public struct PaymentMethodRecord: Hashable, Sendable {
    public var id: String
    public var customerID: String
    public var brand: CardBrand
    public var lastFour: String
    public var expiry: Expiry
    public var holder: String
    public var fingerprint: String
    public var sealedNumber: Data?
    public var isDefault: Bool
    /// Passed a 3-D Secure challenge once (cards that ask only once then charge without one).
    public var authenticated: Bool
    public var createdAt: Date
    public var removedAt: Date?

    public var paymentMethod: PaymentMethod {
        PaymentMethod(id: id, customerID: customerID, brand: brand, lastFour: lastFour, expiry: expiry, holder: holder,
                      fingerprint: fingerprint, isDefault: isDefault, createdAt: createdAt, canBeCharged: sealedNumber != nil)
    }
}
