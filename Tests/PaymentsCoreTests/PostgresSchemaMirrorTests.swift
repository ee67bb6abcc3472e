import Foundation
import GRDB
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The server's tables are SQLite's, column for column, with the rows a new file is seeded with.
/// PostgreSQL by nature: each case compares the server with SQLite's schema in memory.
@Suite struct PostgresSchemaMirrorTests {
    private static func sqliteColumns() throws -> [String: Set<String>] {
        let database = try CoreDatabase(location: .inMemory, extraMigrations: CommerceMigrations.register)
        return try database.queue.read { db in
            // A virtual table's own tables (FTS5's `_data`, `_idx`...) are SQLite's, not the shop's.
            let virtual = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
                  AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                """).filter { table in !virtual.contains { table.hasPrefix($0 + "_") } }
            return try Dictionary(uniqueKeysWithValues: tables.map { table in
                (table, Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])))
            })
        }
    }

    @Test func everyTableAndColumnOfANewFileIsOnTheServer() throws {
        let url = try #require(try StorageBackend.postgres.freshStore().serverURL)
        let server = try PostgresCoreDatabase(url: url, migrations: CommerceMigrations.register)
        let expected = try Self.sqliteColumns()
        let columns = try server.connection.query("""
            SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()
            """).map { (try $0.string("table_name"), try $0.string("column_name")) }
        let onServer = Dictionary(grouping: columns, by: \.0).mapValues { Set($0.map(\.1)) }
        for (table, names) in expected {
            #expect(onServer[table] == names, "\(table)")
        }
        #expect(expected.count > 25, "the commerce tables were mirrored, not only the core's")
    }

    @Test func theSeededShelfPlansAndBanksAreThereOnceAfterEveryOpening() throws {
        let url = try #require(try StorageBackend.postgres.freshStore().serverURL)
        let sqlite = try CoreDatabase(location: .inMemory, extraMigrations: CommerceMigrations.register)
        for _ in 1...2 { _ = try PostgresCoreDatabase(url: url, migrations: CommerceMigrations.register) }
        let server = try PostgresCoreDatabase(url: url, migrations: CommerceMigrations.register)
        for table in ["products", "plans", "bank_providers"] {
            let here = try sqlite.queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") }
            let there = try server.store.read { tx in try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM \(table)") }
            #expect(here == there && (here ?? 0) > 0, "\(table)")
        }
    }

    @Test func theServerKeepsTheShelfsRules() throws {
        let url = try #require(try StorageBackend.postgres.freshStore().serverURL)
        let server = try PostgresCoreDatabase(url: url, migrations: CommerceMigrations.register)
        let product = try #require(try server.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        #expect(throws: (any Error).self, "stock never below zero") {
            try server.store.write { tx in try tx.execute("UPDATE products SET stock = -1 WHERE id = ?", product) }
        }
        #expect(throws: (any Error).self, "a cart line of a product that does not exist") {
            try server.store.write { tx in
                try tx.execute("INSERT INTO carts (id, session_key, created_at) VALUES ('cart_1', 'ada', 0)")
                try tx.execute("INSERT INTO cart_lines (cart_id, product_id, quantity, added_seq) VALUES ('cart_1', 'nothing', 1, 1)")
            }
        }
        #expect(throws: StorageError.duplicate, "an order number is taken once") {
            try server.store.write { tx in
                for id in ["o1", "o2"] {
                    try tx.execute("""
                        INSERT INTO orders (id, number, session_key, state, total_minor, currency, created_at, updated_at)
                        VALUES (?, 'HS-000001', 'ada', 'pending_payment', 100, 'EUR', 0, 0)
                        """, id)
                }
            }
        }
    }
}

/// SQLite-only: a path is a file's; a server is named by a URL.
/// Foundation's `NSString.deletingLastPathComponent` traps on a one-character path (`--db y`);
/// the counter's own path handling must answer instead.
@Suite struct OneCharacterPathTests {
    @Test func aOneLetterDatabaseNameIsAnsweredNotACrash() {
        _ = CoreDatabase.isWritable("y")
        _ = CoreDatabase.isWritable("/")
    }
}
