import Foundation
import GRDB
import Testing
@testable import PaymentsCore

/// A database made before times were milliseconds (commerce and ledger tables in `DOUBLE`
/// seconds) opens with every time converted exactly, to the millisecond.
@Suite struct MillisecondTimesMigrationTests {
    /// 2026-11-22T10:00:00.123Z and a few moments after it, in seconds as the old schema kept them.
    static let seconds = 1_795_341_600.123
    static let milliseconds: Int64 = 1_795_341_600_123

    // SQLite-only: a file made by an older counter; the server's tables were milliseconds from
    // their first migration (mirrored from SQLite's schema after this conversion), so none is old.
    @Test func anOldDatabaseKeepsEveryTimeToTheMillisecond() throws {
        let queue = try DatabaseQueue()
        // The schema as the last release left it: every migration up to the ledger's, and the receipts' first.
        try Self.commerce.migrate(queue, upTo: "ledger-v1-owners-and-attempts")
        try Self.receipts.migrate(queue, upTo: "receipts-v1-printers-and-prints")
        try queue.write { db in try Self.insertOldRows(db) }
        let auctionClose = try queue.read { db in try Double.fetchOne(db, sql: "SELECT closes_at FROM auctions WHERE id = 'auction-lx40'") }

        try Self.commerce.migrate(queue)
        try Self.receipts.migrate(queue)

        try queue.read { db in
            for (table, columns) in Self.timeColumns {
                for (offset, column) in columns.enumerated() {
                    let stored = try Row.fetchOne(db, sql: "SELECT typeof(\(column)) AS type, \(column) AS value FROM \(table) LIMIT 1")
                    #expect((stored?["type"] as String?) == "integer", "\(table).\(column)")
                    #expect((stored?["value"] as Int64?) == Self.milliseconds + Int64(offset), "\(table).\(column)")
                    let declared = try db.columns(in: table).first { $0.name == column }?.type
                    #expect(declared == "INTEGER", "\(table).\(column) is declared \(declared ?? "nothing")")
                }
            }
            let closes = try Int64.fetchOne(db, sql: "SELECT closes_at FROM auctions WHERE id = 'auction-lx40'")
            #expect(closes == auctionClose.map { Int64(($0 * 1000).rounded()) } && closes == 1_795_255_200_000, "the seeded auctions too")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM auction_seed") == 1, "a database seeded by the old migration is not seeded again")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM order_lines") == 1, "rows referencing a rebuilt table stay")
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            #expect(Set(["orders_state", "auction_bids_state", "receipts_orders_by_owner"]).isSubset(of: Set(indexes)))
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        // What the core reads back is the same instant.
        let order = try queue.read { db in try Order.load(db, id: "ord_old") }
        #expect(order?.createdAt == Date(milliseconds: Self.milliseconds))
    }

    // SQLite-only: `LedgerFile` opens a file without migrating it; no server ever held seconds.
    @Test func theAuditRefusesAFileWhoseTimesAreStillSeconds() throws {
        let path = try temporaryDirectory() + "/old.sqlite"
        let queue = try DatabaseQueue(path: path)
        try Self.commerce.migrate(queue, upTo: "ledger-v1-owners-and-attempts")
        #expect(throws: LedgerFile.OpenError.self) { try LedgerFile.openReadOnly(path: path).close() }
        try Self.commerce.migrate(queue)
        try queue.close()
        #expect(throws: Never.self) { try LedgerFile.openReadOnly(path: path).close() }
    }

    /// Every time column of the old schema, in the order `insertOldRows` gives them
    /// `seconds`, `seconds + 0.001`, ...
    static let timeColumns: [(String, [String])] = [
        ("carts", ["created_at"]),
        ("orders", ["created_at", "updated_at"]),
        ("subscriptions", ["period_start", "period_end", "anchor", "next_retry_at", "canceled_at", "created_at"]),
        ("subscription_history", ["at"]),
        ("renewal_attempts", ["at"]),
        ("sources", ["consumes_at", "created_at", "updated_at"]),
        ("bank_resources", ["decides_at", "authorized_at", "created_at", "expires_at", "updated_at"]),
        ("auction_bids", ["created_at", "updated_at"]),
        ("counter_instances", ["started_at", "seen_at", "ended_at"]),
        ("receipt_printers", ["registered_at"]),
        ("receipt_prints", ["first_printed_at", "last_printed_at"]),
    ]

    static var commerce: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        CoreMigrations.register(in: &migrator)
        CommerceMigrations.register(in: &migrator)
        return migrator
    }

    static var receipts: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        ReceiptLedger.register(in: &migrator)
        return migrator
    }

    static func insertOldRows(_ db: Database) throws {
        func t(_ offset: Int) -> Double { seconds + Double(offset) / 1000 }
        try db.execute(sql: "INSERT INTO carts (id, session_key, created_at) VALUES ('cart_old', 'session', ?)", arguments: [t(0)])
        try db.execute(sql: """
            INSERT INTO orders (id, number, session_key, state, total_minor, currency, created_at, updated_at, owner)
            VALUES ('ord_old', 'HS-000001', 'session', 'paid', 1250, 'EUR', ?, ?, 'ctr_old')
            """, arguments: [t(0), t(1)])
        try db.execute(sql: """
            INSERT INTO order_lines (order_id, position, product_id, name, unit_minor, quantity)
            VALUES ('ord_old', 0, 'honey-acacia', 'Acacia honey', 1250, 1)
            """)
        try db.execute(sql: """
            INSERT INTO subscriptions (id, customer_id, plan_id, payer_kind, payer_ref, state, period_index, period_start, period_end,
              anchor, next_retry_at, canceled_at, created_at) VALUES ('sub_old', 'cus_old', 'plan', 'card', 'pm_old', 'canceled', 0, ?, ?, ?, ?, ?, ?)
            """, arguments: [t(0), t(1), t(2), t(3), t(4), t(5)])
        try db.execute(sql: "INSERT INTO subscription_history (subscription_id, at, to_state, note) VALUES ('sub_old', ?, 'active', '')",
                       arguments: [t(0)])
        try db.execute(sql: """
            INSERT INTO renewal_attempts (subscription_id, period_index, attempt, at, succeeded) VALUES ('sub_old', 1, 0, ?, 1)
            """, arguments: [t(0)])
        try db.execute(sql: """
            INSERT INTO sources (id, amount_minor, currency, description, type, flow, metadata, status, consumes_at, created_at, updated_at)
            VALUES ('src_old', 1250, 'EUR', 'Honey Store order HS-000001', 'card', 'inApp', '{}', 'consumed', ?, ?, ?)
            """, arguments: [t(0), t(1), t(2)])
        try db.execute(sql: """
            INSERT INTO bank_resources (id, kind, token, amount_minor, currency, reference, status, decides_at, authorized_at,
              created_at, expires_at, updated_at) VALUES ('bpay_old', 'payment', 'rt_old', 1250, 'EUR', 'HS-000001', 'settled', ?, ?, ?, ?, ?)
            """, arguments: [t(0), t(1), t(2), t(3), t(4)])
        // The closed auction as the old seed migration wrote it (the seed now runs when the
        // commerce opens, on its clock): seconds, as every time then.
        try db.execute(sql: """
            INSERT INTO auctions (id, position, title, flight, route, flight_date, cabin, start_bid_minor, increment_minor,
              currency, closes_at, terms, tips) VALUES ('auction-lx40', 2, 'Upgrade to First', 'LX 40', 'ZRH -> LAX', '2026-11-20',
              'First', 90000, 5000, 'EUR', 1795255200.0, '', '')
            """)
        try db.execute(sql: """
            INSERT INTO auction_bids (id, auction_id, customer_id, bid_minor, state, created_at, updated_at)
            VALUES ('bid_old', 'auction-lx40', 'cus_old', 90000, 'lost', ?, ?)
            """, arguments: [t(0), t(1)])
        try db.execute(sql: "INSERT INTO counter_instances (id, host, pid, started_at, seen_at, ended_at) VALUES ('ctr_old', 'till', 1, ?, ?, ?)",
                       arguments: [t(0), t(1), t(2)])
        try db.execute(sql: "INSERT INTO receipt_printers (instance_id, registered_at) VALUES ('ctr_old', ?)", arguments: [t(0)])
        try db.execute(sql: """
            INSERT INTO receipt_prints (order_number, first_printed_at, last_printed_at, copies) VALUES ('HS-000001', ?, ?, 1)
            """, arguments: [t(0), t(1)])
    }
}
