import Foundation
import GRDB

/// Where a bank refund is in its life (`bank_refunds.status`). A refund moves money the other
/// way, so it has a life of its own beside its payment's: submitted to the bank, then executed
/// (the money left the store's account for the shopper's). A refund the bank refuses is refused
/// when it is submitted, before it has a row: nothing moved.
public enum BankRefundStatus: String, Hashable, Sendable, Codable, DatabaseValueConvertible {
    /// The bank has the refund; the money has not moved yet.
    case submitted
    /// The money went back to the shopper's account.
    case executed
}

/// A row of `bank_refunds`: money given back from one executed (or authorised) bank payment,
/// under the id the caller chose with its own intent, so asking again refunds once.
struct BankRefundRecord: Codable, CoreRecord {
    static let databaseTableName = "bank_refunds"

    var id: String
    var paymentId: String
    var amountMinor: Int64
    var currency: String
    var status: BankRefundStatus
    /// When the bank executes it: a read after this moment finds it executed.
    var decidesAt: Date
    var createdAt: Date
    var updatedAt: Date

    /// - Parameter locking: the row stays locked until the transaction ends (on a server): the
    ///   bank's answer is applied by one counter, and the next one reads what it left.
    static func stored(_ tx: any CoreTransaction, id: String, locking: Bool = false) throws -> BankRefundRecord? {
        try tx.fetchOne(BankRefundRecord.self, "SELECT * FROM bank_refunds WHERE id = ?\(locking ? tx.engine.forUpdate : "")", id)
    }
}

/// The bank refunds' table: additive, after the books.
enum BankRefundMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("bank-v2-refunds") { db in
            try db.execute(sql: """
                CREATE TABLE bank_refunds (id TEXT PRIMARY KEY, payment_id TEXT NOT NULL REFERENCES bank_resources(id),
                  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0), currency TEXT NOT NULL, status TEXT NOT NULL,
                  decides_at INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                CREATE INDEX bank_refunds_by_payment ON bank_refunds(payment_id);
                """)
        }
    }
}
