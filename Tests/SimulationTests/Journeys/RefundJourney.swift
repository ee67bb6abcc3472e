import Foundation
import PaymentsCore

/// A shopper brings back a card order and is refunded in full: the jars go back on the shelf
/// (which also keeps a long seed from selling out and only hearing "out of stock").
enum RefundJourney {
    static func start(_ world: SimulatedWorld, _ shopper: Shopper) -> String {
        guard case .paid(let orderId)? = shopper.told.last else { return "\(shopper.name) has nothing to return" }
        let process = world.process
        shopper.returned.insert(orderId)
        process.commerce.orders.refund(orderId: orderId) { [weak world, weak process] result in
            guard let world, let process else { return }
            switch result {
            case .success(let order) where order.state == .refunded: world.tell(shopper, .refunded(orderId: orderId), by: process)
            case .success(let order): world.tell(shopper, .notRefunded(orderId: orderId, reason: "order \(order.state)"), by: process)
            case .failure(let error): world.tell(shopper, .notRefunded(orderId: orderId, reason: "\(error)"), by: process)
            }
        }
        return "\(shopper.name) returns order \(orderId) for a refund"
    }
}
