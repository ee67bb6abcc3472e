/// Seed 002's `SBPaymentCard`: a payment method as the auction's payment step lists it.
/// Never the full number; the CVC never at all.
public struct PaymentCard: Hashable, Identifiable, Sendable {
    /// The saved method's identifier; for a card just entered, the vault token's identifier.
    public let id: String
    public let brand: String
    public let lastFour: String
    public let expiryMonth: Int
    public let expiryYear: Int
    public let holderName: String
    public var isDefault: Bool
    /// Set for a card the customer just entered: the vault's one-time token that `savePayment`
    /// turns into a saved method. Nil for a method that is already saved.
    public let vaultToken: String?

    public init(id: String, brand: String, lastFour: String, expiryMonth: Int, expiryYear: Int,
                holderName: String, isDefault: Bool = false, vaultToken: String? = nil) {
        self.id = id
        self.brand = brand
        self.lastFour = lastFour
        self.expiryMonth = expiryMonth
        self.expiryYear = expiryYear
        self.holderName = holderName
        self.isDefault = isDefault
        self.vaultToken = vaultToken
    }
}
