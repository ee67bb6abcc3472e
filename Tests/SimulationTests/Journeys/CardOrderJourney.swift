import Foundation
import PaymentsCore

/// A shopper fills a cart and pays the order by card, typed now or saved, as the store screen
/// does: `prepareCartPayment` then `pay` in two commits (the intent, the answer) through the
/// gateway that shows 3-D Secure; one payment in three the older way the core still offers,
/// `orderToPay` then `pay(orderId:)`, in its own commits. A shopper told "Not paid" may pay
/// again: the same order, a new attempt.
enum CardOrderJourney {
    /// The cards a shopper may bring, by what the simulated acquirer does with them.
    static let typedCards: [(name: String, number: String)] = [
        ("approves …4242", "4242424242424242"), ("approves …4444", "5555555555554444"),
        ("declines …0002", "4000000000000002"), ("insufficient funds …9995", "4000000000009995"),
        ("3-D Secure every time …3184", "4000002760003184"), ("3-D Secure then insufficient funds …3178", "4000008260003178"),
        ("never answers …0259", "4000000000000259"),
    ]
    static let savedCards: [(name: String, number: String)] = [
        ("saved, approves …4242", "4242424242424242"), ("saved, 3-D Secure once …3220", "4000000000003220"),
        ("saved, declines charges …0341", "4000000000000341"), ("saved, never answers …0259", "4000000000000259"),
    ]

    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom, saved: Bool) -> String {
        let card = random.pick(saved ? savedCards : typedCards)
        let shopper = world.newShopper(saved ? "saved-card order" : "card order")
        let product = random.pick(Array(world.startingStock.keys).sorted())
        let quantity = Int.random(in: 1...2, using: &random)
        if card.number == "4000000000000259" { world.statistics.count(.acquirerNeverAnswers) }
        do {
            _ = try world.process.commerce.carts.add(productId: product, quantity: quantity, for: shopper.session)
            let instrument: PaymentInstrument
            if saved {
                let saved = try world.customer(for: shopper, savedCard: card.number)
                instrument = .savedMethod(saved.methodId, customerId: saved.customerId)
            } else {
                instrument = try world.token(card.number)
            }
            pay(world, shopper, instrument, inTwoCommits: !random.chance(1.0 / 3))
        } catch {
            return "\(shopper.name) \(shopper.journey): \(quantity) × \(product) with \(card.name) refused before paying: \(error)"
        }
        return "\(shopper.name) \(shopper.journey): \(quantity) × \(product) with \(card.name)"
    }

    /// "Pay" again after "Not paid", with a card that approves.
    static func payAgain(_ world: SimulatedWorld, _ shopper: Shopper) -> String {
        do {
            pay(world, shopper, try world.token("4242424242424242"), inTwoCommits: true)
            return "\(shopper.name) pays again with approves …4242"
        } catch {
            return "\(shopper.name) pays again: refused: \(error)"
        }
    }

    private static func pay(_ world: SimulatedWorld, _ shopper: Shopper, _ instrument: PaymentInstrument, inTwoCommits: Bool) {
        let process = world.process
        let orderId: String
        var cartPayment: CartPayment?
        do {
            // Refused (an empty cart, or the last attempt still being checked): nothing is asked.
            if inTwoCommits {
                cartPayment = try process.commerce.orders.prepareCartPayment(for: shopper.session)
                orderId = cartPayment!.orderId
            } else {
                orderId = try process.commerce.orders.orderToPay(for: shopper.session).id
            }
        } catch {
            return
        }
        process.challengePresenters["order-\(orderId)-payment"] = { [weak process] charge, answer in
            guard let process else { return }
            process.openChallenges.append(OpenPrompt(shopper: shopper, openedAt: world.clock.now, challenged: charge) { choice in
                switch choice {
                case .accept: answer("123456")
                case .refuse: answer("000000")
                case .abandon: answer(nil)
                }
            })
        }
        shopper.attempts.append((orderId: orderId, heard: shopper.told.count))
        let told: (Result<Order, OrderError>) -> Void = { [weak world, weak process] result in
            guard let world, let process else { return }
            world.tell(shopper, verdict(orderId, result), by: process)
        }
        if let cartPayment {
            process.commerce.orders.pay(cartPayment, with: instrument, through: process.challengeGateway, completion: told)
        } else {
            process.commerce.orders.pay(orderId: orderId, with: instrument, through: process.challengeGateway, completion: told)
        }
    }

    /// What the store screen says for a payment's answer, as it does today.
    static func verdict(_ orderId: String, _ result: Result<Order, OrderError>) -> Told {
        switch result {
        case .success(let order) where order.state == .paid: .paid(orderId: orderId)
        case .success(let order): .waiting(orderId: orderId, why: "order \(order.state)")
        case .failure(.paymentInProgress): .waiting(orderId: orderId, why: "payment in progress")
        case .failure(.outcomeUnknown): .waiting(orderId: orderId, why: "outcome unknown: the settler decides")
        case .failure(let error): .notPaid(orderId: orderId, reason: "\(error)")
        }
    }
}
