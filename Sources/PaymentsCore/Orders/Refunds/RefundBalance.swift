import Foundation
import GRDB

/// What is left to give back of a paid order: its money less every refund asked or done (one
/// on its way back counts, so two refunds asked at once never add up to more than was paid), and
/// each line's jars less those returned.
struct RefundBalance {
    let order: Order
    let money: Money
    /// Jars not returned yet, by line position: goods lines only (shipping and a surcharge come
    /// off no shelf).
    let jars: [Int: Int]

    init(_ tx: any CoreTransaction, order: Order) throws {
        self.order = order
        let counted = try tx.fetchAll(OrderRefundRecord.self, "SELECT * FROM order_refunds WHERE order_id = ? AND state IN (?, ?)",
                                      order.id, OrderRefundState.requested, OrderRefundState.refunded)
        money = Money(minorUnits: order.total.minorUnits - counted.reduce(0) { $0 + $1.amountMinor }, currency: order.total.currency)
        let returned = try tx.fetchAll(OrderRefundLineRecord.self, """
            SELECT l.* FROM order_refund_lines l JOIN order_refunds r ON r.id = l.refund_id
            WHERE r.order_id = ? AND r.state IN (?, ?)
            """, order.id, OrderRefundState.requested, OrderRefundState.refunded)
        var jars = Dictionary(uniqueKeysWithValues: order.lines.enumerated().filter { $0.element.kind == .goods }.map { ($0.offset, $0.element.quantity) })
        for line in returned { jars[line.position, default: 0] -= line.quantity }
        self.jars = jars
    }

    /// The money and jars a request gives back, or why it cannot.
    func refund(for request: RefundRequest) throws(RefundError) -> (Money, [ReturnedLine]) {
        switch request {
        case .everythingLeft:
            guard money.isPositive else { throw .nothingLeft }
            let lines = jars.keys.sorted().compactMap { position in
                jars[position].flatMap { $0 > 0 ? ReturnedLine(position: position, quantity: $0) : nil }
            }
            return (money, lines)
        case .amount(let amount):
            guard amount.currency == money.currency, amount.isPositive else { throw .invalidAmount }
            guard amount <= money else { throw .exceedsRefundable(available: money.isPositive ? money : .zero(money.currency)) }
            return (amount, [])
        case .lines(let asked):
            var wanted: [Int: Int] = [:]
            for line in asked {
                guard order.lines.indices.contains(line.position) else { throw .unknownLine(position: line.position) }
                guard order.lines[line.position].kind == .goods else { throw .notReturnable(position: line.position) }
                guard line.quantity > 0 else { throw .invalidAmount }
                wanted[line.position, default: 0] += line.quantity
            }
            guard !wanted.isEmpty else { throw .invalidAmount }
            var minor: Int64 = 0
            for (position, quantity) in wanted {
                let available = jars[position] ?? 0
                guard quantity <= available else { throw .exceedsReturnable(position: position, available: max(available, 0)) }
                // What these jars were charged, after the line's discounts: the line's jars returned
                // one by one give back exactly what the line charged (`OrderLine.charged(forJars:)`).
                let line = order.lines[position]
                let returnedBefore = line.quantity - available
                minor += line.charged(forJars: returnedBefore + quantity) - line.charged(forJars: returnedBefore)
            }
            let amount = Money(minorUnits: minor, currency: money.currency)
            guard amount <= money else { throw .exceedsRefundable(available: money.isPositive ? money : .zero(money.currency)) }
            return (amount, wanted.keys.sorted().map { ReturnedLine(position: $0, quantity: wanted[$0]!) })
        }
    }
}
