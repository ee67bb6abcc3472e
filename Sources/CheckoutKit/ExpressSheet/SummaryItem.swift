import PaymentsCore
/// One line of the sheet's summary. The last line is the total, labelled with the merchant's name
/// ("Pay Honey Store"), as PassKit's `PKPaymentSummaryItem` list is.
public struct SummaryItem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The amount is known.
        case final
        /// Not known yet (e.g. a taxi fare): shown as "amount pending".
        case pending
    }

    /// What the line is; the view words it (`label`).
    public enum Caption: Hashable, Sendable {
        /// Given by whoever made the line (goods, the merchant's total): shown as given.
        case given(String)
        /// Shipping by the method of this name.
        case shipping(method: String)
        /// The card network's surcharge.
        case surcharge(network: String)
        /// Import duties, calculated on delivery.
        case importDuties
    }

    public var caption: Caption
    public var amount: Money
    public var kind: Kind

    public init(caption: Caption, amount: Money, kind: Kind = .final) {
        self.caption = caption
        self.amount = amount
        self.kind = kind
    }

    public init(label: String, amount: Money, kind: Kind = .final) {
        self.init(caption: .given(label), amount: amount, kind: kind)
    }

    /// Lines followed by their total, labelled with the merchant's name. Nil when the lines mix
    /// currencies (or overflow). The total is `.pending` if any line is.
    public static func withTotal(_ lines: [SummaryItem], merchantName: String, currency: Currency) -> [SummaryItem]? {
        var total = Money.zero(currency)
        for line in lines {
            guard let sum = try? total.adding(line.amount) else { return nil }
            total = sum
        }
        let kind: Kind = lines.contains { $0.kind == .pending } ? .pending : .final
        return lines + [SummaryItem(label: merchantName, amount: total, kind: kind)]
    }

    /// Why a list is not a valid summary, or nil if it is.
    public static func problem(in items: [SummaryItem], merchantName: String) -> String? {
        guard let total = items.last else { return "no summary items: the total is missing" }
        guard total.caption == .given(merchantName) else {
            let found = if case .given(let text) = total.caption { text } else { "\(total.caption)" }
            return "the last item is the total and must be labelled \"\(merchantName)\", not \"\(found)\""
        }
        guard Set(items.map(\.amount.currency)).count == 1 else { return "summary items mix currencies" }
        return nil
    }
}

/// A way to ship, with its cost.
public struct ShippingMethod: Hashable, Identifiable, Sendable {
    public let id: String
    public var label: String
    public var detail: String
    public var amount: Money

    public init(id: String, label: String, detail: String = "", amount: Money) {
        self.id = id
        self.label = label
        self.detail = detail
        self.amount = amount
    }
}

/// The card the customer picked on the sheet (never its number: brand, type and a display name).
public struct ExpressPaymentMethod: Hashable, Sendable {
    public enum CardType: Hashable, Sendable { case credit, debit, prepaid }
    public let displayName: String
    public let network: String
    public let type: CardType

    public init(displayName: String, network: String, type: CardType) {
        self.displayName = displayName
        self.network = network
        self.type = type
    }
}
