import Foundation
import PaymentsCore

/// A customer subscribes to a plan with a saved card; the renewals come later, with the
/// settler's due work, as the clock passes.
enum SubscriptionJourney {
    static let cards: [(name: String, number: String)] = [
        ("saved, approves …4242", "4242424242424242"), ("saved, declines charges …0341", "4000000000000341"),
    ]

    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom) -> String {
        let card = random.pick(cards)
        let shopper = world.newShopper("subscription")
        let process = world.process
        do {
            let saved = try world.customer(for: shopper, savedCard: card.number)
            let plan = random.pick(try process.commerce.subscriptions.plans())
            process.commerce.subscriptions.subscribe(customerId: saved.customerId, planId: plan.id,
                                                     payer: .savedCard(paymentMethodId: saved.methodId)) { [weak world, weak process] result in
                guard let world, let process else { return }
                switch result {
                case .success(let subscription): world.tell(shopper, .subscribed(subscriptionId: subscription.id), by: process)
                case .failure(let error): world.tell(shopper, .notSubscribed(reason: "\(error)"), by: process)
                }
            }
            return "\(shopper.name) subscribes to \(plan.id) with \(card.name)"
        } catch {
            return "\(shopper.name) subscribes with \(card.name): refused before paying: \(error)"
        }
    }
}
