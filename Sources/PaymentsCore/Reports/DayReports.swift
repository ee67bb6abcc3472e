import Clocks
import Foundation
import GRDB

/// X and Z reports on the core's storage, on either engine. A Z report is computed and saved
/// in one transaction, so two counters closing at once close two consecutive spans, never the
/// same one twice (the report's number is its key: the counter that lost it computes its report
/// again, from the other's end); a saved report is never changed (what happens after it counts
/// in the next one).
public final class DayReports {
    private let store: any CoreStore
    private let clock: Clock

    /// Takes the core's database, not its connection: the connection stays inside the core.
    public convenience init(database: CoreDatabase, clock: Clock) {
        self.init(store: database.store, clock: clock)
    }

    public init(store: any CoreStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    /// The X report: from the end of the last Z report until now, nothing saved.
    public func current() throws -> DayReport {
        let now = clock.now
        return try store.read { tx in try Self.report(tx, number: nil, from: try Self.lastClose(tx), to: now) }
    }

    /// The Z report: the same, numbered and saved; the next report starts at its end.
    public func close() throws -> DayReport {
        let now = clock.now
        // Counters closing together each try the next number; all but one find it taken and try
        // again from the report that took it, so a few turns are enough for a fleet.
        for _ in 1..<Self.closingTurns {
            do { return try close(at: now) } catch StorageError.duplicate { continue }
        }
        return try close(at: now)
    }

    private static let closingTurns = 16

    private func close(at now: Date) throws -> DayReport {
        try store.write { tx in
            let number = (try tx.fetchValue(Int.self, "SELECT MAX(number) FROM day_reports") ?? 0) + 1
            let report = try Self.report(tx, number: number, from: try Self.lastClose(tx), to: now)
            let body = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
            try tx.execute("INSERT INTO day_reports (number, from_at, to_at, body) VALUES (?, ?, ?, ?)",
                           number, report.from?.milliseconds, now.milliseconds, body)
            try StoredEvents.append(NewEvent("day.closed", subject: "Z-\(number)", ["to": String(now.milliseconds)]), at: now, in: tx)
            try Journal.recordZReport(tx, report, at: now)
            return report
        }
    }

    /// The saved Z reports, newest first.
    public func closed() throws -> [DayReport] {
        try store.read { tx in
            try tx.fetchValues(String.self, "SELECT body FROM day_reports ORDER BY number DESC").map {
                try JSONDecoder().decode(DayReport.self, from: Data($0.utf8))
            }
        }
    }

    static func lastClose(_ tx: any CoreTransaction) throws -> Date? {
        try tx.fetchValue(Int64.self, "SELECT to_at FROM day_reports ORDER BY number DESC LIMIT 1").map { Date(milliseconds: $0) }
    }

    /// The figures of `[from, to)`, summed from the books. Sums of minor units are read as
    /// integers on both engines (the server's `SUM` of a `BIGINT` is a `NUMERIC`, typed back as an
    /// integer by the seam); lists come out in byte order on both.
    static func report(_ tx: any CoreTransaction, number: Int?, from: Date?, to: Date) throws -> DayReport {
        let (start, end) = (from?.milliseconds ?? Int64.min, to.milliseconds)
        // One pass over the span's entries, by movement, tender and currency; the net and the grand
        // total are sums of these sums, not further reads of the books.
        let booked = try tx.rows("""
            SELECT movement, tender AS method, currency, SUM(amount_minor) AS amount, COUNT(*) AS count FROM ledger_entries
            WHERE at >= ? AND at < ?
            GROUP BY movement, tender, currency ORDER BY \(tx.engine.bytewise("tender")), \(tx.engine.bytewise("currency"))
            """, start, end).map { row in (movement: try row.value(String.self, "movement"), total: try total(row)) }
        func moved(_ movement: LedgerMovement) -> [DayReport.Total] { booked.filter { $0.movement == movement.rawValue }.map(\.total) }
        let sales = moved(.payment)
        let captures = moved(.capture)
        // Money out is negative in the books and positive in a report's refunds.
        let refunds = moved(.refund).map { DayReport.Total(method: $0.method, currency: $0.currency, minorUnits: -$0.minorUnits, count: $0.count) }
        let net = Self.summed(booked.map(\.total)) { $0.method }
        let grandTotal = Self.summed(net) { _ in "all" }.sorted { $0.currency.utf8.lexicographicallyPrecedes($1.currency.utf8) }
        // Holds (never captured) released; a hold a raised bid replaced moved no money either way.
        let voids = try tx.rows("""
            SELECT 'card' AS method, c.currency, SUM(c.amount) AS amount, COUNT(*) AS count FROM charges c
            WHERE c.status = 'canceled' AND NOT c.capture AND c.updated_ms >= ? AND c.updated_ms < ?
              AND NOT EXISTS (SELECT 1 FROM auction_bids b WHERE b.hold_id = c.id AND b.state = 'raised')
            GROUP BY c.currency ORDER BY \(tx.engine.bytewise("c.currency"))
            """, start, end).map(total)
        // An order's number is its own (unique): no DISTINCT needed, which the server would not
        // let order by a byte-order expression.
        let unsettled = try tx.fetchValues(String.self, """
            SELECT o.number FROM orders o
            WHERE o.state = 'pendingPayment' AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id)
            ORDER BY \(tx.engine.bytewise("o.number"))
            """)
        return DayReport(number: number, from: from, to: to, sales: sales, refunds: refunds, voids: voids, captures: captures, net: net,
                         grandTotal: grandTotal, unsettled: unsettled)
    }

    /// Totals of the same method (as `method` names it) and currency added up, in the order each
    /// first appears.
    private static func summed(_ totals: [DayReport.Total], method: (DayReport.Total) -> String) -> [DayReport.Total] {
        var sums: [DayReport.Total] = []
        for total in totals {
            let key = method(total)
            if let index = sums.firstIndex(where: { $0.method == key && $0.currency == total.currency }) {
                let sum = sums[index]
                sums[index] = DayReport.Total(method: key, currency: sum.currency, minorUnits: sum.minorUnits + total.minorUnits,
                                              count: sum.count + total.count)
            } else {
                sums.append(DayReport.Total(method: key, currency: total.currency, minorUnits: total.minorUnits, count: total.count))
            }
        }
        return sums
    }

    private static func total(_ row: StoredRow) throws -> DayReport.Total {
        DayReport.Total(method: try row.value(String.self, "method"), currency: try row.value(String.self, "currency"),
                        minorUnits: try row.value(Int64.self, "amount"), count: try row.value(Int.self, "count"))
    }
}

/// The Z reports' table: additive.
enum DayReportMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("reports-v1-day-reports") { db in
            try db.execute(sql: """
                CREATE TABLE day_reports (number INTEGER PRIMARY KEY, from_at INTEGER, to_at INTEGER NOT NULL, body TEXT NOT NULL);
                """)
        }
    }
}
