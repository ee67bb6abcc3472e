/// What the card form hands the vault: the four fields as typed (digits only for the number).
public struct CardEntryFields {
    public var number: String
    public var expiry: String
    public var cvc: String
    public var holder: String
}
