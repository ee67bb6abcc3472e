import Foundation

extension Settler {
    /// Rule 3, the operator's voids: a void asked whose answer was not committed (the counter
    /// stopped, a write failed) is decided by its hold. Released (or never held): the void is
    /// done and the bid out of its auction; still held: released now, under the same void;
    /// captured: the void failed, nothing changed. A hold that cannot be read is asked next pass.
    func finishVoids() -> [String] {
        let auctions = commerce.auctions
        var settled: [String] = []
        for asked in (try? auctions.voidsInFlight()) ?? [] {
            guard let hold = try? core.charges.charge(asked.holdId) else { continue }
            switch hold.status {
            case .canceled, .failed:
                guard (try? auctions.finishVoid(asked.voidId, released: true, reason: "")) != nil else { continue }
            case .authorized:
                guard (try? core.charges.cancel(asked.holdId)) != nil,
                      (try? auctions.finishVoid(asked.voidId, released: true, reason: "")) != nil else { continue }
            case .succeeded:
                guard (try? auctions.finishVoid(asked.voidId, released: false, reason: "hold_captured")) != nil else { continue }
            case .pending, .requiresAction:
                continue
            }
            settled.append(asked.bidId)
        }
        return settled
    }
}
