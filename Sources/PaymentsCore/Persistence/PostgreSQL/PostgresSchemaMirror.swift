import Foundation
import GRDB
import PostgresClient

/// The commerce tables on a PostgreSQL server, taken from the schema SQLite's migrations build,
/// so that the two engines can never drift apart and no table is described twice.
///
/// On every opening (under the migrations' advisory lock), a SQLite database in memory is
/// migrated as a new counter's file would be, then read back (`PRAGMA table_info`,
/// `foreign_key_list`, `index_list`): a table the server lacks is created with the same columns
/// in the server's types (INTEGER as BIGINT, DOUBLE as DOUBLE PRECISION, BLOB as BYTEA, an
/// AUTOINCREMENT key as an identity), the same keys, unique and CHECK constraints, foreign keys
/// and indexes, and the rows its migration seeded (the honey, the plans, the banks); a column
/// the server's table lacks is added. Booleans stay integers, 1 and 0, as GRDB writes them.
///
/// Not mirrored: the core's own first tables (hand-written in `PostgresCoreMigrations`, with the
/// server's case folding for e-mails), SQLite's virtual tables (the catalog's FTS5 search) and
/// triggers.
enum PostgresSchemaMirror {
    struct Table {
        let name: String
        let columns: [Column]
        let primaryKey: [String]
        let autoincrement: Bool
        let uniques: [[String]]
        let checks: [String]
        let foreignKeys: [String]
        let indexes: [String]
        let rows: [[DatabaseValue]]
    }

    struct Column {
        let name: String
        let type: String
        let notNull: Bool
        let defaultValue: String?
    }

    /// The tables a new counter's SQLite file has, but for those in `skipping`.
    static func tables(migrator: DatabaseMigrator, skipping: Set<String>) throws -> [Table] {
        let queue = try DatabaseQueue()
        try migrator.migrate(queue)
        return try queue.read { db in
            let names = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
                  AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name
                """)
            let virtual = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")
            return try names.filter { name in !skipping.contains(name) && !virtual.contains { name.hasPrefix($0 + "_") } }
                .map { try table($0, in: db) }
        }
    }

    private static func table(_ name: String, in db: Database) throws -> Table {
        let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [name]) ?? ""
        let info = try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)", arguments: [name])
        let columns = info.map { Column(name: $0["name"], type: serverType($0["type"]), notNull: $0["notnull"], defaultValue: $0["dflt_value"]) }
        let primaryKey = info.filter { ($0["pk"] as Int) > 0 }.sorted { ($0["pk"] as Int) < ($1["pk"] as Int) }.map { $0["name"] as String }
        let uniques = try Row.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE origin = 'u'", arguments: [name]).map { index in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [index["name"] as String])
        }
        let foreignKeys = try Dictionary(grouping: Row.fetchAll(db, sql: "SELECT * FROM pragma_foreign_key_list(?)", arguments: [name]),
                                         by: { $0["id"] as Int })
            .sorted { $0.key < $1.key }
            .map { _, parts in
                let parts = parts.sorted { ($0["seq"] as Int) < ($1["seq"] as Int) }
                let onDelete: String = parts[0]["on_delete"]
                return "FOREIGN KEY (\(parts.map { $0["from"] as String }.joined(separator: ", "))) REFERENCES \(parts[0]["table"] as String)"
                    + "(\(parts.map { $0["to"] as String }.joined(separator: ", ")))" + (onDelete == "NO ACTION" ? "" : " ON DELETE \(onDelete)")
            }
        let indexes = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
                                          arguments: [name])
            .map { $0.replacingOccurrences(of: "CREATE INDEX ", with: "CREATE INDEX IF NOT EXISTS ")
                .replacingOccurrences(of: "CREATE UNIQUE INDEX ", with: "CREATE UNIQUE INDEX IF NOT EXISTS ") }
        let rows = try Row.fetchAll(db, sql: "SELECT \(columns.map(\.name).joined(separator: ", ")) FROM \(name)").map { Array($0.databaseValues) }
        return Table(name: name, columns: columns, primaryKey: primaryKey, autoincrement: sql.uppercased().contains("AUTOINCREMENT"),
                     uniques: uniques, checks: checks(in: sql), foreignKeys: foreignKeys, indexes: indexes, rows: rows)
    }

    /// SQLite's declared type as the server's: what GRDB writes into it reads back the same.
    static func serverType(_ declared: String) -> String {
        switch declared.uppercased() {
        case "INTEGER", "INT", "BIGINT", "BOOLEAN": "BIGINT"
        case "DOUBLE", "REAL", "FLOAT": "DOUBLE PRECISION"
        case "BLOB": "BYTEA"
        default: "TEXT"
        }
    }

    /// Every `CHECK (...)` of a table's SQL, with its balanced parentheses.
    static func checks(in sql: String) -> [String] {
        var found: [String] = []
        var rest = sql[...]
        while let start = rest.range(of: "CHECK", options: .caseInsensitive) {
            var depth = 0
            var end = start.upperBound
            var opened = false
            for index in rest[start.upperBound...].indices {
                let character = rest[index]
                if character == "(" { depth += 1; opened = true }
                if character == ")" { depth -= 1 }
                if opened && depth == 0 { end = rest.index(after: index); break }
            }
            guard opened else { break }
            found.append(String(rest[start.lowerBound..<end]))
            rest = rest[end...]
        }
        return found
    }

    /// Brings the server's tables up to the mirrored ones, inside the caller's transaction.
    static func apply(_ tables: [Table], on connection: PostgresConnection) throws {
        let existing = Set(try connection.query("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
            .map { try $0.string("table_name") })
        let created = tables.filter { !existing.contains($0.name) }
        for table in created {
            try connection.executeScript(createStatement(table))
            try copyRows(of: table, to: connection)
        }
        for table in tables where existing.contains(table.name) {
            let columns = Set(try connection.query("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
                                                   [table.name]).map { try $0.string("column_name") })
            for column in table.columns where !columns.contains(column.name) {
                try connection.executeScript("ALTER TABLE \(table.name) ADD COLUMN \(definition(column))")
            }
        }
        // After every table exists, so that the order of creation does not matter.
        for table in created {
            for (position, key) in table.foreignKeys.enumerated() {
                try connection.executeScript("ALTER TABLE \(table.name) ADD CONSTRAINT \(table.name)_fk\(position + 1) \(key)")
            }
        }
        for table in tables { for index in table.indexes { try connection.executeScript(index) } }
    }

    static func createStatement(_ table: Table) -> String {
        var parts = table.columns.map { column in
            if table.autoincrement && table.primaryKey == [column.name] {
                return "\(column.name) BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
            }
            return definition(column)
        }
        if !table.autoincrement && !table.primaryKey.isEmpty { parts.append("PRIMARY KEY (\(table.primaryKey.joined(separator: ", ")))") }
        parts += table.uniques.map { "UNIQUE (\($0.joined(separator: ", ")))" }
        parts += table.checks
        return "CREATE TABLE \(table.name) (\(parts.joined(separator: ", ")))"
    }

    private static func definition(_ column: Column) -> String {
        "\(column.name) \(column.type)" + (column.notNull ? " NOT NULL" : "") + (column.defaultValue.map { " DEFAULT \($0)" } ?? "")
    }

    private static func copyRows(of table: Table, to connection: PostgresConnection) throws {
        guard !table.rows.isEmpty else { return }
        let placeholders = table.columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let insert = "INSERT INTO \(table.name) (\(table.columns.map(\.name).joined(separator: ", "))) VALUES (\(placeholders))"
        for row in table.rows {
            try connection.execute(insert, row.map(PostgresTransaction.parameter))
        }
        if table.autoincrement, let key = table.primaryKey.first {
            try connection.execute("SELECT setval(pg_get_serial_sequence($1, $2), (SELECT MAX(\(key)) FROM \(table.name)))", [table.name, key])
        }
    }
}
