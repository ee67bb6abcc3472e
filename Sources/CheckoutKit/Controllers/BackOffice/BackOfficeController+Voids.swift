import Foundation
import PaymentsCore

/// Voids from the back office: the open holds (auction bids' money authorised, not captured),
/// and a void of one through the core's `Auctions.voidHold`, under the screen's idempotency key.
extension BackOfficeController {
    /// The holds that may be voided, newest first.
    public func holds() -> Result<[BackOfficeHold], BackOfficeRefusal> {
        do { return .success(try auctions.openHolds().map { hold($0.bid, $0.auction, voidInFlight: $0.voidInFlight) }) } catch {
            return .failure(.storage)
        }
    }

    public func void(_ hold: BackOfficeHold, idempotencyKey: String, signedBy signature: StaffSignature? = nil,
                     completion: @escaping (Result<BackOfficeVoid, BackOfficeRefusal>) -> Void) {
        auctions.voidHold(bidId: hold.id, idempotencyKey: idempotencyKey, signedBy: signature) { result in
            completion(result.map { BackOfficeVoid(id: $0.id, hold: hold, at: $0.updatedAt) }.mapError(Self.refusal))
        }
    }

    /// A void as its receipt shows it, by the void's id; nil when it is unknown or unreadable.
    func void(id: String) -> BackOfficeVoid? {
        guard let void = try? auctions.holdVoid(id: id), void.state == .voided,
              let bid = try? auctions.bid(id: void.bidId), let auction = try? auctions.auction(id: void.auctionId) else { return nil }
        return BackOfficeVoid(id: void.id, hold: hold(bid, auction, voidInFlight: false), at: void.updatedAt)
    }

    static func refusal(_ error: HoldVoidError) -> BackOfficeRefusal {
        switch error {
        case .unknownBid: .holdGone
        case .notHeld(.won): .holdWon
        case .notHeld: .holdGone
        case .inFlight: .holdInFlight
        case .auctionClosed: .auctionClosed
        case .staff(let error): .staff(error)
        case .outcomeUnknown: .voidOutcomeUnknown
        case .storage: .storage
        }
    }

    private func hold(_ bid: AuctionBid, _ auction: StoredAuction, voidInFlight: Bool) -> BackOfficeHold {
        let card: BackOfficeOrder.Payment = bid.holdId.flatMap { try? charges.charge($0) }
            .map { .card(brand: $0.brand.displayName, lastFour: $0.lastFour) } ?? .none
        return BackOfficeHold(id: bid.id, auctionTitle: auction.title, flight: auction.flight, route: auction.route, flightDate: auction.flightDate,
                              amount: bid.amount, card: card, voidInFlight: voidInFlight)
    }
}
