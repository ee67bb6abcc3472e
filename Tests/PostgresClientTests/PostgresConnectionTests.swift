import Foundation
import PostgresClient
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PostgresConnectionTests {
    @Test func theURLsTheCounterAcceptsGoToLibpqAsTheyAre() {
        let none: [String: String] = [:]
        #expect(PostgresConnection.conninfo("postgres://counter@db.shop/checkout", environment: none)
            == "postgres://counter@db.shop/checkout?connect_timeout=5", "a server that does not answer never freezes the loop for minutes")
        #expect(PostgresConnection.conninfo("postgresql:///checkout?host=/run/postgresql", environment: none)
            == "postgresql:///checkout?host=/run/postgresql&connect_timeout=5")
        #expect(PostgresConnection.conninfo("postgres://db/shop?connect_timeout=1", environment: none) == "postgres://db/shop?connect_timeout=1")
        #expect(PostgresConnection.conninfo("postgres://db/shop", environment: ["PGCONNECT_TIMEOUT": "9"]) == "postgres://db/shop")
        #expect(PostgresConnection.conninfo("postgres:", environment: none) == "connect_timeout=5", "libpq's environment: PGHOST, PGDATABASE...")
        #expect(PostgresConnection.conninfo("postgres:", environment: ["PGCONNECT_TIMEOUT": "9"]) == "")
        #expect(PostgresConnection.conninfo("/var/lib/counter.sqlite") == nil)
        #expect(PostgresConnection.conninfo(":memory:") == nil)
        #expect(throws: PostgresError.self) { try PostgresConnection(url: "counter.sqlite") }
    }

    @Test func parametersGoInAndTypedValuesComeBack() throws {
        let db = try PostgresConnection(url: try SuiteDatabase.freshSchema())
        try db.execute("CREATE TABLE jars (name TEXT, grams BIGINT, organic BOOLEAN, label BYTEA, note TEXT)")
        let label = Data((0...255).map(UInt8.init))
        let name = "Acacia 'clear' \\ honey, ÿ 蜂蜜"
        try db.execute("INSERT INTO jars VALUES ($1, $2, $3, $4, $5)", [name, Int64.max, true, label, nil])
        let rows = try db.query("SELECT * FROM jars WHERE name = $1", [name])
        let row = try #require(rows.first)
        #expect(try row.string("name") == name)
        #expect(try row.int64("grams") == Int64.max)
        #expect(try row.bool("organic"))
        #expect(try row.data("label") == label)
        #expect(try row.text("note") == nil)
        #expect(throws: PostgresRowError.unexpectedNull("note")) { try row.string("note") }
        #expect(throws: PostgresRowError.noSuchColumn("weight")) { try row.int64("weight") }
        #expect(try db.execute("UPDATE jars SET grams = grams - 1").affectedRows == 1)
    }

    /// A `SELECT` counts its rows too: only the tag's command tells a change from a read (the
    /// fault simulator fails only commits that changed something).
    @Test func theCommandTagTellsWhatChangedRows() throws {
        let db = try PostgresConnection(url: try SuiteDatabase.freshSchema())
        try db.execute("CREATE TABLE keys (key TEXT PRIMARY KEY)")
        let insert = try db.execute("INSERT INTO keys VALUES ($1) RETURNING key", ["order-1"])
        #expect(insert.command == "INSERT" && insert.affectedRows == 1 && insert.changedRows && insert.rows.count == 1)
        let conflict = try db.execute("INSERT INTO keys VALUES ($1) ON CONFLICT DO NOTHING", ["order-1"])
        #expect(conflict.command == "INSERT" && !conflict.changedRows)
        let select = try db.execute("SELECT key FROM keys")
        #expect(select.command == "SELECT" && select.affectedRows == 1 && !select.changedRows)
        try db.execute("BEGIN")
        let locked = try db.execute("SELECT key FROM keys FOR UPDATE")
        #expect(locked.affectedRows == 1 && !locked.changedRows)
        #expect(try db.execute("DELETE FROM keys").changedRows)
        try db.execute("ROLLBACK")
        #expect(try !db.execute("UPDATE keys SET key = 'x' WHERE key = 'none'").changedRows)
    }

    @Test func errorsCarryTheServersSQLState() throws {
        let db = try PostgresConnection(url: try SuiteDatabase.freshSchema())
        try db.execute("CREATE TABLE keys (key TEXT PRIMARY KEY)")
        try db.execute("INSERT INTO keys VALUES ($1)", ["order-1"])
        let duplicate = try #require(throws: PostgresError.self) { try db.execute("INSERT INTO keys VALUES ($1)", ["order-1"]) }
        #expect(duplicate.sqlState == PostgresError.uniqueViolation)
        #expect(duplicate.isUniqueViolation && !duplicate.isRetryable && !duplicate.isConnectionFailure)
        #expect(duplicate.message.contains("keys_pkey"))
        let syntax = try #require(throws: PostgresError.self) { try db.execute("SELEC 1") }
        #expect(syntax.sqlState == "42601")
        #expect(PostgresError(sqlState: "40001", message: "").isRetryable && PostgresError(sqlState: "40P01", message: "").isRetryable)
    }

    /// A REPEATABLE READ transaction that updates a row another connection changed since its
    /// snapshot gets 40001 from the server; the retry runs the whole body again on a new snapshot.
    @Test func aSerializationFailureRunsTheWholeTransactionAgain() throws {
        let url = try SuiteDatabase.freshSchema()
        let db = try PostgresConnection(url: url), other = try PostgresConnection(url: url)
        try db.execute("CREATE TABLE stock (jar TEXT PRIMARY KEY, left_count BIGINT NOT NULL)")
        try db.execute("INSERT INTO stock VALUES ('acacia', 5)")
        var attempts = 0
        let seen = try db.transaction(.repeatableRead) { tx -> Int64 in
            attempts += 1
            let left = try tx.query("SELECT left_count FROM stock WHERE jar = 'acacia'")[0].int64("left_count")
            if attempts == 1 { try other.execute("UPDATE stock SET left_count = left_count - 1 WHERE jar = 'acacia'") }
            try tx.execute("UPDATE stock SET left_count = $1 WHERE jar = 'acacia'", [left - 1])
            return left
        }
        #expect(attempts == 2)
        #expect(seen == 4, "the second attempt read the other counter's sale")
        #expect(try db.query("SELECT left_count FROM stock")[0].int64("left_count") == 3, "both sales counted, none lost")
        #expect(!db.isInTransaction)
    }

    @Test func anyOtherErrorRollsBackAndIsThrownOnce() throws {
        let db = try PostgresConnection(url: try SuiteDatabase.freshSchema())
        try db.execute("CREATE TABLE jars (name TEXT PRIMARY KEY)")
        var attempts = 0
        #expect(throws: PostgresError.self) {
            try db.transaction { tx in
                attempts += 1
                try tx.execute("INSERT INTO jars VALUES ('acacia')")
                try tx.execute("INSERT INTO jars VALUES ('acacia')")
            }
        }
        #expect(attempts == 1)
        #expect(!db.isInTransaction)
        #expect(try db.query("SELECT * FROM jars").isEmpty)
        let retries = try #require(throws: PostgresError.self) {
            try db.transaction(attempts: 3) { _ in attempts += 1; throw PostgresError(sqlState: "40P01", message: "deadlock") }
        }
        #expect(retries.sqlState == "40P01")
        #expect(attempts == 4, "three attempts, then the deadlock is the caller's")
    }

    @Test func notificationsArriveOnTheSocketTheLoopPolls() throws {
        let url = try SuiteDatabase.urlOrSkip()
        let listener = try PostgresConnection(url: url), sender = try PostgresConnection(url: url)
        try listener.execute("LISTEN stock_changed")
        #expect(try listener.notifications().isEmpty)
        try sender.execute("SELECT pg_notify('stock_changed', $1)", ["acacia"])
        var descriptor = pollfd(fd: listener.socketDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5_000) == 1, "the socket became readable")
        let arrived = try listener.notifications()
        #expect(arrived.map(\.channel) == ["stock_changed"])
        #expect(arrived.map(\.payload) == ["acacia"])
    }

    /// The server ending the session (a restart, an operator) surfaces as a connection failure
    /// without SQLSTATE guesswork: the caller knows the outcome of what it sent is unknown.
    @Test func aLostServerIsAConnectionFailure() throws {
        let url = try SuiteDatabase.urlOrSkip()
        let counter = try PostgresConnection(url: url), operator_ = try PostgresConnection(url: url)
        let pid = try counter.query("SELECT pg_backend_pid() AS pid")[0].int64("pid")
        try operator_.execute("SELECT pg_terminate_backend($1::int)", [pid])
        let lost = try #require(throws: PostgresError.self) { try counter.execute("SELECT 1") }
        #expect(lost.isConnectionFailure, "\(lost)")
        #expect(!counter.isConnected)
        #expect(throws: PostgresError.self) { try PostgresConnection(url: "postgresql:///nothing?host=/nonexistent-socket-dir") }
    }
}
