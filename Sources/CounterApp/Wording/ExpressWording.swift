import CheckoutKit
import Localization

extension ExpressFailure {
    public var message: String {
        switch self {
        case .notShippedTo(let country): tr("We do not ship to {0}.", CountryText.shown(country))
        case .postcodeInvalid(let postcode, let country): tr("The postcode {0} is not valid for {1}.", postcode, CountryText.shown(country))
        case .field(let error): error.message
        case .store(let error): error.message
        case .outcomeUnknown(let number?): StoreError.paymentUnknown(orderNumber: number).message
        case .outcomeUnknown(nil): ChargeError.outcomeUnknown(chargeID: "").message
        case .card(let failure): failure.shopperMessage
        case .securityCheckNotShown: tr("This card needs a security check the express sheet cannot show; use another card.")
        }
    }
}

extension ExpressCheckoutController {
    /// Why the last authorisation failed, in words for the sheet.
    public var failureMessage: String? { failure?.message }
}

extension FieldError {
    public var message: String {
        switch problem {
        case .noShippingContact: tr("Add a shipping contact.")
        case .recipientNameMissing: tr("Add the recipient's name.")
        case .emailMissing: tr("Add an e-mail address for the delivery notice.")
        case .emailInvalid: tr("This e-mail address is not complete.")
        case .phoneMissing: tr("Add a phone number for the courier.")
        case .notShippedTo(let country): tr("We do not ship to {0}.", CountryText.shown(country))
        case .streetMissing: tr("Add the street and house number.")
        case .cityMissing: tr("Add the town or city.")
        case .postcodeMissing: tr("Add the postcode.")
        case .countryCodeInvalid: tr("Type the country's two-letter code, such as DE or FR.")
        case .postcodeInvalid(let country): tr("The postcode is not valid for {0}.", CountryText.shown(country))
        case .noBillingAddress: tr("Add the card's billing address.")
        case .billingStreetMissing: tr("Add the billing street.")
        case .billingCityMissing: tr("Add the billing town or city.")
        case .billingPostcodeMissing: tr("Add the billing postcode.")
        case .billingCountryMissing: tr("Add the billing country.")
        }
    }
}

extension SummaryItem {
    /// The line as the sheet shows it: a given label as it is, the controller's own lines in the
    /// language in force.
    public var label: String {
        switch caption {
        case .given(let text): text
        // The method's name is the counter's own (English), shown in the current language.
        case .shipping(let method): tr("Shipping ({0})", tr(method))
        case .surcharge(let network): tr("{0} surcharge", network)
        case .importDuties: tr("Import duties (calculated on delivery)")
        }
    }
}
