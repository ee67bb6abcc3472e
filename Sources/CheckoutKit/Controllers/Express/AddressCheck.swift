import Foundation
import Localization

/// The checks on the full contacts the sheet hands over once the customer authorised.
enum AddressCheck {
    static func shipping(_ contact: Contact?, rates: ShippingRates) -> AuthorizationResult? {
        guard let contact else {
            return AuthorizationResult(status: .invalidShippingContact,
                                       errors: [FieldError(contact: .shipping, field: .name, message: tr("Add a shipping contact."))])
        }
        var contactErrors: [FieldError] = []
        if contact.name.trimmingCharacters(in: .whitespaces).isEmpty {
            contactErrors.append(FieldError(contact: .shipping, field: .name, message: tr("Add the recipient's name.")))
        }
        if !looksLikeEmail(contact.email) {
            contactErrors.append(FieldError(contact: .shipping, field: .email, message: tr("Add an e-mail address for the delivery notice.")))
        }
        if contact.phone.filter(\.isNumber).count < 6 {
            contactErrors.append(FieldError(contact: .shipping, field: .phone, message: tr("Add a phone number for the courier.")))
        }
        if !contactErrors.isEmpty { return AuthorizationResult(status: .invalidShippingContact, errors: contactErrors) }

        let address = contact.postalAddress
        var addressErrors: [FieldError] = []
        if rates.zone(of: address.countryCode) == nil {
            addressErrors.append(FieldError(contact: .shipping, field: .countryCode, message: tr("We do not ship to {0}.", CountryText.shown(address.countryCode.uppercased()))))
        }
        if address.street.trimmingCharacters(in: .whitespaces).isEmpty {
            addressErrors.append(FieldError(contact: .shipping, field: .street, message: tr("Add the street and house number.")))
        }
        if address.city.trimmingCharacters(in: .whitespaces).isEmpty {
            addressErrors.append(FieldError(contact: .shipping, field: .city, message: tr("Add the town or city.")))
        }
        if !rates.acceptsPostcode(address.postcode, countryCode: address.countryCode) {
            addressErrors.append(FieldError(contact: .shipping, field: .postcode, message: tr("The postcode is not valid for {0}.", CountryText.shown(address.countryCode.uppercased()))))
        }
        return addressErrors.isEmpty ? nil : AuthorizationResult(status: .invalidShippingPostalAddress, errors: addressErrors)
    }

    static func billing(_ contact: Contact?) -> AuthorizationResult? {
        guard let address = contact?.postalAddress else {
            return AuthorizationResult(status: .invalidBillingPostalAddress,
                                       errors: [FieldError(contact: .billing, field: .street, message: tr("Add the card's billing address."))])
        }
        var errors: [FieldError] = []
        if address.street.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.append(FieldError(contact: .billing, field: .street, message: tr("Add the billing street.")))
        }
        if address.city.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.append(FieldError(contact: .billing, field: .city, message: tr("Add the billing town or city.")))
        }
        if address.postcode.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.append(FieldError(contact: .billing, field: .postcode, message: tr("Add the billing postcode.")))
        }
        if address.countryCode.trimmingCharacters(in: .whitespaces).count != 2 {
            errors.append(FieldError(contact: .billing, field: .countryCode, message: tr("Add the billing country.")))
        }
        return errors.isEmpty ? nil : AuthorizationResult(status: .invalidBillingPostalAddress, errors: errors)
    }

    private static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "@")
        return parts.count == 2 && parts[1].contains(".")
    }
}
