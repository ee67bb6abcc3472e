import Localization
import CheckoutKit

/// An order line's name as a screen shows it, in the language in force. A product's name is the
/// catalogue's own text. A won auction's line is "<auction title>, <flight> <route>" (the core's
/// `placeWonBid`): its title is translated alone, and its route, which the seed and the printed
/// receipts write "LHR -> ZRH" (a printer's code page has no arrow), gets the arrow the auction
/// screens draw. A subscription period's line names the plan and the period, both translated.
enum OrderLineText {
    static func shown(_ name: String) -> String {
        // Shipping and a surcharge on an express order, worded as the sheet words them.
        if let method = OrderExtra.detail(inName: name, kind: .shipping) { return tr("Shipping ({0})", tr(method)) }
        if let network = OrderExtra.detail(inName: name, kind: .surcharge) { return tr("{0} surcharge", network) }
        if let period = SubscriptionPeriodLine(name) { return tr("{0}, period {1}", tr(period.plan), period.number) }
        let translated: String
        if Catalogue.table(for: Language.current)?[name] != nil || Language.current == .english {
            translated = tr(name)
        } else if let comma = name.range(of: ", ") {
            translated = tr(String(name[..<comma.lowerBound])) + name[comma.lowerBound...]
        } else {
            translated = tr(name)
        }
        return translated.replacingOccurrences(of: " -> ", with: " → ")
    }
}

/// A subscription period's order line, "Monthly jar, period 3" (`Orders.periodLine`): the plan's
/// name and the period's number, each shown in the language in force.
struct SubscriptionPeriodLine {
    let plan: String
    let number: Int

    init?(_ name: String) {
        guard let marker = name.range(of: ", period ", options: .backwards), let number = Int(name[marker.upperBound...]) else { return nil }
        plan = String(name[..<marker.lowerBound])
        self.number = number
    }
}
