/// The cash a till should hold, and where it came from: the one formula for expected cash.
///
///     expected = float + cash sales − cash refunds + paid in − paid out
///
/// Cash sales are booked at the amount due (the change already given back out of what was
/// tendered), so change does not appear again here. Every figure is in minor units of the
/// till's currency; refunds and paid out are positive (money out of the drawer).
public struct CashFigures: Hashable, Sendable, Codable {
    public var float: Int64
    public var cashSales: Int64
    public var cashRefunds: Int64
    public var paidIn: Int64
    public var paidOut: Int64

    public init(float: Int64, cashSales: Int64 = 0, cashRefunds: Int64 = 0, paidIn: Int64 = 0, paidOut: Int64 = 0) {
        self.float = float
        self.cashSales = cashSales
        self.cashRefunds = cashRefunds
        self.paidIn = paidIn
        self.paidOut = paidOut
    }

    /// What the drawer should hold.
    public var expected: Int64 { float + cashSales - cashRefunds + paidIn - paidOut }

    /// Counted less expected: positive, more in the drawer than there should be.
    public func difference(counted: Int64) -> Int64 { counted - expected }

    /// Two tills' figures added up (a report's cash total over several sessions).
    public static func + (lhs: CashFigures, rhs: CashFigures) -> CashFigures {
        CashFigures(float: lhs.float + rhs.float, cashSales: lhs.cashSales + rhs.cashSales, cashRefunds: lhs.cashRefunds + rhs.cashRefunds,
                    paidIn: lhs.paidIn + rhs.paidIn, paidOut: lhs.paidOut + rhs.paidOut)
    }

    public static let zero = CashFigures(float: 0)
}
