import Foundation
import GRDB

/// A row of `source_refunds`: money a wallet gave back of a consumed wallet source, under the id
/// the caller chose with its own intent. A wallet refunds at once, so a row is a refund made; a
/// card source's refund is its charge's (`refunds`), not a row here.
struct SourceRefundRecord: Codable, CoreRecord {
    static let databaseTableName = "source_refunds"

    var id: String
    var sourceId: String
    var amountMinor: Int64
    var currency: String
    var createdAt: Date
}

/// The wallet refunds' table: additive, after the books.
enum SourceRefundMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("sources-v2-refunds") { db in
            try db.execute(sql: """
                CREATE TABLE source_refunds (id TEXT PRIMARY KEY, source_id TEXT NOT NULL REFERENCES sources(id),
                  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0), currency TEXT NOT NULL, created_at INTEGER NOT NULL);
                CREATE INDEX source_refunds_by_source ON source_refunds(source_id);
                """)
        }
    }
}
