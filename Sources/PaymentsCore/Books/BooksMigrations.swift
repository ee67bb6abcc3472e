import Foundation
import GRDB

/// The books' table (issue 32), and what orders gained with it: a line's kind (goods, or what
/// else the shopper was asked to pay: shipping, a card surcharge) and where an order ships.
///
/// Databases from before the books are booked from what they hold: each paid or refunded
/// order's payment (its charge, bank payment or source), each refund whose money went back. A
/// payment the file holds no row for is booked at the order's total.
enum BooksMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("books-v1-ledger-entries") { db in
            try db.execute(sql: """
                CREATE TABLE ledger_entries (id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES orders(id),
                  movement TEXT NOT NULL, tender TEXT NOT NULL, card_brand TEXT, card_last_four TEXT,
                  amount_minor INTEGER NOT NULL, currency TEXT NOT NULL, at INTEGER NOT NULL, counter TEXT,
                  answer_kind TEXT NOT NULL, answer_id TEXT NOT NULL, UNIQUE (answer_kind, answer_id));
                CREATE INDEX ledger_entries_order ON ledger_entries(order_id);
                CREATE INDEX ledger_entries_at ON ledger_entries(at);
                ALTER TABLE order_lines ADD COLUMN kind TEXT NOT NULL DEFAULT 'goods';
                ALTER TABLE orders ADD COLUMN ships_to TEXT;
                """)
            try bookEarlierPayments(SQLiteTransaction(db))
        }
    }

    /// Books what a database from before the books shows was paid and given back (not journaled:
    /// the journal starts after its own migration).
    static func bookEarlierPayments(_ tx: any CoreTransaction) throws {
        let paid = try tx.fetchAll(OrderRecord.self, "SELECT * FROM orders WHERE state IN (?, ?) AND charge_id IS NOT NULL ORDER BY created_at",
                                   OrderState.paid, OrderState.refunded)
        for order in paid {
            try MoneyLedger.bookPayment(tx, order: order, reference: order.chargeId!, movement: order.paymentKind == .auction ? .capture : .payment,
                                        at: order.updatedAt, counter: order.counter, journaled: false)
        }
        let refunds = try tx.fetchAll(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE state = ? ORDER BY created_at", OrderRefundState.refunded)
        for refund in refunds {
            try MoneyLedger.bookRefund(tx, orderId: refund.orderId, refundId: refund.chargeRefundId, amountMinor: refund.amountMinor,
                                       currency: refund.currency, at: refund.updatedAt, counter: nil, journaled: false)
        }
        // Refunded before refunds had rows of their own: the charge's refunds.
        let older = try tx.rows("""
            SELECT o.id AS order_id, m.id, m.amount, c.currency, m.created_ms FROM orders o JOIN charges c ON c.id = o.charge_id
            JOIN refunds m ON m.charge_id = c.id WHERE NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id)
            ORDER BY m.created_ms
            """)
        for row in older {
            try MoneyLedger.bookRefund(tx, orderId: try row.value(String.self, "order_id"), refundId: try row.value(String.self, "id"),
                                       amountMinor: try row.value(Int64.self, "amount"), currency: try row.value(String.self, "currency"),
                                       at: Date(milliseconds: try row.value(Int64.self, "created_ms")), counter: nil, journaled: false)
        }
    }
}
