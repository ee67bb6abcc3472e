import Foundation
import GRDB

/// Refunding a paid order: the jars go back on the shelf once, however often it is asked.
extension Orders {
    /// Refunds a paid order in full and puts its jars back on the shelf.
    public func refund(orderId: String, completion: @escaping (Result<Order, OrderError>) -> Void) {
        let order: Order
        do throws(OrderError) {
            order = try read { db in
                guard let order = try Order.load(db, id: orderId) else { throw OrderError.unknownOrder(orderId) }
                guard order.state == .paid, order.chargeId != nil else { throw OrderError.notRefundable(order.state) }
                return order
            }
        } catch {
            return scheduler.answer(completion, with: .failure(error))
        }
        guard let chargeId = order.chargeId else { return scheduler.answer(completion, with: .failure(.notRefundable(order.state))) }
        charges.refund(chargeId: chargeId, idempotencyKey: "order-\(order.id)-refund") { [self] result in
            switch result {
            case .failure(let decline): completion(.failure(.paymentDeclined(decline)))
            case .success:
                completion(Result { () throws(OrderError) in
                    try write { db in
                        // Decided inside the transaction: the same refund asked twice (two
                        // counters, or the settler's `finishRefunds`) puts the jars back once.
                        guard let current = try Order.load(db, id: order.id) else { throw OrderError.unknownOrder(order.id) }
                        guard current.state == .paid else { return current }
                        try Self.putBack(db, order.lines)
                        try setState(db, order.id, .refunded, failure: nil, chargeId: order.chargeId)
                        guard let refunded = try Order.load(db, id: order.id) else { throw OrderError.unknownOrder(order.id) }
                        return refunded
                    }
                })
            }
        }
    }

    /// Finishes refunds whose money went back but whose order was not marked (the counter died
    /// between the two commits): a paid order whose charge is refunded in full is `refunded`,
    /// its jars back on the shelf. Returns the orders it changed.
    @discardableResult
    public func finishRefunds() throws(OrderError) -> [Order] {
        try write { db in
            let ids = try String.fetchAll(db, sql: """
                SELECT o.id FROM orders o JOIN charges c ON c.id = o.charge_id
                WHERE o.state = 'paid' AND c.status = 'succeeded' AND c.amount_captured > 0 AND c.amount_refunded >= c.amount_captured
                ORDER BY o.id
                """)
            return try ids.compactMap { id in
                guard let order = try Order.load(db, id: id) else { return nil }
                try Self.putBack(db, order.lines)
                try setState(db, id, .refunded, failure: nil, chargeId: order.chargeId)
                return try Order.load(db, id: id)
            }
        }
    }
}
