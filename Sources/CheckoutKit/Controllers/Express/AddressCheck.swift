import Foundation

/// The checks on the full contacts the sheet hands over once the customer authorised.
enum AddressCheck {
    static func shipping(_ contact: Contact?, rates: ShippingRates) -> AuthorizationResult? {
        guard let contact else {
            return AuthorizationResult(status: .invalidShippingContact,
                                       errors: [FieldError(contact: .shipping, field: .name, problem: .noShippingContact)])
        }
        let contactErrors = personProblems(contact)
        if !contactErrors.isEmpty { return AuthorizationResult(status: .invalidShippingContact, errors: contactErrors) }

        let address = contact.postalAddress
        var addressErrors: [FieldError] = []
        if rates.zone(of: address.countryCode) == nil {
            addressErrors.append(FieldError(contact: .shipping, field: .countryCode, problem: .notShippedTo(country: address.countryCode.uppercased())))
        }
        addressErrors += streetAndTownProblems(address)
        if !rates.acceptsPostcode(address.postcode, countryCode: address.countryCode) {
            addressErrors.append(FieldError(contact: .shipping, field: .postcode, problem: .postcodeInvalid(country: address.countryCode.uppercased())))
        }
        return addressErrors.isEmpty ? nil : AuthorizationResult(status: .invalidShippingPostalAddress, errors: addressErrors)
    }

    static func billing(_ contact: Contact?) -> AuthorizationResult? {
        guard let address = contact?.postalAddress else {
            return AuthorizationResult(status: .invalidBillingPostalAddress,
                                       errors: [FieldError(contact: .billing, field: .street, problem: .noBillingAddress)])
        }
        var errors: [FieldError] = []
        if address.street.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.append(FieldError(contact: .billing, field: .street, problem: .billingStreetMissing))
        }
        if address.city.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.append(FieldError(contact: .billing, field: .city, problem: .billingCityMissing))
        }
        if address.postcode.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.append(FieldError(contact: .billing, field: .postcode, problem: .billingPostcodeMissing))
        }
        if address.countryCode.trimmingCharacters(in: .whitespaces).count != 2 {
            errors.append(FieldError(contact: .billing, field: .countryCode, problem: .billingCountryMissing))
        }
        return errors.isEmpty ? nil : AuthorizationResult(status: .invalidBillingPostalAddress, errors: errors)
    }

    /// What a shipping contact typed into the sheet's form needs before it is used at all: the
    /// person's name, e-mail and phone, a street, a town, a postcode and a country's two-letter
    /// code. Where the store ships and its postcode rules are the store's to say when it is asked.
    static func typedContactProblems(_ contact: Contact) -> [FieldError] {
        let address = contact.postalAddress
        var problems = personProblems(contact) + streetAndTownProblems(address)
        if isBlank(address.postcode) {
            problems.append(FieldError(contact: .shipping, field: .postcode, problem: .postcodeMissing))
        }
        if !isCountryCode(address.countryCode) {
            problems.append(FieldError(contact: .shipping, field: .countryCode, problem: .countryCodeInvalid))
        }
        return problems
    }

    private static func personProblems(_ contact: Contact) -> [FieldError] {
        var problems: [FieldError] = []
        if isBlank(contact.name) {
            problems.append(FieldError(contact: .shipping, field: .name, problem: .recipientNameMissing))
        }
        if isBlank(contact.email) {
            problems.append(FieldError(contact: .shipping, field: .email, problem: .emailMissing))
        } else if !looksLikeEmail(contact.email) {
            problems.append(FieldError(contact: .shipping, field: .email, problem: .emailInvalid))
        }
        if contact.phone.filter(\.isNumber).count < 6 {
            problems.append(FieldError(contact: .shipping, field: .phone, problem: .phoneMissing))
        }
        return problems
    }

    private static func streetAndTownProblems(_ address: PostalAddress) -> [FieldError] {
        var problems: [FieldError] = []
        if isBlank(address.street) {
            problems.append(FieldError(contact: .shipping, field: .street, problem: .streetMissing))
        }
        if isBlank(address.city) {
            problems.append(FieldError(contact: .shipping, field: .city, problem: .cityMissing))
        }
        return problems
    }

    private static func isBlank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespaces).isEmpty }

    private static func isCountryCode(_ text: String) -> Bool {
        let code = text.trimmingCharacters(in: .whitespaces)
        return code.count == 2 && code.allSatisfy { $0.isASCII && $0.isLetter }
    }

    private static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "@")
        return parts.count == 2 && parts[1].contains(".")
    }
}

extension Contact {
    /// The sheet's own checks on a typed shipping contact (`AddressCheck.typedContactProblems`).
    public var typedContactProblems: [FieldError] { AddressCheck.typedContactProblems(self) }
}
