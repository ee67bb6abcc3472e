import GRDB

/// How every record type of the core maps to its table: columns in snake_case (`session_key`
/// is `sessionKey`), and times as integer milliseconds since 1970, the one representation of
/// time on disk (`Milliseconds.swift`). GRDB's own millisecond strategy truncates; the core
/// rounds, so a record and a hand-written comparison agree on the same instant.
protocol CoreRecord: FetchableRecord, PersistableRecord {}

extension CoreRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .millisecondsSince1970 }
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .custom { $0.milliseconds } }
}

extension CoreRecord {
    /// Whether the file or server has this record's table: a read-only reader (the export) of a
    /// database no counter of this version has opened yet finds none (the tills', the
    /// discounts'), and lists none of its rows.
    static func tableExists(_ tx: any CoreTransaction) throws -> Bool {
        switch tx.engine {
        case .sqlite: try tx.exists("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", databaseTableName)
        case .postgres: try tx.exists("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?",
                                      databaseTableName)
        }
    }
}
