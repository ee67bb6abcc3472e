/// Seed 003's `PKPaymentAuthorizationStatus`.
public enum AuthorizationStatus: Hashable, CaseIterable, Sendable {
    /// Authorised, or expected to succeed.
    case success
    /// Failed (e.g. the card was declined).
    case failure
    case invalidBillingPostalAddress
    case invalidShippingPostalAddress
    /// Missing or unusable contact details (e-mail, phone, name).
    case invalidShippingContact
}

/// Which field of a contact an error points at, so the sheet can highlight it.
public enum ContactField: Hashable, Sendable {
    case name, email, phone, street, city, region, postcode, countryCode
}

public struct FieldError: Hashable, Sendable {
    /// Billing or shipping.
    public enum Contact: Hashable, Sendable { case billing, shipping }
    public let contact: Contact
    public let field: ContactField
    /// What is wrong; the view words it (`message`).
    public let problem: Problem

    public enum Problem: Hashable, Sendable {
        case noShippingContact
        case recipientNameMissing
        case emailMissing
        /// Typed, but not the shape of an e-mail address.
        case emailInvalid
        case phoneMissing
        /// The country, as the contact gives its code (upper case).
        case notShippedTo(country: String)
        case streetMissing
        case cityMissing
        case postcodeMissing
        case postcodeInvalid(country: String)
        /// Not a country's two-letter code (a country's name typed instead, say).
        case countryCodeInvalid
        case noBillingAddress
        case billingStreetMissing
        case billingCityMissing
        case billingPostcodeMissing
        case billingCountryMissing
    }

    public init(contact: Contact, field: ContactField, problem: Problem) {
        self.contact = contact
        self.field = field
        self.problem = problem
    }
}

/// What the delegate answers to `didAuthorizePayment`: a status and, for the invalid-* statuses,
/// the fields at fault.
public struct AuthorizationResult: Hashable, Sendable {
    public let status: AuthorizationStatus
    public let errors: [FieldError]

    public init(status: AuthorizationStatus, errors: [FieldError] = []) {
        self.status = status
        self.errors = errors
    }
}

/// What the sheet hands over once the customer authorised: the token for the processor and the
/// full billing and shipping details (no longer anonymised).
public struct AuthorizedPayment: Hashable, Sendable {
    /// The vault's one-time token for the card on the sheet.
    public let token: String
    public let paymentMethod: ExpressPaymentMethod
    public let billingContact: Contact?
    public let shippingContact: Contact?
    public let shippingMethod: ShippingMethod?

    public init(token: String, paymentMethod: ExpressPaymentMethod, billingContact: Contact?, shippingContact: Contact?, shippingMethod: ShippingMethod?) {
        self.token = token
        self.paymentMethod = paymentMethod
        self.billingContact = billingContact
        self.shippingContact = shippingContact
        self.shippingMethod = shippingMethod
    }
}
