import Foundation
import PaymentsCore

/// A shopper joins a flight-upgrade auction with a saved card: the start bid is placed as a hold,
/// with a 3-D Secure step for some cards, as "Place start bid" does.
enum AuctionJourney {
    static let cards: [(name: String, number: String)] = [
        ("saved, approves …4242", "4242424242424242"), ("saved, 3-D Secure every time …3184", "4000002760003184"),
        ("saved, declines charges …0341", "4000000000000341"), ("saved, never answers …0259", "4000000000000259"),
    ]
    static let auctions = ["auction-lx318", "auction-lx1612"]

    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom) -> String {
        let card = random.pick(cards)
        let auction = random.pick(auctions)
        let shopper = world.newShopper("auction join")
        let process = world.process
        if card.number == "4000000000000259" { world.statistics.count(.acquirerNeverAnswers) }
        do {
            let saved = try world.customer(for: shopper, savedCard: card.number)
            process.commerce.auctions.join(auctionId: auction, customerId: saved.customerId,
                                           instrument: .savedMethod(saved.methodId, customerId: saved.customerId),
                                           termsAccepted: true) { [weak world, weak process] result in
                guard let world, let process else { return }
                switch result {
                case .success(.joined(let bid)): world.tell(shopper, .joined(bidId: bid.id), by: process)
                case .success(.requiresAction(let bidId)): challenge(world, process, shopper, bidId)
                case .failure(let error): world.tell(shopper, .notJoined(reason: "\(error)"), by: process)
                }
            }
        } catch {
            return "\(shopper.name) joins \(auction) with \(card.name): refused before bidding: \(error)"
        }
        return "\(shopper.name) joins \(auction) with \(card.name)"
    }

    private static func challenge(_ world: SimulatedWorld, _ process: CounterProcess, _ shopper: Shopper, _ bidId: String) {
        guard process.isAlive else { return }
        process.openChallenges.append(OpenPrompt(shopper: shopper, openedAt: world.clock.now) { [weak world, weak process] choice in
            guard let world, let process else { return }
            let auctions = process.commerce.auctions
            let told: (Result<AuctionBid, AuctionError>) -> Void = { result in
                switch result {
                case .success(let bid) where bid.state == .joined: world.tell(shopper, .joined(bidId: bid.id), by: process)
                case .success(let bid): world.tell(shopper, .notJoined(reason: "bid \(bid.state)"), by: process)
                case .failure(let error): world.tell(shopper, .notJoined(reason: "\(error)"), by: process)
                }
            }
            switch choice {
            case .accept: auctions.completeChallenge(bidId: bidId, code: "123456", completion: told)
            case .refuse: auctions.completeChallenge(bidId: bidId, code: "000000", completion: told)
            // Walking away from the challenge leaves the auction (the hold is released).
            case .abandon: auctions.leave(bidId: bidId) { result in told(result.flatMap { _ in .failure(.notJoined(.left)) }) }
            }
        })
    }

    /// A shopper whose bid stands raises it to the lowest raise allowed, on the same card (a new
    /// hold first, the old one released once it stands), or leaves the auction (her hold
    /// released), or asks at the counter and the operator voids her hold from the back office
    /// (sometimes pressing Void twice, which under the same key must void once).
    static func raiseOrLeave(_ world: SimulatedWorld, _ shopper: Shopper, _ random: inout SeededRandom) -> String {
        guard let bidId = shopper.standingBid, let customerId = shopper.customerId, let methodId = shopper.savedMethodId else {
            return "\(shopper.name) has no bid standing"
        }
        let process = world.process
        let auctions = process.commerce.auctions
        if random.chance(0.15) {
            world.statistics.count(.holdVoided)
            let key = "sim-void-\(bidId)"
            let presses = random.chance(0.25) ? 2 : 1
            if presses == 2 { world.statistics.count(.voidPressedTwice) }
            for _ in 0..<presses {
                auctions.voidHold(bidId: bidId, idempotencyKey: key) { [weak world, weak process] result in
                    guard let world, let process else { return }
                    switch result {
                    case .success(let void) where void.state == .voided: world.tell(shopper, .left(bidId: bidId), by: process)
                    case .success(let void): world.tell(shopper, .notJoined(reason: "voiding: \(void.state)"), by: process)
                    case .failure(let error): world.tell(shopper, .notJoined(reason: "voiding: \(error)"), by: process)
                    }
                }
            }
            return "the operator voids \(shopper.name)'s hold (bid \(bidId), \(presses == 2 ? "pressed twice" : "once"))"
        }
        if random.chance(0.3) {
            auctions.leave(bidId: bidId) { [weak world, weak process] result in
                guard let world, let process else { return }
                switch result {
                case .success(let bid) where bid.state == .left: world.tell(shopper, .left(bidId: bidId), by: process)
                case .success(let bid): world.tell(shopper, .notJoined(reason: "leaving: bid \(bid.state)"), by: process)
                case .failure(let error): world.tell(shopper, .notJoined(reason: "leaving: \(error)"), by: process)
                }
            }
            return "\(shopper.name) leaves the auction (bid \(bidId))"
        }
        let minimum: Money
        do {
            minimum = try auctions.minimumBid(auctionId: try auctions.bid(id: bidId).auctionId)
        } catch {
            return "\(shopper.name) cannot raise bid \(bidId): \(error)"
        }
        auctions.raise(bidId: bidId, to: minimum, instrument: .savedMethod(methodId, customerId: customerId)) { [weak world, weak process] result in
            guard let world, let process else { return }
            switch result {
            case .success(let raised): world.tell(shopper, .joined(bidId: raised.id), by: process)
            case .failure(let error): world.tell(shopper, .notJoined(reason: "raising: \(error)"), by: process)
            }
        }
        return "\(shopper.name) raises bid \(bidId) to \(minimum)"
    }
}
