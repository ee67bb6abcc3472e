import Foundation
import GRDB

/// A row of `cash_payments`: notes and coins taken at the till for an order. The books hold the
/// amount due (`amount_minor`, booked as the order's cash entry); what the shopper handed over
/// and the change given back out of it are the receipt's ("Tendered", "Change"), kept here.
struct CashPaymentRecord: Codable, CoreRecord {
    static let databaseTableName = "cash_payments"

    var id: String
    var orderId: String
    /// What the till keeps: the order's total once cash rounding is applied.
    var amountMinor: Int64
    var tenderedMinor: Int64
    var changeMinor: Int64
    var currency: String
    var at: Date
    var counter: String?

    static func stored(_ tx: any CoreTransaction, id: String) throws -> CashPaymentRecord? {
        try tx.fetchOne(CashPaymentRecord.self, "SELECT * FROM cash_payments WHERE id = ?", id)
    }

    func tendered() throws -> CashTendered {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        return CashTendered(due: Money(minorUnits: amountMinor, currency: currency), tendered: Money(minorUnits: tenderedMinor, currency: currency),
                            change: Money(minorUnits: changeMinor, currency: currency))
    }
}

/// A row of `cash_refunds`: cash given back out of the till for an order's refund, under the
/// refund id the order's refund notes (`order_refunds.charge_refund_id`), as a card refund is
/// the acquirer's row: the money that moved, which the books' entry answers to.
struct CashRefundRecord: Codable, CoreRecord {
    static let databaseTableName = "cash_refunds"

    var id: String
    var orderId: String
    var amountMinor: Int64
    var currency: String
    var at: Date
    var counter: String?
}

/// Cash handed over for an order: what was due, what the shopper gave, the change.
public struct CashTendered: Hashable, Sendable {
    public let due: Money
    public let tendered: Money
    public let change: Money
}

enum CashMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("cash-v1-payments") { db in
            try db.execute(sql: """
                CREATE TABLE cash_payments (id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES orders(id),
                  amount_minor INTEGER NOT NULL, tendered_minor INTEGER NOT NULL, change_minor INTEGER NOT NULL,
                  currency TEXT NOT NULL, at INTEGER NOT NULL, counter TEXT,
                  CHECK (amount_minor > 0 AND change_minor >= 0 AND tendered_minor = amount_minor + change_minor));
                CREATE INDEX cash_payments_order ON cash_payments(order_id);
                CREATE TABLE cash_refunds (id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES orders(id),
                  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0), currency TEXT NOT NULL, at INTEGER NOT NULL, counter TEXT);
                CREATE INDEX cash_refunds_order ON cash_refunds(order_id);
                """)
        }
    }
}
