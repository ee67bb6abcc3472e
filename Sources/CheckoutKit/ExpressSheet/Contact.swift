public struct PostalAddress: Hashable, Sendable {
    public var street: String
    public var city: String
    /// State, province, county.
    public var region: String
    public var postcode: String
    /// ISO 3166 alpha-2.
    public var countryCode: String

    public init(street: String, city: String, region: String, postcode: String, countryCode: String) {
        self.street = street
        self.city = city
        self.region = region
        self.postcode = postcode
        self.countryCode = countryCode
    }
}

/// A full contact: what the delegate sees only once the payment is authorised.
public struct Contact: Hashable, Sendable {
    public var name: String
    public var email: String
    public var phone: String
    public var postalAddress: PostalAddress

    public init(name: String, email: String, phone: String, postalAddress: PostalAddress) {
        self.name = name
        self.email = email
        self.phone = phone
        self.postalAddress = postalAddress
    }
}

/// The shipping contact as the delegate sees it before authorisation: enough to price shipping
/// (city, region, postcode, country), nothing that identifies the person. No name, street,
/// e-mail or phone: the type has no field to leak them into.
public struct AnonymizedContact: Hashable, Sendable {
    public let city: String
    public let region: String
    public let postcode: String
    public let countryCode: String

    public init(_ contact: Contact) {
        let address = contact.postalAddress
        self.city = address.city
        self.region = address.region
        self.postcode = address.postcode
        self.countryCode = address.countryCode
    }

    public init(city: String, region: String, postcode: String, countryCode: String) {
        self.city = city
        self.region = region
        self.postcode = postcode
        self.countryCode = countryCode
    }
}
