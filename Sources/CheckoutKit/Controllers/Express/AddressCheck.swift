import Foundation

/// The checks on the full contacts the sheet hands over once the customer authorised.
enum AddressCheck {
    static func shipping(_ contact: Contact?, rates: ShippingRates) -> AuthorizationResult? {
        guard let contact else {
            return AuthorizationResult(status: .invalidShippingContact,
                                       errors: [FieldError(contact: .shipping, field: .name, problem: .noShippingContact)])
        }
        var contactErrors: [FieldError] = []
        if contact.name.trimmingCharacters(in: .whitespaces).isEmpty {
            contactErrors.append(FieldError(contact: .shipping, field: .name, problem: .recipientNameMissing))
        }
        if !looksLikeEmail(contact.email) {
            contactErrors.append(FieldError(contact: .shipping, field: .email, problem: .emailMissing))
        }
        if contact.phone.filter(\.isNumber).count < 6 {
            contactErrors.append(FieldError(contact: .shipping, field: .phone, problem: .phoneMissing))
        }
        if !contactErrors.isEmpty { return AuthorizationResult(status: .invalidShippingContact, errors: contactErrors) }

        let address = contact.postalAddress
        var addressErrors: [FieldError] = []
        if rates.zone(of: address.countryCode) == nil {
            addressErrors.append(FieldError(contact: .shipping, field: .countryCode, problem: .notShippedTo(country: address.countryCode.uppercased())))
        }
        if address.street.trimmingCharacters(in: .whitespaces).isEmpty {
            addressErrors.append(FieldError(contact: .shipping, field: .street, problem: .streetMissing))
        }
        if address.city.trimmingCharacters(in: .whitespaces).isEmpty {
            addressErrors.append(FieldError(contact: .shipping, field: .city, problem: .cityMissing))
        }
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

    private static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "@")
        return parts.count == 2 && parts[1].contains(".")
    }
}
