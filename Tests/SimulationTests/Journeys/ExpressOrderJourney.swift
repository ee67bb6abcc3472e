import Foundation
import PaymentsCore

/// The cart paid on the express sheet, as `ExpressCheckoutController` does it: the order placed
/// and its jars reserved under the sheet's charge key, then one card charge (no 3-D Secure step:
/// a card that asks for one is abandoned), then the order paid or failed by the answer. An
/// answer not known leaves the order with the settler.
enum ExpressOrderJourney {
    static let cards: [(name: String, number: String)] = [
        ("approves …4242", "4242424242424242"), ("declines …0002", "4000000000000002"),
        ("3-D Secure every time …3184", "4000002760003184"), ("never answers …0259", "4000000000000259"),
    ]

    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom) -> String {
        let card = random.pick(cards)
        let shopper = world.newShopper("express order")
        let product = random.pick(Array(world.startingStock.keys).sorted())
        if card.number == "4000000000000259" { world.statistics.count(.acquirerNeverAnswers) }
        let process = world.process
        let orders = process.commerce.orders
        let key = "express-\(shopper.session)-1"
        let order: Order
        let token: PaymentInstrument
        do {
            _ = try process.commerce.carts.add(productId: product, for: shopper.session)
            token = try world.token(card.number)
            order = try orders.placeOrder(for: shopper.session, extras: extras(&random), shipsTo: "\(shopper.name), 1 Quay St, D02 Dublin, IE")
            try orders.startExternalPayment(orderId: order.id, kind: .express, paymentKey: key)
        } catch {
            return "\(shopper.name) pays 1 × \(product) on the express sheet with \(card.name): refused before paying: \(error)"
        }
        guard case .token(let tokenId) = token else { return "\(shopper.name): no token" }
        let request = ChargeRequest(amount: order.total, source: .token(tokenId), description: order.paymentDescription,
                                    capture: true, idempotencyKey: key)
        process.core.charges.create(request) { [weak world, weak process] result in
            guard let world, let process else { return }
            world.tell(shopper, verdict(order, result, process), by: process)
        }
        return "\(shopper.name) pays 1 × \(product) on the express sheet with \(card.name)"
    }

    /// What the sheet charges beside the jar, as the seed picks it: a shipping method, and a
    /// network's surcharge on some cards. The books must hold all of it.
    static func extras(_ random: inout SeededRandom) -> [OrderExtra] {
        var extras: [OrderExtra] = []
        let shipping = random.pick([0, 490, 990, 1290])
        if shipping > 0 { extras.append(OrderExtra(kind: .shipping, name: "Shipping", amount: Money(minorUnits: Int64(shipping), currency: .eur))) }
        let surcharge = random.pick([0, 0, 27, 113])
        if surcharge > 0 { extras.append(OrderExtra(kind: .surcharge, name: "Surcharge", amount: Money(minorUnits: Int64(surcharge), currency: .eur))) }
        return extras
    }

    private static func verdict(_ order: Order, _ result: Result<Charge, ChargeError>, _ process: CounterProcess) -> Told {
        let orders = process.commerce.orders
        func failed(_ reason: String) -> Told {
            _ = try? orders.markFailed(orderId: order.id, reason: reason)
            return .notPaid(orderId: order.id, reason: reason)
        }
        switch result {
        case .success(let charge) where charge.status == .succeeded:
            guard let paid = try? orders.markPaid(orderId: order.id, reference: charge.id) else {
                return .waiting(orderId: order.id, why: "charged, the order is recorded later")
            }
            return paid.state == .paid ? .paid(orderId: order.id) : .notPaid(orderId: order.id, reason: "out of stock")
        case .success(let charge):
            if charge.status == .requiresAction {
                // The sheet cannot show the check: the charge is abandoned, or left to the settler.
                guard (try? process.core.charges.cancel(charge.id)) != nil else {
                    return .waiting(orderId: order.id, why: "challenge not cancelled")
                }
            }
            return failed("declined")
        case .failure(.outcomeUnknown):
            return .waiting(orderId: order.id, why: "outcome unknown: the settler decides")
        case .failure(let error):
            return failed(error.code)
        }
    }
}
