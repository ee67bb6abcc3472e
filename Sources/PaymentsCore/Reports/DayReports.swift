import Clocks
import Foundation
import GRDB

/// X and Z reports on the core's database. A Z report is computed and saved in one transaction,
/// so two counters closing at once close two consecutive spans, never the same one twice; a
/// saved report is never changed (what happens after it counts in the next one).
public final class DayReports {
    private let database: any DatabaseWriter
    private let clock: Clock

    /// Takes the core's database, not its connection: the connection stays inside the core.
    public init(database: CoreDatabase, clock: Clock) {
        self.database = database.queue
        self.clock = clock
    }

    /// The X report: from the end of the last Z report until now, nothing saved.
    public func current() throws -> DayReport {
        let now = clock.now
        return try database.read { db in try Self.report(db, number: nil, from: try Self.lastClose(db), to: now) }
    }

    /// The Z report: the same, numbered and saved; the next report starts at its end.
    public func close() throws -> DayReport {
        let now = clock.now
        return try database.write { db in
            let number = (try Int.fetchOne(db, sql: "SELECT MAX(number) FROM day_reports") ?? 0) + 1
            let report = try Self.report(db, number: number, from: try Self.lastClose(db), to: now)
            let body = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
            try db.execute(sql: "INSERT INTO day_reports (number, from_at, to_at, body) VALUES (?, ?, ?, ?)",
                           arguments: [number, report.from?.milliseconds, now.milliseconds, body])
            try StoredEvents.append(NewEvent("day.closed", subject: "Z-\(number)", ["to": String(now.milliseconds)]), at: now, in: SQLiteTransaction(db))
            return report
        }
    }

    /// The saved Z reports, newest first.
    public func closed() throws -> [DayReport] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT body FROM day_reports ORDER BY number DESC").map {
                try JSONDecoder().decode(DayReport.self, from: Data($0.utf8))
            }
        }
    }

    static func lastClose(_ db: Database) throws -> Date? {
        try Int64.fetchOne(db, sql: "SELECT to_at FROM day_reports ORDER BY number DESC LIMIT 1").map { Date(milliseconds: $0) }
    }

    static func report(_ db: Database, number: Int?, from: Date?, to: Date) throws -> DayReport {
        let (start, end) = (from?.milliseconds ?? Int64.min, to.milliseconds)
        let sales = try Row.fetchAll(db, sql: """
            SELECT COALESCE(payment_kind, 'card') AS method, currency, SUM(total_minor) AS amount, COUNT(*) AS count FROM orders
            WHERE state IN ('paid', 'refunded') AND created_at >= ? AND created_at < ?
            GROUP BY method, currency ORDER BY method, currency
            """, arguments: [start, end]).map(total)
        let refunds = try Row.fetchAll(db, sql: """
            SELECT 'card' AS method, c.currency, SUM(r.amount) AS amount, COUNT(*) AS count FROM refunds r JOIN charges c ON c.id = r.charge_id
            WHERE r.created_ms >= ? AND r.created_ms < ? GROUP BY c.currency ORDER BY c.currency
            """, arguments: [start, end]).map(total)
        let voids = try Row.fetchAll(db, sql: """
            SELECT 'card' AS method, currency, SUM(amount) AS amount, COUNT(*) AS count FROM charges
            WHERE status = 'canceled' AND updated_ms >= ? AND updated_ms < ? GROUP BY currency ORDER BY currency
            """, arguments: [start, end]).map(total)
        let unsettled = try String.fetchAll(db, sql: """
            SELECT DISTINCT o.number FROM orders o JOIN stock_reservations r ON r.order_id = o.id
            WHERE o.state = 'pendingPayment' ORDER BY o.number
            """)
        return DayReport(number: number, from: from, to: to, sales: sales, refunds: refunds, voids: voids, unsettled: unsettled)
    }

    private static func total(_ row: Row) -> DayReport.Total {
        DayReport.Total(method: row["method"], currency: row["currency"], minorUnits: row["amount"], count: row["count"])
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
