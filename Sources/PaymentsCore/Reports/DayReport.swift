import Foundation

/// The end-of-day figures of a span of trading: an X report (the day so far, nothing closed) or
/// a Z report (numbered, saved, and closing the span: the next report starts where it ended).
/// Every money figure is a sum of the books (`ledger_entries`) over the span, by tender and
/// currency: what was taken in the span, whenever its order was placed.
public struct DayReport: Hashable, Sendable, Codable {
    /// Money of one tender and currency, and how many movements made it.
    public struct Total: Hashable, Sendable, Codable {
        /// The tender: `card`, `bank`, `wallet`, `mandate` (a `Tender`'s raw value); in the
        /// grand total, `all`. Reports saved before the books named the order's method here.
        public let method: String
        public let currency: String
        public let minorUnits: Int64
        public let count: Int

        public init(method: String, currency: String, minorUnits: Int64, count: Int) {
            self.method = method
            self.currency = currency
            self.minorUnits = minorUnits
            self.count = count
        }

        public var amount: Money? { Currency(code: currency).map { Money(minorUnits: minorUnits, currency: $0) } }
    }

    /// The VAT in a span's money at one rate, in one currency (`TaxAnalysis`): `net + vat ==
    /// gross`, and the grosses of a currency sum to its grand total. A refund counts with the tax
    /// its receipt gave back: its share of its order's rates (Docs/shop-settings.md, "VAT").
    public struct Tax: Hashable, Sendable, Codable {
        public let rateBasisPoints: Int
        public let currency: String
        public let grossMinor: Int64
        public let netMinor: Int64
        public let vatMinor: Int64

        public init(rateBasisPoints: Int, currency: String, grossMinor: Int64, netMinor: Int64, vatMinor: Int64) {
            self.rateBasisPoints = rateBasisPoints
            self.currency = currency
            self.grossMinor = grossMinor
            self.netMinor = netMinor
            self.vatMinor = vatMinor
        }

        init(_ part: TaxAnalysis.Part) {
            self.init(rateBasisPoints: part.rate.basisPoints, currency: part.gross.currency.code, grossMinor: part.gross.minorUnits,
                      netMinor: part.net.minorUnits, vatMinor: part.vat.minorUnits)
        }

        public var rate: TaxRate { TaxRate(basisPoints: rateBasisPoints) }
    }

    /// A sale still parked when the report was made (issue 36): not sold, not in any figure,
    /// listed so that the day's close says what was left waiting.
    public struct Parked: Hashable, Sendable, Codable {
        public let name: String
        public let counter: String?
        public let parkedAt: Date
        /// Who parked it (nil: a shop without staff).
        public let parkedBy: String?
        public let items: Int
        public let totalMinor: Int64
        public let currency: String

        public init(name: String, counter: String?, parkedAt: Date, parkedBy: String?, items: Int, totalMinor: Int64, currency: String) {
            self.name = name
            self.counter = counter
            self.parkedAt = parkedAt
            self.parkedBy = parkedBy
            self.items = items
            self.totalMinor = totalMinor
            self.currency = currency
        }

        public var total: Money? { Currency(code: currency).map { Money(minorUnits: totalMinor, currency: $0) } }
    }

    /// The Z report's number; nil for an X report.
    public let number: Int?
    /// The end of the last Z report; nil when no day was closed before.
    public let from: Date?
    public let to: Date
    /// Money taken for orders (payments), by tender and currency.
    public let sales: [Total]
    /// Money given back, by tender and currency (positive amounts).
    public let refunds: [Total]
    /// Auction holds released without capture, by currency: money that was held, never taken. A
    /// hold replaced by a raised bid is neither released nor refunded, and not counted.
    public let voids: [Total]
    /// Auction holds captured (won bids): money that was held and is now taken.
    public let captures: [Total]
    /// Sales and captures less refunds, by tender and currency.
    public let net: [Total]
    /// `net` summed over the tenders, by currency.
    public let grandTotal: [Total]
    /// Orders whose payment is in flight or not known yet, by number: the settler decides them.
    public let unsettled: [String]
    /// Whether the report was summed from the books; reports saved before the books were summed
    /// from the orders, and the audit does not hold them to the books.
    public let fromBooks: Bool
    /// The counter whose report this is (its name as the books hold it, empty for a counter
    /// without one); nil for a report of the whole shop: a saved report from before reports were
    /// per counter, or the shop's day across all counters.
    public let counter: String?
    /// The cash section: each till closed in the span (the counter's, or every counter's for
    /// the shop's day), as recorded at its close.
    public let cash: [TillSession]
    /// The VAT in the grand total, per currency and rate; empty in reports saved before VAT.
    public let taxes: [Tax]
    /// The shop's sales still parked when the report was made; empty in reports from before.
    public var parked: [Parked] = []
    /// Who did the span's signed actions (sales, refunds, cash movements), each with who
    /// approved; empty in a shop without staff and in reports saved before staff (issue 36).
    public let staff: [StaffTally]
    /// Who closed the day (a Z report), and who approved; nil for an X report or a shop without staff.
    public let closedBy: StaffSignature?
    /// The discounts the span's sales were given (issue 36); nil in reports saved before them.
    public var discounts: DiscountFigures? = nil

    public init(number: Int?, from: Date?, to: Date, sales: [Total], refunds: [Total], voids: [Total], captures: [Total], net: [Total],
                grandTotal: [Total], unsettled: [String], fromBooks: Bool = true, counter: String? = nil, cash: [TillSession] = [],
                taxes: [Tax] = [], staff: [StaffTally] = [], closedBy: StaffSignature? = nil) {
        self.taxes = taxes
        self.staff = staff
        self.closedBy = closedBy
        self.number = number
        self.from = from
        self.to = to
        self.sales = sales
        self.refunds = refunds
        self.voids = voids
        self.captures = captures
        self.net = net
        self.grandTotal = grandTotal
        self.unsettled = unsettled
        self.fromBooks = fromBooks
        self.counter = counter
        self.cash = cash
    }

    /// Nothing moved and nothing waits: a Z report of it closes an empty span.
    public var isEmpty: Bool { sales.isEmpty && refunds.isEmpty && voids.isEmpty && captures.isEmpty && unsettled.isEmpty }

    /// The key a Z report's printout is noted under in the receipt ledger (printed once); nil
    /// for an X report, printed whenever asked.
    public var printKey: String? {
        guard let number else { return nil }
        // Numbers are per counter: a named counter's key names it (an unnamed one, and a report of
        // the whole shop from before, keep the key they always had).
        guard let counter, !counter.isEmpty else { return "z-report-\(number)" }
        return "z-report-\(counter)-\(number)"
    }

    /// The cash section's figures added up per currency, over the tills it holds.
    public var cashTotals: [(currency: String, figures: CashFigures, counted: Int64)] {
        var totals: [(currency: String, figures: CashFigures, counted: Int64)] = []
        for till in cash {
            let counted = till.closing?.counted ?? 0
            if let index = totals.firstIndex(where: { $0.currency == till.currency }) {
                totals[index].figures = totals[index].figures + till.figures
                totals[index].counted += counted
            } else {
                totals.append((till.currency, till.figures, counted))
            }
        }
        return totals
    }

    private enum CodingKeys: String, CodingKey {
        case number, from, to, sales, refunds, voids, captures, net, grandTotal, unsettled, fromBooks, counter, cash, taxes, parked, staff, closedBy, discounts
    }

    /// Reads Z reports saved before the books too (no captures, net, grand total), and before
    /// reports were per counter (no counter, no cash section), before VAT (no taxes), and before
    /// discounts (none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decodeIfPresent(Int.self, forKey: .number)
        from = try container.decodeIfPresent(Date.self, forKey: .from)
        to = try container.decode(Date.self, forKey: .to)
        sales = try container.decode([Total].self, forKey: .sales)
        refunds = try container.decode([Total].self, forKey: .refunds)
        voids = try container.decode([Total].self, forKey: .voids)
        captures = try container.decodeIfPresent([Total].self, forKey: .captures) ?? []
        net = try container.decodeIfPresent([Total].self, forKey: .net) ?? []
        grandTotal = try container.decodeIfPresent([Total].self, forKey: .grandTotal) ?? []
        unsettled = try container.decode([String].self, forKey: .unsettled)
        fromBooks = try container.decodeIfPresent(Bool.self, forKey: .fromBooks) ?? false
        counter = try container.decodeIfPresent(String.self, forKey: .counter)
        cash = try container.decodeIfPresent([TillSession].self, forKey: .cash) ?? []
        taxes = try container.decodeIfPresent([Tax].self, forKey: .taxes) ?? []
        parked = try container.decodeIfPresent([Parked].self, forKey: .parked) ?? []
        staff = try container.decodeIfPresent([StaffTally].self, forKey: .staff) ?? []
        closedBy = try container.decodeIfPresent(StaffSignature.self, forKey: .closedBy)
        discounts = try container.decodeIfPresent(DiscountFigures.self, forKey: .discounts)
    }
}
