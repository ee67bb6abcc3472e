import Clocks
import Foundation

/// The one component that settles what was left unsettled: run at start, then every few seconds
/// while anything is open (`SettlerLoop`). Each stuck state has one rule, applied in this order
/// (a rule's outcome can feed the next in the same pass):
///
/// 1. a charge `pending` for `pendingGrace` (its answer lost to a crash, a failed write, or a
///    card that never answers) is asked of the acquirer again; the answer is committed and any
///    caller still waiting is told;
/// 2. a card order with jars reserved is settled by its attempt's charge: succeeded is paid,
///    failed releases the jars, a 3-D Secure challenge whose counter is gone is cancelled and
///    the jars released (so is one not answered within `challengeExpiry`, on any counter), an
///    attempt that never reached the acquirer is released;
/// 3. an auction bid whose counter died while placing its hold gets the bid recorded (the
///    auction still open) or the hold voided, never both, never neither; a bid waiting for a
///    challenge on a dead counter is cancelled, which lets the shopper join again; a raised
///    bid's old hold still on the card is released; a won bid whose capture's answer was lost
///    has its hold asked (still held: captured now) and its order paid or failed by it; an
///    operator's void whose answer was lost is finished by its hold (`finishVoids`);
/// 4. orders paid by bank or wallet are asked of the bank payment or source at every pass (the
///    bank's own cadence decides when its answer changes); one whose counter died before it
///    noted what to ask is released;
/// 5. an order awaiting payment with no attempt for `abandonedAfter` is closed; a refund asked
///    and not answered is finished by its tender (the card's charge, the bank, the wallet: money
///    back is committed, a bank refund not executed yet waits, one never asked is asked again);
///    a paid order whose charge was refunded in full is marked refunded (jars back); a subscription
///    whose first payment's answer was lost is activated or removed by that payment;
/// 6. renewals and auctions that are due (`Commerce.runDueWork`).
///
/// With several counters on one database each settles only what its rules allow: an open
/// challenge on a live counter is that counter's (`CounterInstance.isAlive`).
public final class Settler {
    public struct Policy: Sendable {
        /// A pending charge younger than this is on its way to the acquirer, not lost.
        public var pendingGrace: TimeInterval = 10
        /// An attempt whose charge never got recorded, on a live counter, is released after this.
        public var intentGrace: TimeInterval = 60
        /// An order left awaiting payment with no attempt is closed after this.
        public var abandonedAfter: TimeInterval = 24 * 3_600
        /// A 3-D Secure challenge not answered in this time has expired, as an issuer's does:
        /// cancelled even on a live counter (a prompt left on a screen holds nothing for ever).
        public var challengeExpiry: TimeInterval = 15 * 60
        public init() {}
    }

    /// What one pass did, for the screens (an order the shopper waits on may be settled) and logs.
    public struct Report: Hashable, Sendable {
        public var charges: [String] = []
        public var orders: [String] = []
        public var bids: [String] = []
        public var isEmpty: Bool { charges.isEmpty && orders.isEmpty && bids.isEmpty }
    }

    let core: PaymentsServices
    // Unowned: the commerce owns its settler.
    unowned let commerce: Commerce
    private let instance: CounterInstance
    let policy: Policy
    private let store: any CoreStore

    init(store: any CoreStore, core: PaymentsServices, commerce: Commerce, instance: CounterInstance, policy: Policy) {
        self.store = store
        self.core = core
        self.commerce = commerce
        self.instance = instance
        self.policy = policy
    }

    /// One pass of every rule; `completion` runs on the loop when the due work is done too.
    public func settle(completion: @escaping (Report) -> Void = { _ in }) {
        let report = settleNow()
        commerce.runDueWork { completion(report) }
    }

    /// Rules 1 to 5, synchronously. A rule that fails (storage) is tried again next pass.
    ///
    /// - Parameter atStart: the pass at start-up. A charge left pending then belongs to a counter
    ///   that is gone (this process has asked nothing yet), so it is asked about at once.
    @discardableResult
    public func settleNow(atStart: Bool = false) -> Report {
        var report = Report()
        try? instance.heartbeat()
        report.charges = ((try? core.charges.reconcilePending(olderThan: atStart ? 0 : policy.pendingGrace)) ?? []).map(\.id)
        let isAlive = { [self] (owner: String?) in self.isAlive(owner) }
        report.orders += ((try? commerce.orders.reconcilePayments(isAlive: isAlive, grace: policy.intentGrace,
                                                                  cancelChallenge: cancelChallenge)) ?? []).map(\.id)
        report.bids += settleBids(isAlive: isAlive)
        // Challenges that belong to neither an order nor a bid (a card source's, a renewal's whose
        // cancel failed) expire as any other; the orders and bids above see theirs next pass.
        report.charges += core.charges.expireChallenges(olderThan: policy.challengeExpiry).map(\.id)
        report.orders += settleExternalOrders(isAlive: isAlive)
        report.orders += ((try? commerce.orders.closeAbandoned(olderThan: policy.abandonedAfter)) ?? []).map(\.id)
        report.orders += ((try? commerce.orders.finishRefunds()) ?? []).map(\.id)
        _ = try? commerce.subscriptions.settleIncomplete(olderThan: policy.intentGrace) { [commerce] key in commerce.cardGateway.lookUp(idempotencyKey: key) }
        return report
    }

    /// Cancels a challenge that may be cancelled: `ownerGone` (nobody will answer it), or it has
    /// expired. Returns whether it was.
    func cancelChallenge(_ chargeId: String, ownerGone: Bool) -> Bool {
        guard let charge = try? core.charges.charge(chargeId), charge.status == .requiresAction else { return false }
        // From the charge's start, as `ChargeService.expireChallenges` counts.
        let expired = core.clock.now.timeIntervalSince(charge.createdAt) >= policy.challengeExpiry
        guard ownerGone || expired else { return false }
        return (try? core.charges.cancel(chargeId)) != nil
    }

    /// This counter is still here, for counters on other hosts (`CounterInstance.isAlive`): the
    /// loop beats between passes while something is open, since quiet passes come further apart
    /// than the heartbeat's timeout.
    public func heartbeat() {
        try? instance.heartbeat()
    }

    /// Whether anything waits on the settler: then the loop runs it every few seconds.
    public func hasUnsettled() -> Bool {
        (try? store.read(Self.hasUnsettled)) ?? true
    }

    static func hasUnsettled(_ tx: any CoreTransaction) throws -> Bool {
        try tx.fetchValue(Bool.self, """
            SELECT EXISTS (SELECT 1 FROM stock_reservations)
                OR EXISTS (SELECT 1 FROM charges WHERE status IN ('pending', 'requires_action'))
                OR EXISTS (SELECT 1 FROM auction_bids WHERE state IN ('placing', 'requiresAction'))
                OR EXISTS (SELECT 1 FROM orders WHERE payment_kind = 'auction' AND state = 'pendingPayment')
                OR EXISTS (SELECT 1 FROM auction_bids b JOIN charges c ON c.id = b.hold_id
                           WHERE b.state = 'raised' AND c.status = 'authorized')
                OR EXISTS (SELECT 1 FROM subscriptions WHERE state = 'incomplete')
                OR EXISTS (SELECT 1 FROM order_refunds WHERE state = 'requested')
            """) ?? false
    }

    /// A read error keeps the owner alive: never cancel a shopper's open step on a guess.
    private func isAlive(_ owner: String?) -> Bool {
        (try? store.read { tx in try instance.isAlive(tx, owner: owner) }) ?? true
    }
}
