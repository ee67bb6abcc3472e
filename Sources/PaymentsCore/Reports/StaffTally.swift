import Foundation
import GRDB

/// One line of a report's staff section: what one person did of one kind in the span (with the
/// same approver), in one currency: "Ana, refunds approved by Ben: 2, €13.00". Read from the
/// signed rows beside the books (a refund's and a sale's money from `ledger_entries`, the
/// drawer's from `till_movements`), never counted again.
public struct StaffTally: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case sales
        case refunds
        case paidIn = "paid_in"
        case paidOut = "paid_out"
        case noSale = "no_sale"
    }

    public let kind: Kind
    public let doneBy: StaffPerson
    public let approvedBy: StaffPerson?
    public let currency: String
    /// Positive, as the report shows it (a refund's money went out; a no-sale moved none).
    public let minorUnits: Int64
    public let count: Int

    public init(kind: Kind, doneBy: StaffPerson, approvedBy: StaffPerson?, currency: String, minorUnits: Int64, count: Int) {
        self.kind = kind
        self.doneBy = doneBy
        self.approvedBy = approvedBy
        self.currency = currency
        self.minorUnits = minorUnits
        self.count = count
    }

    private var sortKey: [String] { [String(kind.order), doneBy.name, approvedBy?.name ?? "", currency] }

    public var amount: Money? { Currency(code: currency).map { Money(minorUnits: minorUnits, currency: $0) } }

    /// The staff section of `[start, end)`, of one counter or (nil) the whole shop. Empty on a
    /// database from before staff (the audit reads old files as they are).
    static func report(_ tx: any CoreTransaction, start: Int64, end: Int64, counter: String?) throws -> [StaffTally] {
        guard try StaffRecord.tableExists(tx) else { return [] }
        let ofCounter = counter == nil ? "" : " AND COALESCE(l.counter, '') = ?"
        let scoped: [(any DatabaseValueConvertible)?] = counter.map { [$0] } ?? []
        let signer = "x.staff_id, x.staff_name, x.approved_by_id, x.approved_by_name"
        let span: [(any DatabaseValueConvertible)?] = [start, end] + scoped
        var tallies = try tx.rows("""
            SELECT 'sales' AS kind, \(signer), l.currency, SUM(l.amount_minor) AS amount, COUNT(*) AS count
            FROM ledger_entries l JOIN orders x ON x.id = l.order_id
            WHERE l.movement <> 'refund' AND x.staff_id IS NOT NULL AND l.at >= ? AND l.at < ?\(ofCounter)
            GROUP BY \(signer), l.currency
            UNION ALL
            SELECT 'refunds' AS kind, \(signer), l.currency, -SUM(l.amount_minor) AS amount, COUNT(*) AS count
            FROM ledger_entries l JOIN order_refunds x ON x.charge_refund_id = l.answer_id
            WHERE l.movement = 'refund' AND x.staff_id IS NOT NULL AND l.at >= ? AND l.at < ?\(ofCounter)
            GROUP BY \(signer), l.currency
            UNION ALL
            SELECT x.kind, \(signer), x.currency, SUM(x.amount_minor) AS amount, COUNT(*) AS count
            FROM till_movements x WHERE x.staff_id IS NOT NULL AND x.at >= ? AND x.at < ?\(ofCounter.replacingOccurrences(of: "l.", with: "x."))
            GROUP BY x.kind, \(signer), x.currency
            """, span + span + span).map(tally)
        tallies.sort { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
        return tallies
    }

    private static func tally(_ row: StoredRow) throws -> StaffTally {
        let kindText = try row.value(String.self, "kind")
        guard let kind = Kind(rawValue: kindText) else { throw UnreadableRow(table: "till_movements", column: "kind", value: kindText) }
        let approverId = row.text("approved_by_id")
        return StaffTally(kind: kind,
                          doneBy: StaffPerson(id: StaffID(rawValue: try row.value(String.self, "staff_id")), name: try row.value(String.self, "staff_name")),
                          approvedBy: try approverId.map { StaffPerson(id: StaffID(rawValue: $0), name: row.text("approved_by_name") ?? $0) },
                          currency: try row.value(String.self, "currency"), minorUnits: abs(try row.value(Int64.self, "amount")),
                          count: try row.value(Int.self, "count"))
    }
}

extension StoredRow {
    /// A text column that may be NULL.
    func text(_ column: String) -> String? {
        columns.firstIndex(of: column).flatMap { String.fromDatabaseValue(databaseValue(at: $0)) }
    }
}

extension StaffTally.Kind {
    /// The order a report lists them in: money in, money out, the drawer.
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
