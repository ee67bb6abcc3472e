import Clocks
import Foundation
import GRDB

/// X and Z reports on the core's storage, on either engine, per counter: a counter's Z report
/// covers what that counter booked since its own last Z report, with the tills it closed (the
/// cash section), and is numbered in that counter's own sequence. A Z report is computed and
/// saved in one transaction, so two windows of one counter closing at once close two consecutive
/// spans, never the same one twice (the report's number is its key: the one that lost it computes
/// its report again, from the other's end); a saved report is never changed (what happens after
/// it counts in the next one). The shop's day (`shopDay`) sums every counter's entries of a day,
/// apart from any counter's Z.
///
/// Z reports saved before reports were per counter closed the whole database: they count as
/// every counter's last close, and each counter's numbers go on from theirs.
public final class DayReports {
    private let store: any CoreStore
    private let clock: Clock
    /// The counter as the books name it; empty: a counter without a name (its entries have none).
    public let counter: String

    /// What a report sums: one counter's entries, or every counter's.
    enum Scope: Equatable {
        case counter(String)
        case shop
    }

    /// Takes the core's database, not its connection: the connection stays inside the core.
    public convenience init(database: CoreDatabase, clock: Clock, counter: String? = nil) {
        self.init(store: database.store, clock: clock, counter: counter)
    }

    public init(store: any CoreStore, clock: Clock, counter: String? = nil) {
        self.store = store
        self.clock = clock
        self.counter = counter ?? ""
    }

    /// The X report: from the end of this counter's last Z report until now, nothing saved.
    public func current() throws -> DayReport {
        let now = clock.now
        return try store.read { tx in
            var report = try Self.report(tx, number: nil, scope: .counter(counter), from: try Self.lastClose(tx, counter: counter), to: now)
            report = report.with(cash: try Self.tillsNotReported(tx, counter: counter))
            report.parked = try ParkedSales.parked(tx).map(\.summary)
            return report
        }
    }

    /// The Z report: the same, numbered and saved; this counter's next report starts at its end.
    /// `signedBy` names who closed the day (a manager, or approved by one: refused otherwise
    /// with `StaffError`); nil in a shop without staff.
    public func close(signedBy signature: StaffSignature? = nil) throws -> DayReport {
        let now = clock.now
        // Windows closing together each try the next number; all but one find it taken and try
        // again from the report that took it, so a few turns are enough.
        for _ in 1..<Self.closingTurns {
            do { return try close(at: now, signedBy: signature) } catch StorageError.duplicate { continue }
        }
        return try close(at: now, signedBy: signature)
    }

    /// The shop's day across all counters of a fleet: every entry booked in `[from, to)` and every
    /// till closed then, whichever counter; nothing saved, nothing closed.
    public func shopDay(from: Date, to: Date) throws -> DayReport {
        try store.read { tx in
            let report = try Self.report(tx, number: nil, scope: .shop, from: from, to: to)
            let tills = try tx.fetchAll(TillSessionRecord.self, """
                SELECT * FROM till_sessions WHERE state = ? AND closed_at >= ? AND closed_at < ?
                ORDER BY closed_at, \(tx.engine.bytewise("counter"))
                """, TillSessionState.closed, from.milliseconds, to.milliseconds)
            return report.with(cash: try tills.map { try Tills.closedSession(tx, $0) })
        }
    }

    private static let closingTurns = 16

    private func close(at now: Date, signedBy signature: StaffSignature?) throws -> DayReport {
        try store.write { tx in
            try StaffCheck.require(.closeDay, by: signature, in: tx)
            // The row's key runs over the whole fleet; the report's number over this counter's
            // reports (and those from before reports were per counter).
            let row = (try tx.fetchValue(Int.self, "SELECT MAX(number) FROM day_reports") ?? 0) + 1
            let number = (try tx.fetchValue(Int.self, """
                SELECT MAX(COALESCE(counter_number, number)) FROM day_reports WHERE counter = ? OR counter IS NULL
                """, counter) ?? 0) + 1
            var report = try Self.report(tx, number: number, scope: .counter(counter), from: try Self.lastClose(tx, counter: counter), to: now)
            report = report.with(cash: try Self.tillsNotReported(tx, counter: counter)).closed(by: signature)
            report.parked = try ParkedSales.parked(tx).map(\.summary)
            let body = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
            try tx.execute("""
                INSERT INTO day_reports (number, from_at, to_at, body, counter, counter_number, staff_id, staff_name, approved_by_id,
                  approved_by_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, row, report.from?.milliseconds, now.milliseconds, body, counter, number, signature?.doneBy.id.rawValue,
                           signature?.doneBy.name, signature?.approvedBy?.id.rawValue, signature?.approvedBy?.name)
            try tx.execute("UPDATE till_sessions SET day_report = ? WHERE counter = ? AND state = ? AND day_report IS NULL",
                           row, counter, TillSessionState.closed)
            let subject = counter.isEmpty ? "Z-\(number)" : "Z-\(counter)-\(number)"
            try StoredEvents.append(NewEvent("day.closed", subject: subject, ["to": String(now.milliseconds), "counter": counter]
                .merging(signature?.eventFields ?? [:]) { first, _ in first }), at: now, in: tx)
            try Journal.recordZReport(tx, report, subject: subject, at: now)
            return report
        }
    }

    /// This counter's saved Z reports (and those of the whole shop from before), newest first.
    public func closed() throws -> [DayReport] {
        try store.read { tx in
            try tx.fetchValues(String.self, "SELECT body FROM day_reports WHERE counter = ? OR counter IS NULL ORDER BY number DESC", counter).map {
                try JSONDecoder().decode(DayReport.self, from: Data($0.utf8))
            }
        }
    }

    /// The end of `counter`'s last Z report (or of the last one from before they were per counter).
    static func lastClose(_ tx: any CoreTransaction, counter: String) throws -> Date? {
        try tx.fetchValue(Int64.self, "SELECT MAX(to_at) FROM day_reports WHERE counter = ? OR counter IS NULL", counter)
            .map { Date(milliseconds: $0) }
    }

    /// The counter's tills closed and in no Z report yet, oldest first: the next Z report's cash section.
    static func tillsNotReported(_ tx: any CoreTransaction, counter: String) throws -> [TillSession] {
        try tx.fetchAll(TillSessionRecord.self, """
            SELECT * FROM till_sessions WHERE counter = ? AND state = ? AND day_report IS NULL ORDER BY closed_at
            """, counter, TillSessionState.closed).map { try Tills.closedSession(tx, $0) }
    }

    /// The figures of `[from, to)`, summed from the books. Sums of minor units are read as
    /// integers on both engines (the server's `SUM` of a `BIGINT` is a `NUMERIC`, typed back as an
    /// integer by the seam); lists come out in byte order on both.
    static func report(_ tx: any CoreTransaction, number: Int?, scope: Scope, from: Date?, to: Date) throws -> DayReport {
        let (start, end) = (from?.milliseconds ?? Int64.min, to.milliseconds)
        // A counter's own entries; an entry booked by no counter is the unnamed counter's.
        let counterKey: String? = if case let .counter(key) = scope { key } else { nil }
        let ofCounter = counterKey == nil ? "" : " AND COALESCE(counter, '') = ?"
        let scoped: [(any DatabaseValueConvertible)?] = counterKey.map { [$0] } ?? []
        // One pass over the span's entries, by movement, tender and currency; the net and the grand
        // total are sums of these sums, not further reads of the books.
        let booked = try tx.rows("""
            SELECT movement, tender AS method, currency, SUM(amount_minor) AS amount, COUNT(*) AS count FROM ledger_entries
            WHERE at >= ? AND at < ?\(ofCounter)
            GROUP BY movement, tender, currency ORDER BY \(tx.engine.bytewise("tender")), \(tx.engine.bytewise("currency"))
            """, [start, end] as [(any DatabaseValueConvertible)?] + scoped).map { row in (movement: try row.value(String.self, "movement"), total: try total(row)) }
        func moved(_ movement: LedgerMovement) -> [DayReport.Total] { booked.filter { $0.movement == movement.rawValue }.map(\.total) }
        let sales = moved(.payment)
        let captures = moved(.capture)
        // Money out is negative in the books and positive in a report's refunds.
        let refunds = moved(.refund).map { DayReport.Total(method: $0.method, currency: $0.currency, minorUnits: -$0.minorUnits, count: $0.count) }
        let net = Self.summed(booked.map(\.total)) { $0.method }
        let grandTotal = Self.summed(net) { _ in "all" }.sorted { $0.currency.utf8.lexicographicallyPrecedes($1.currency.utf8) }
        // Holds (never captured) released; a hold a raised bid replaced moved no money either way.
        // A hold names no counter: the shop's and the unnamed counter's reports show them.
        let voids = counterKey?.isEmpty == false ? [] : try tx.rows("""
            SELECT 'card' AS method, c.currency, SUM(c.amount) AS amount, COUNT(*) AS count FROM charges c
            WHERE c.status = 'canceled' AND NOT c.capture AND c.updated_ms >= ? AND c.updated_ms < ?
              AND NOT EXISTS (SELECT 1 FROM auction_bids b WHERE b.hold_id = c.id AND b.state = 'raised')
            GROUP BY c.currency ORDER BY \(tx.engine.bytewise("c.currency"))
            """, start, end).map(total)
        // An order's number is its own (unique): no DISTINCT needed, which the server would not
        // let order by a byte-order expression.
        let unsettled = try tx.rows("""
            SELECT o.number FROM orders o
            WHERE o.state = 'pendingPayment' AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id)\(ofCounter.replacingOccurrences(of: "counter", with: "o.counter"))
            ORDER BY \(tx.engine.bytewise("o.number"))
            """, scoped).map { try $0.value(String.self, at: 0) }
        var report = DayReport(number: number, from: from, to: to, sales: sales, refunds: refunds, voids: voids, captures: captures, net: net,
                               grandTotal: grandTotal, unsettled: unsettled, counter: counterKey,
                               taxes: try BookedTax.report(tx, start: start, end: end, counter: counterKey),
                               staff: try StaffTally.report(tx, start: start, end: end, counter: counterKey))
        report.discounts = try DiscountFigures.read(tx, start: start, end: end, counter: counterKey)
        return report
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

    /// Issue 35: a Z report per counter, numbered per counter (`number` stays the row's key over
    /// the fleet). Reports from before keep NULL in both: they closed the whole shop.
    static func registerPerCounter(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("reports-v2-per-counter") { db in
            try db.execute(sql: """
                ALTER TABLE day_reports ADD COLUMN counter TEXT;
                ALTER TABLE day_reports ADD COLUMN counter_number INTEGER;
                CREATE UNIQUE INDEX day_reports_counter_number ON day_reports(counter, counter_number);
                """)
        }
    }
}

extension DayReport {
    /// The same report with its cash section.
    func with(cash: [TillSession]) -> DayReport {
        var report = DayReport(number: number, from: from, to: to, sales: sales, refunds: refunds, voids: voids, captures: captures, net: net,
                               grandTotal: grandTotal, unsettled: unsettled, fromBooks: fromBooks, counter: counter, cash: cash, taxes: taxes,
                               staff: staff, closedBy: closedBy)
        report.parked = parked
        report.discounts = discounts
        return report
    }

    /// The same report, closed by `signature`.
    func closed(by signature: StaffSignature?) -> DayReport {
        var report = DayReport(number: number, from: from, to: to, sales: sales, refunds: refunds, voids: voids, captures: captures, net: net,
                               grandTotal: grandTotal, unsettled: unsettled, fromBooks: fromBooks, counter: counter, cash: cash, taxes: taxes,
                               staff: staff, closedBy: signature)
        report.parked = parked
        report.discounts = discounts
        return report
    }
}
