import Foundation

/// The end-of-day figures of a span of trading: an X report (the day so far, nothing closed) or
/// a Z report (numbered, saved, and closing the span: the next report starts where it ended).
public struct DayReport: Hashable, Sendable, Codable {
    /// Money of one kind and currency, and how many payments made it.
    public struct Total: Hashable, Sendable, Codable {
        /// `card`, `express`, `wallet`, `bank`.
        public let method: String
        public let currency: String
        public let minorUnits: Int64
        public let count: Int

        public var amount: Money? { Currency(code: currency).map { Money(minorUnits: minorUnits, currency: $0) } }
    }

    /// The Z report's number; nil for an X report.
    public let number: Int?
    /// The end of the last Z report; nil when no day was closed before.
    public let from: Date?
    public let to: Date
    /// Orders paid, by method and currency (an order counts when it was placed).
    public let sales: [Total]
    /// Money given back, by currency.
    public let refunds: [Total]
    /// Authorised payments released without capture (auction holds, abandoned challenges), by currency.
    public let voids: [Total]
    /// Orders whose payment is in flight or not known yet, by number: the settler decides them.
    public let unsettled: [String]

    /// The key a Z report's printout is noted under in the receipt ledger (printed once); nil
    /// for an X report, printed whenever asked.
    public var printKey: String? { number.map { "z-report-\($0)" } }
}
