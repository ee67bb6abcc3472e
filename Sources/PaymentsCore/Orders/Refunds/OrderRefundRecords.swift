import Foundation
import GRDB

/// A row of `order_refunds`: one refund's intent and, once known, its outcome.
struct OrderRefundRecord: Codable, CoreRecord {
    static let databaseTableName = "order_refunds"

    var id: String
    var orderId: String
    var idempotencyKey: String
    var amountMinor: Int64
    var currency: String
    var state: OrderRefundState
    /// The charge's refund id, chosen with the intent so that asking again refunds once.
    var chargeRefundId: String
    var failure: String?
    var createdAt: Date
    var updatedAt: Date
    /// The counter instance that asked (its receipt is that counter's to print).
    var requestedBy: String?
    /// For a leg of a split order's refund: the part's payment it gives back to (the ledger
    /// entry's `answer_id`: a charge, a cash payment) and that part's tender. Nil for an order
    /// paid by one tender, whose route is the order's own.
    var paidBy: String? = nil
    var tender: Tender? = nil
    /// The operator's key a split refund's legs share (the first leg's `idempotency_key`).
    var requestKey: String? = nil
}

/// A row of `order_refund_lines`: jars of one order line that a refund returns.
struct OrderRefundLineRecord: Codable, CoreRecord {
    static let databaseTableName = "order_refund_lines"

    var refundId: String
    var position: Int
    var quantity: Int
}

extension OrderRefundState: Codable, DatabaseValueConvertible {}

extension OrderRefundRecord {
    func refund(_ tx: any CoreTransaction, orderNumber: String) throws -> OrderRefund {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        let lines = try tx.fetchAll(OrderRefundLineRecord.self, "SELECT * FROM order_refund_lines WHERE refund_id = ? ORDER BY position", id)
        return OrderRefund(id: id, orderId: orderId, orderNumber: orderNumber, amount: Money(minorUnits: amountMinor, currency: currency),
                           returned: lines.map { ReturnedLine(position: $0.position, quantity: $0.quantity) }, state: state,
                           failure: failure, idempotencyKey: idempotencyKey, createdAt: createdAt,
                           backTo: try paidBy.flatMap { paidBy in
                               try tx.fetchOne(LedgerEntryRecord.self, "SELECT * FROM ledger_entries WHERE order_id = ? AND answer_id = ? AND movement <> ?",
                                               orderId, paidBy, LedgerMovement.refund)?.entry()
                           },
                           tax: try bookedTax(tx))
    }
}

extension OrderRefundRecord {
    /// The VAT its booked entry gave back, positive; nil while its money is not back.
    private func bookedTax(_ tx: any CoreTransaction) throws -> TaxAnalysis? {
        guard state == .refunded, let entry = try tx.fetchValue(String.self, "SELECT id FROM ledger_entries WHERE order_id = ? AND answer_id = ? AND movement = ?",
                                                                 orderId, chargeRefundId, LedgerMovement.refund) else { return nil }
        return try BookedTax.share(tx, orderId: orderId, entryId: entry)?.negated
    }
}

/// The refunds' tables: additive, after the orders'.
enum RefundMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("refunds-v1-order-refunds") { db in
            try db.execute(sql: """
                CREATE TABLE order_refunds (id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES orders(id),
                  idempotency_key TEXT NOT NULL UNIQUE, amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
                  currency TEXT NOT NULL, state TEXT NOT NULL, charge_refund_id TEXT NOT NULL UNIQUE, failure TEXT,
                  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                CREATE INDEX order_refunds_by_order ON order_refunds(order_id);
                CREATE TABLE order_refund_lines (refund_id TEXT NOT NULL REFERENCES order_refunds(id), position INTEGER NOT NULL,
                  quantity INTEGER NOT NULL CHECK (quantity > 0), PRIMARY KEY (refund_id, position));
                """)
        }
        migrator.registerMigration("refunds-v2-requested-by") { db in
            // The printer's look for owed refund receipts, once a second, reads by this index.
            try db.execute(sql: """
                ALTER TABLE order_refunds ADD COLUMN requested_by TEXT;
                CREATE INDEX order_refunds_by_requester ON order_refunds(requested_by, updated_at);
                """)
        }
        migrator.registerMigration("refunds-v3-split-legs") { db in
            // A split order's refund is one row per tender it goes back to (issue 35).
            try db.execute(sql: """
                ALTER TABLE order_refunds ADD COLUMN paid_by TEXT;
                ALTER TABLE order_refunds ADD COLUMN tender TEXT;
                ALTER TABLE order_refunds ADD COLUMN request_key TEXT;
                CREATE INDEX order_refunds_by_request ON order_refunds(request_key);
                """)
        }
    }
}
