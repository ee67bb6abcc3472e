import Foundation
import GRDB

/// A row of `orders`, as stored. The service speaks in `Order`; this is its row.
struct OrderRecord: Codable, CoreRecord, SignedRow {
    static let databaseTableName = "orders"

    var id: String
    var number: String
    var sessionKey: String
    var state: OrderState
    var totalMinor: Int64
    var currency: String
    var chargeId: String? = nil
    var failure: String? = nil
    var createdAt: Date
    var updatedAt: Date
    /// nil: the card checkout's own charge.
    var paymentKind: ExternalPaymentKind? = nil
    var paymentReference: String? = nil
    /// The counter instance paying (`CounterInstance`).
    var owner: String? = nil
    var paymentKey: String? = nil
    var attempt: Int = 0
    var paymentToken: String? = nil
    /// The name of the counter that took the payment (`CounterInstance.name`).
    var counter: String? = nil
    /// Where the order ships (express), one line.
    var shipsTo: String? = nil
    /// Its receipt number and the counter whose sequence gave it (`ReceiptNumbers`).
    var receiptCounter: String? = nil
    var receiptNumber: Int? = nil
    /// Who placed it, and who approved (issue 36); nil in a shop without staff.
    var staffId: String? = nil
    var staffName: String? = nil
    var approvedById: String? = nil
    var approvedByName: String? = nil

    /// - Parameter locking: the row stays locked until the transaction ends (on a server).
    static func stored(_ tx: any CoreTransaction, id: String, locking: Bool = false) throws -> OrderRecord? {
        try tx.fetchOne(OrderRecord.self, "SELECT * FROM orders WHERE id = ?\(locking ? tx.engine.forUpdate : "")", id)
    }

    enum Columns {
        static let id = Column("id")
        static let state = Column("state")
        static let paymentKind = Column("payment_kind")
        static let paymentKey = Column("payment_key")
    }

    /// The order with its lines.
    func order(_ tx: any CoreTransaction) throws -> Order {
        var order = try Order(self, lines: try tx.fetchAll(OrderLineRecord.self, "SELECT * FROM order_lines WHERE order_id = ? ORDER BY position", id))
        order.discounts = try tx.fetchAll(OrderDiscountRecord.self, "SELECT * FROM order_discounts WHERE order_id = ? ORDER BY seq", id)
            .map { try $0.orderDiscount() }
        return order
    }

    func order(_ db: Database) throws -> Order { try order(SQLiteTransaction(db)) }
}

extension DerivableRequest<OrderRecord> {
    func awaitingPayment() -> Self { filter(OrderRecord.Columns.state == OrderState.pendingPayment) }

    func paidBy(_ kind: ExternalPaymentKind) -> Self { filter(OrderRecord.Columns.paymentKind == kind) }
}

/// A row of `order_lines`: a line as it was sold.
struct OrderLineRecord: Codable, CoreRecord {
    static let databaseTableName = "order_lines"

    var orderId: String
    var position: Int
    var productId: String
    var name: String
    var unitMinor: Int64
    var quantity: Int
    var kind: OrderLineKind = .goods
    /// The VAT rate in basis points, frozen when the order is placed.
    var taxRateBp: Int
    /// The line's own discount and its share of the order's (issue 36), minor units.
    var discountMinor: Int64 = 0
    var orderDiscountMinor: Int64 = 0
}

/// A row of `stock_reservations`: jars held for an order while its payment is in flight or unknown.
struct StockReservationRecord: Codable, CoreRecord {
    static let databaseTableName = "stock_reservations"

    var orderId: String
    var productId: String
    var quantity: Int
}

extension OrderState: Codable, DatabaseValueConvertible {}
extension OrderLineKind: Codable, DatabaseValueConvertible {}
extension ExternalPaymentKind: Codable, DatabaseValueConvertible {}

extension Order {
    init(_ record: OrderRecord, lines: [OrderLineRecord]) throws {
        let currency = try Currency.stored(record.currency, in: OrderRecord.databaseTableName)
        self.init(id: record.id, number: record.number, sessionKey: record.sessionKey, state: record.state,
                  lines: lines.map { line in
                      OrderLine(productId: line.productId, name: line.name, unitPrice: Money(minorUnits: line.unitMinor, currency: currency),
                                quantity: line.quantity, kind: line.kind, taxRate: TaxRate(basisPoints: line.taxRateBp),
                                discountMinor: line.discountMinor, orderDiscountMinor: line.orderDiscountMinor)
                  },
                  total: Money(minorUnits: record.totalMinor, currency: currency),
                  chargeId: record.chargeId, failureReason: record.failure, createdAt: record.createdAt, counter: record.counter,
                  shipsTo: record.shipsTo, paymentKind: record.paymentKind, receiptNumber: record.receiptNumber,
                  receiptCounter: record.receiptCounter)
    }

    /// The order and its lines; nil when there is no such order. A row the core cannot read
    /// (an unknown state or currency) throws.
    static func load(_ tx: any CoreTransaction, id: String) throws -> Order? {
        try OrderRecord.stored(tx, id: id)?.order(tx)
    }

    static func load(_ db: Database, id: String) throws -> Order? { try load(SQLiteTransaction(db), id: id) }
}
