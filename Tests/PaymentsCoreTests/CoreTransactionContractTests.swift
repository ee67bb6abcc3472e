import Foundation
import GRDB
import Testing
@testable import PaymentsCore

/// What `CoreTransaction` promises the core's parts on both engines: one SQL text with `?`, the
/// same values back, the same errors, the same all-or-nothing.
@Suite struct CoreTransactionContractTests {
    /// A scratch table in each engine's own words for the same columns.
    private static func jars(_ backend: StorageBackend) throws -> any CoreStore {
        let store = try backend.freshStore().open().store
        let bytes = store.engine == .postgres ? "BYTEA" : "BLOB"
        let flag = store.engine == .postgres ? "BOOLEAN" : "INTEGER"
        try store.write { tx in
            try tx.execute("""
                CREATE TABLE jars (id TEXT PRIMARY KEY, name TEXT NOT NULL, stock BIGINT NOT NULL,
                                   sealed \(flag) NOT NULL, label \(bytes), note TEXT)
                """)
        }
        return store
    }

    @Test(arguments: StorageBackend.allCases)
    func valuesComeBackAsTheyWentIn(_ backend: StorageBackend) throws {
        let store = try Self.jars(backend)
        let label = Data([0x00, 0xff, 0x5c, 0x78, 0x27, 0x3f])   // NUL, a backslash, an x, a quote, a question mark
        try store.write { tx in
            try tx.execute("INSERT INTO jars (id, name, stock, sealed, label, note) VALUES (?, ?, ?, ?, ?, ?)",
                           "j1", "Heather 'n' clover?", Int64.max, true, label, nil)
        }
        let row = try #require(try store.read { tx in try tx.rows("SELECT id, name, stock, sealed, label, note FROM jars") }.first)
        #expect(row.columns == ["id", "name", "stock", "sealed", "label", "note"])
        #expect(try row.value(String.self, "name") == "Heather 'n' clover?")
        #expect(try row.value(Int64.self, "stock") == Int64.max)
        #expect(try row.value(Bool.self, "sealed") == true)
        #expect(try row.value(Data.self, "label") == label)
        #expect(row.values[5].isNull)
        #expect(throws: StorageError.self, "a column the statement did not name") { try row.value(String.self, "colour") }
    }

    @Test(arguments: StorageBackend.allCases)
    func aQuestionMarkInsideQuotesIsTextNotAParameter(_ backend: StorageBackend) throws {
        let store = try Self.jars(backend)
        try store.write { tx in
            try tx.execute("INSERT INTO jars (id, name, stock, sealed) VALUES ('j?', ?, ?, ?)", "Acacia", 2, false)
            #expect(try tx.fetchValue(String.self, "SELECT name FROM jars WHERE id = 'j?' AND stock = ?", 2) == "Acacia")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func sumsUpsertsAndReturningAnswerTheSameOnBothEngines(_ backend: StorageBackend) throws {
        let store = try Self.jars(backend)
        try store.write { tx in
            for (id, stock) in [("a", 3), ("b", 4)] {
                try tx.execute("INSERT INTO jars (id, name, stock, sealed) VALUES (?, 'x', ?, ?)", id, stock, false)
            }
            // SUM of integers is NUMERIC on the server: still an integer to the core.
            #expect(try tx.fetchValue(Int64.self, "SELECT SUM(stock) FROM jars") == 7)
            #expect(try tx.fetchValue(Int64.self, "SELECT SUM(stock) FROM jars WHERE id = 'none'") == nil)
            let upsert = "INSERT INTO jars (id, name, stock, sealed) VALUES (?, 'x', 1, ?) ON CONFLICT (id) DO UPDATE SET stock = jars.stock + 1 RETURNING stock"
            #expect(try tx.fetchValue(Int64.self, upsert, "a", false) == 4)
            #expect(try tx.fetchValue(Int64.self, upsert, "c", false) == 1)
            #expect(try tx.execute("UPDATE jars SET stock = stock - 1 WHERE stock > ?", 1) == 2, "rows changed")
            #expect(try tx.execute("DELETE FROM jars WHERE id = ?", "none") == 0)
            #expect(try tx.fetchValues(String.self, "SELECT id FROM jars ORDER BY \(tx.engine.bytewise("id"))") == ["a", "b", "c"])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aTakenKeyIsADuplicateAndTheWholeTransactionGoes(_ backend: StorageBackend) throws {
        let store = try Self.jars(backend)
        try store.write { tx in try tx.execute("INSERT INTO jars (id, name, stock, sealed) VALUES ('a', 'x', 1, ?)", false) }
        #expect(throws: StorageError.duplicate) {
            try store.write { tx in
                try tx.execute("INSERT INTO jars (id, name, stock, sealed) VALUES ('b', 'x', 1, ?)", false)
                try tx.execute("INSERT INTO jars (id, name, stock, sealed) VALUES ('a', 'x', 1, ?)", false)
            }
        }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.write { tx in
                try tx.execute("INSERT INTO jars (id, name, stock, sealed) VALUES ('c', 'x', 1, ?)", false)
                throw Refused()
            }
        }
        #expect(try store.read { tx in try tx.fetchValues(String.self, "SELECT id FROM jars") } == ["a"])
    }

    @Test(arguments: StorageBackend.allCases)
    func recordsKeepTheirOwnColumnsTimesAndKeysOnBothEngines(_ backend: StorageBackend) throws {
        let store = try backend.freshStore().open().store
        let time = Date(milliseconds: 1_764_000_000_123)
        try store.write { tx in
            // `id` is NULL in the record: left out, so that the engine numbers the row.
            try tx.insert(EventRow(id: nil, time: time, kind: "jar.shelved", subjectID: "j1", payload: "{}"))
            try tx.insert(EventRow(id: nil, time: time, kind: "jar.sold", subjectID: "j1", payload: "{}"))
        }
        let rows = try store.read { tx in try tx.fetchAll(EventRow.self, "SELECT * FROM events WHERE subject_id = ? ORDER BY id", "j1") }
        #expect(rows.map(\.kind) == ["jar.shelved", "jar.sold"])
        #expect(rows.map(\.time) == [time, time], "milliseconds, as stored")
        #expect(rows[0].id! < rows[1].id!)
    }

    @Test func placeholdersAreNumberedOutsideQuotesOnly() {
        #expect(PostgresPlaceholders.numbered("SELECT * FROM t WHERE a = ? AND b = '?' AND \"c?\" = ? OR d = 'it''s ?' AND e = ?")
                == "SELECT * FROM t WHERE a = $1 AND b = '?' AND \"c?\" = $2 OR d = 'it''s ?' AND e = $3")
    }
}
