import CheckoutKit
import Localization

/// What the shopper's express wallet holds on this counter: saved addresses and cards, the way
/// a phone's wallet does. The cards are the README's test cards, so every outcome can be shown.
public enum ExpressWallet {
    public struct SavedContact: Equatable, Sendable {
        public var label: String
        public var contact: Contact
    }

    public struct SavedCard: Equatable, Sendable {
        public var method: ExpressPaymentMethod
        /// A test card number; it goes no further than the vault, which turns it into a token.
        public var number: String
        public var holder: String
    }

    static func contact(_ name: String, _ email: String, _ phone: String, _ street: String, _ city: String, _ region: String,
                        _ postcode: String, _ country: String) -> Contact {
        Contact(name: name, email: email, phone: phone,
                postalAddress: PostalAddress(street: street, city: city, region: region, postcode: postcode, countryCode: country))
    }

    public static let addresses: [SavedContact] = [
        SavedContact(label: "Home", contact: contact("Anna Schmidt", "anna@example.de", "+49 30 1234567", "Hauptstr. 5", "Berlin", "BE", "10115", "DE")),
        SavedContact(label: "Sister in Dublin", contact: contact("Liam Murphy", "liam@example.ie", "+353 1 555 0101", "12 Quay St", "Dublin", "D", "D02 X285", "IE")),
        SavedContact(label: "Office in London", contact: contact("Tom Baker", "tom@example.co.uk", "+44 20 7946 0000", "1 High St", "London", "LDN", "SW1A 1AA", "GB")),
        SavedContact(label: "Friend in Paris (no e-mail)", contact: contact("Kim Lee", "", "", "8 Rue Oberkampf", "Paris", "IDF", "75011", "FR")),
        SavedContact(label: "Dacha near Moscow", contact: contact("Ivan Petrov", "ivan@example.ru", "+7 495 000 00 00", "Lesnaya 1", "Moscow", "MOW", "101000", "RU")),
        SavedContact(label: "Old flat (short postcode)", contact: contact("Anna Schmidt", "anna@example.de", "+49 30 1234567", "Ackerstr. 9", "Berlin", "BE", "1011", "DE")),
    ]

    public static let billing: [SavedContact] = [
        SavedContact(label: "Home", contact: addresses[0].contact),
        SavedContact(label: "Card's old address (no postcode)", contact: contact("Anna Schmidt", "anna@example.de", "", "Ackerstr. 9", "Berlin", "BE", "", "DE")),
    ]

    public static let cards: [SavedCard] = [
        SavedCard(method: ExpressPaymentMethod(displayName: "Visa •••• 4242", network: "Visa", type: .debit), number: "4242424242424242", holder: "Anna Schmidt"),
        SavedCard(method: ExpressPaymentMethod(displayName: "Amex •••• 0005", network: "Amex", type: .credit), number: "378282246310005", holder: "Anna Schmidt"),
        SavedCard(method: ExpressPaymentMethod(displayName: "Mastercard •••• 4444", network: "Mastercard", type: .credit), number: "5555555555554444", holder: "Anna Schmidt"),
        SavedCard(method: ExpressPaymentMethod(displayName: "Visa •••• 0002 (declines)", network: "Visa", type: .credit), number: "4000000000000002", holder: "Anna Schmidt"),
    ]

    // MARK: - As shown

    // The wallet's people, places, labels and card notes are the counter's own demo text: kept
    // in English here (the sheet and the store are handed them as they are), translated where
    // they are drawn. What the shopper typed is shown as typed.

    /// A saved address's label as the sheet's choice shows it: "‹ Sister in Dublin ›".
    static func choice(_ label: String) -> String {
        // "Home" alone is the home screen's word elsewhere; a home address reads differently.
        label == "Home" ? tr("‹ Home ›") : "‹ \(tr(label)) ›"
    }

    /// A contact as the sheet shows it: a saved one with its name, street, city and region in
    /// the language in force; a typed one as it was typed.
    static func shown(_ contact: Contact) -> Contact {
        guard savedContacts.contains(contact) else { return contact }
        var shown = contact
        shown.name = tr(contact.name)
        shown.postalAddress.street = tr(contact.postalAddress.street)
        shown.postalAddress.city = tr(contact.postalAddress.city)
        shown.postalAddress.region = tr(contact.postalAddress.region)
        return shown
    }

    /// What the store was told of a saved address (city, region), as the sheet shows it.
    static func shown(_ contact: AnonymizedContact) -> AnonymizedContact {
        guard savedContacts.contains(where: { AnonymizedContact($0) == contact }) else { return contact }
        return AnonymizedContact(city: tr(contact.city), region: tr(contact.region), postcode: contact.postcode, countryCode: contact.countryCode)
    }

    /// A card's name as the sheet shows it: the brand and last four, and the test card's note
    /// where the counter shows its test controls (a shopper of a real shop is not told).
    static func shownName(_ method: ExpressPaymentMethod) -> String {
        let note = " (declines)"
        guard method.displayName.hasSuffix(note), cards.contains(where: { $0.method == method }) else { return method.displayName }
        let name = String(method.displayName.dropLast(note.count))
        return DemoMode.showsTestControls ? tr("{0} (declines)", name) : name
    }

    private static var savedContacts: [Contact] { addresses.map(\.contact) + billing.map(\.contact) }
}
