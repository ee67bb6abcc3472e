import Foundation
import GRDB

/// The discounts of a report's span: in total, by reason and by the person who gave them, per
/// currency. A discount counts in the span its order was first paid in (its first payment or
/// capture in the books), at the counter that took that payment: the span whose sales it lowered.
public struct DiscountFigures: Hashable, Sendable, Codable {
    /// What discounts of one key and currency took, and how many there were.
    public struct Sum: Hashable, Sendable, Codable {
        /// A reason's code, a person's name ("" for nobody: a shop without staff), or "all".
        public let key: String
        public let currency: String
        public let minorUnits: Int64
        public let count: Int

        public var amount: Money? { Currency(code: currency).map { Money(minorUnits: minorUnits, currency: $0) } }
    }

    public let total: [Sum]
    public let byReason: [Sum]
    /// By who gave them.
    public let byPerson: [Sum]
    /// Those a manager approved (above the cashier's ceiling), by the manager.
    public let byApprover: [Sum]

    public static let none = DiscountFigures(total: [], byReason: [], byPerson: [], byApprover: [])
    public var isEmpty: Bool { total.isEmpty }

    static func read(_ tx: any CoreTransaction, start: Int64, end: Int64, counter: String?) throws -> DiscountFigures {
        guard try OrderDiscountRecord.tableExists(tx) else { return .none }
        let ofCounter = counter == nil ? "" : " AND COALESCE(e.counter, '') = ?"
        let paid = "e.movement IN ('\(LedgerMovement.payment.rawValue)', '\(LedgerMovement.capture.rawValue)')"
        let rows = try tx.rows("""
            SELECT d.reason, COALESCE(d.staff_name, '') AS person, d.approved_by_name AS approver, d.currency, d.amount_minor FROM order_discounts d
            WHERE d.amount_minor > 0 AND d.order_id IN (
              SELECT e.order_id FROM ledger_entries e WHERE \(paid) AND e.at >= ? AND e.at < ?\(ofCounter)
                AND NOT EXISTS (SELECT 1 FROM ledger_entries f WHERE f.order_id = e.order_id AND f.at < e.at
                                AND f.movement IN ('\(LedgerMovement.payment.rawValue)', '\(LedgerMovement.capture.rawValue)')))
            ORDER BY d.given_at, \(tx.engine.bytewise("d.order_id")), d.seq
            """, [start, end] as [(any DatabaseValueConvertible)?] + (counter.map { [$0] } ?? []))
        let given = try rows.map { row in
            (reason: try row.value(String.self, "reason"), person: try row.value(String.self, "person"),
             approver: try row.value(String?.self, "approver"),
             currency: try row.value(String.self, "currency"), amount: try row.value(Int64.self, "amount_minor"))
        }
        func summed(_ key: ((reason: String, person: String, approver: String?, currency: String, amount: Int64)) -> String?) -> [Sum] {
            var sums: [Sum] = []
            for discount in given {
                guard let name = key(discount) else { continue }
                if let index = sums.firstIndex(where: { $0.key == name && $0.currency == discount.currency }) {
                    sums[index] = Sum(key: name, currency: discount.currency, minorUnits: sums[index].minorUnits + discount.amount,
                                      count: sums[index].count + 1)
                } else {
                    sums.append(Sum(key: name, currency: discount.currency, minorUnits: discount.amount, count: 1))
                }
            }
            return sums.sorted { ($0.currency, $0.key) < ($1.currency, $1.key) }
        }
        return DiscountFigures(total: summed { _ in "all" }, byReason: summed(\.reason), byPerson: summed(\.person), byApprover: summed(\.approver))
    }
}
