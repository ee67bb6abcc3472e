import Foundation
import PaymentsCore

/// A cashier sells a cart for cash, as the checkout's cash step does: `payInCash` with what the
/// shopper hands over (the exact amount, a note above it, or too little), sometimes at a till
/// that rounds cash to 0.05. One transaction: paid, booked and the cart emptied, or nothing (too
/// little, sold out, a failed write, a crash) and the notes go back.
enum CashOrderJourney {
    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom) -> String {
        let shopper = world.newShopper("cash order")
        let product = random.pick(Array(world.startingStock.keys).sorted())
        let quantity = Int.random(in: 1...2, using: &random)
        let rounding = random.chance(0.3) ? CashRounding(increment: 5) : .unrounded
        let process = world.process
        let commerce = process.commerce
        let total: Money
        do {
            total = try commerce.carts.add(productId: product, quantity: quantity, for: shopper.session).total
        } catch {
            return "\(shopper.name) pays \(quantity) × \(product) in cash: refused before paying: \(error)"
        }
        let due = rounding.rounded(total.minorUnits)
        if rounding != .unrounded { world.statistics.count(.cashRounded) }
        let handed: (words: String, minor: Int64) = random.pick([
            ("exact", due), ("a €50 note", 5_000), ("€5 short", due - 500), ("a note and coins", due + Int64.random(in: 1...999, using: &random)),
        ])
        if handed.minor < due { world.statistics.count(.cashShort) }
        do {
            let sale = try commerce.orders.payInCash(sessionKey: shopper.session, tendered: Money(minorUnits: handed.minor, currency: total.currency),
                                                     rounding: rounding)
            world.tell(shopper, .paid(orderId: sale.order.id), by: process)
            return "\(shopper.name) pays \(quantity) × \(product) in cash (\(handed.words)): change \(sale.cash.change.minorUnits)"
        } catch {
            // Nothing was taken: the cart stays, the notes go back.
            return "\(shopper.name) pays \(quantity) × \(product) in cash (\(handed.words)): not taken: \(error)"
        }
    }
}
