import Foundation
import PaymentsCore

/// A shopper brings back an order paid by card, express, bank or wallet, as the operator's back
/// office refunds it through the tender that paid: in full (the
/// jars go back on the shelf, which also keeps a long seed from selling out), some jars of one
/// line, or an amount of money with no jars; and sometimes the operator presses Refund twice,
/// which under the same key must refund once.
enum RefundJourney {
    static func start(_ world: SimulatedWorld, _ shopper: Shopper, _ random: inout SeededRandom) -> String {
        guard let orderId = shopper.returnableOrder else { return "\(shopper.name) has nothing to return" }
        let process = world.process
        shopper.returned.insert(orderId)
        if let asked = shopper.refundsAsked.last, asked.orderId == orderId, random.chance(0.2) {
            world.statistics.count(.refundPressedTwice)
            ask(world, shopper, orderId, asked.request, key: asked.key)
            return "\(shopper.name): the operator presses Refund again for order \(orderId) (\(asked.key))"
        }
        let request: RefundRequest
        switch random.weighted([(3, 0), (2, 1), (2, 2)]) {
        case 0:
            // The shop's own whole-order refund, under the key it always uses.
            process.commerce.orders.refund(orderId: orderId) { [weak world, weak process] result in
                guard let world, let process else { return }
                switch result {
                case .success(let order) where order.state == .refunded: world.tell(shopper, .refunded(orderId: orderId), by: process)
                case .success(let order): world.tell(shopper, .notRefunded(orderId: orderId, reason: "order \(order.state)"), by: process)
                case .failure(let error): world.tell(shopper, .notRefunded(orderId: orderId, reason: "\(error)"), by: process)
                }
            }
            return "\(shopper.name) returns order \(orderId) for a refund"
        case 1:
            guard let order = try? process.commerce.orders.order(id: orderId), !order.lines.isEmpty else {
                return "\(shopper.name) cannot find order \(orderId)"
            }
            let position = Int.random(in: 0..<order.lines.count, using: &random)
            request = .lines([ReturnedLine(position: position, quantity: 1)])
        default:
            request = .amount(Money(minorUnits: Int64.random(in: 1...400, using: &random), currency: .eur))
        }
        let key = "sim-refund-\(shopper.number)-\(shopper.refundsAsked.count + 1)"
        shopper.refundsAsked.append((orderId, request, key))
        ask(world, shopper, orderId, request, key: key)
        return "\(shopper.name) is refunded \(request) of order \(orderId) (\(key))"
    }

    private static func ask(_ world: SimulatedWorld, _ shopper: Shopper, _ orderId: String, _ request: RefundRequest, key: String) {
        let process = world.process
        process.commerce.orders.refund(orderId: orderId, request, idempotencyKey: key) { [weak world, weak process] result in
            guard let world, let process else { return }
            switch result {
            case .success(let refund) where refund.state == .refunded:
                world.tell(shopper, .partlyRefunded(orderId: orderId, refundId: refund.id), by: process)
            case .success(let refund): world.tell(shopper, .notRefunded(orderId: orderId, reason: "refund \(refund.state)"), by: process)
            case .failure(let error): world.tell(shopper, .notRefunded(orderId: orderId, reason: "\(error)"), by: process)
            }
        }
    }
}
