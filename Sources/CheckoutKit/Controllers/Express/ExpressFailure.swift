import PaymentsCore

/// Why the express sheet's last step failed, as a value the sheet words.
public enum ExpressFailure: Hashable, Sendable {
    /// No shipping zone takes the country (its code, upper case).
    case notShippedTo(country: String)
    case postcodeInvalid(String, country: String)
    /// The first field at fault once the shopper authorised.
    case field(FieldError)
    /// The cart could not become an order.
    case store(StoreError)
    /// Asked, answer not known: for the order of this number (nil: goods of the sheet's own).
    case outcomeUnknown(orderNumber: String?)
    case card(CardChargeFailure)
    /// The card asks for 3-D Secure, which the sheet cannot show.
    case securityCheckNotShown
}
