import Foundation
import PaymentsCore

/// A cashier takes a cart in parts (issue 35, split tender): a card part for some of the total
/// or a cash part below it, and later (other steps, crashes and failing writes between) the
/// rest: cash over what is left (with change), a card for what is left, or one more card part.
/// Each part is booked when its answer is; the order is paid once the parts cover it.
enum SplitOrderJourney {
    static let cards: [(name: String, number: String)] = [
        ("approves …4242", "4242424242424242"), ("approves …4444", "5555555555554444"), ("declines …0002", "4000000000000002"),
        ("never answers …0259", "4000000000000259"),
    ]

    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom) -> String {
        let shopper = world.newShopper("split order")
        let product = random.pick(Array(world.startingStock.keys).sorted())
        let quantity = Int.random(in: 1...2, using: &random)
        let total: Money
        do {
            total = try world.process.commerce.carts.add(productId: product, quantity: quantity, for: shopper.session).total
        } catch {
            return "\(shopper.name) splits \(quantity) × \(product): refused before paying: \(error)"
        }
        guard total.minorUnits > 1 else { return "\(shopper.name) splits \(quantity) × \(product): too little to split" }
        let part = Money(minorUnits: Int64.random(in: 1..<total.minorUnits, using: &random), currency: total.currency)
        return "\(shopper.name) splits \(quantity) × \(product): " + (random.chance(0.5) ? cashPart(world, shopper, part) : cardPart(world, shopper, part, &random))
    }

    /// The next part of a part-paid order: the rest in cash or by card, or one more card part.
    static func nextPart(_ world: SimulatedWorld, _ shopper: Shopper, _ random: inout SeededRandom) -> String {
        let left: Money
        do {
            guard let soFar = try world.process.commerce.orders.paidSoFar(sessionKey: shopper.session) else {
                return "\(shopper.name) pays the rest: nothing part paid (\(shopper.told.last.map(\.description) ?? "-"))"
            }
            left = soFar.left
        } catch {
            return "\(shopper.name) pays the rest: could not read: \(error)"
        }
        switch random.weighted([(4, 0), (4, 1), (2, 2), (1, 3)]) {
        case 3:
            return giveBack(world, shopper)
        case 0:
            let tendered = Money(minorUnits: left.minorUnits + random.pick([0, 1, 50, 500]), currency: left.currency)
            do {
                let sale = try world.process.commerce.orders.payInCash(sessionKey: shopper.session, tendered: tendered)
                world.statistics.count(.splitFinished)
                world.tell(shopper, sale.order.state == .paid ? .paid(orderId: sale.order.id) : .partPaid(orderId: sale.order.id), by: world.process)
                return "\(shopper.name) pays the rest \(left.minorUnits) in cash: change \(sale.cash.change.minorUnits)"
            } catch {
                return "\(shopper.name) pays the rest \(left.minorUnits) in cash: not taken: \(error)"
            }
        case 1:
            return "\(shopper.name) pays the rest \(left.minorUnits) by card: " + cardPart(world, shopper, nil, &random)
        default:
            guard left.minorUnits > 1 else { return "\(shopper.name) pays the rest: 1 cent left, no part" }
            let part = Money(minorUnits: Int64.random(in: 1..<left.minorUnits, using: &random), currency: left.currency)
            return "\(shopper.name) pays one more part of \(left.minorUnits): " + cardPart(world, shopper, part, &random)
        }
    }

    /// The shopper leaves: the cashier gives every part back, each to its tender, and the order
    /// is closed; a card's leg not answered is the settler's.
    private static func giveBack(_ world: SimulatedWorld, _ shopper: Shopper) -> String {
        guard let orderId = shopper.partPaidOrder else { return "\(shopper.name) leaves: nothing part paid" }
        let process = world.process
        shopper.givingBack.insert(orderId)
        world.statistics.count(.partsGivenBack)
        process.commerce.orders.giveBackParts(sessionKey: shopper.session, idempotencyKey: "sim-give-back-\(orderId)") { [weak world, weak process] result in
            guard let world, let process else { return }
            switch result {
            case .success: world.tell(shopper, .partsGivenBack(orderId: orderId), by: process)
            case .failure(let error): world.tell(shopper, .notRefunded(orderId: orderId, reason: "\(error)"), by: process)
            }
        }
        return "\(shopper.name) leaves: the parts of order \(orderId) are given back"
    }

    private static func cashPart(_ world: SimulatedWorld, _ shopper: Shopper, _ amount: Money) -> String {
        do {
            let sale = try world.process.commerce.orders.payPartInCash(sessionKey: shopper.session, amount: amount)
            world.statistics.count(.splitPartTaken)
            world.tell(shopper, .partPaid(orderId: sale.order.id), by: world.process)
            return "cash part \(amount.minorUnits) taken"
        } catch {
            return "cash part \(amount.minorUnits) not taken: \(error)"
        }
    }

    /// A card part for `amount` (nil: what is left), in the cart's two commits.
    private static func cardPart(_ world: SimulatedWorld, _ shopper: Shopper, _ amount: Money?, _ random: inout SeededRandom) -> String {
        let card = random.pick(cards)
        if card.number == "4000000000000259" { world.statistics.count(.acquirerNeverAnswers) }
        let process = world.process
        let payment: CartPayment
        let instrument: PaymentInstrument
        do {
            let whole = try process.commerce.orders.prepareCartPayment(for: shopper.session)
            guard let part = amount.map({ whole.part($0) }) ?? whole else { return "part \(amount?.minorUnits ?? 0) does not fit \(whole.due.minorUnits)" }
            payment = part
            instrument = try world.token(card.number)
        } catch {
            return "card part refused before paying: \(error)"
        }
        shopper.attempts.append((orderId: payment.orderId, heard: shopper.told.count))
        process.commerce.orders.pay(payment, with: instrument) { [weak world, weak process] result in
            guard let world, let process else { return }
            let told: Told = switch result {
            case .success(let order) where order.state == .pendingPayment: .partPaid(orderId: order.id)
            default: CardOrderJourney.verdict(payment.orderId, result)
            }
            switch told {
            case .partPaid: world.statistics.count(.splitPartTaken)
            case .paid where payment.due != payment.total: world.statistics.count(.splitFinished)
            default: break
            }
            world.tell(shopper, told, by: process)
        }
        return "card part \(payment.amount.minorUnits) of \(payment.due.minorUnits) with \(card.name)"
    }
}
