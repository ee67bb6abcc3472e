import Foundation
import PaymentsCore

/// What must hold after every step: the ledger audit (the operator's `checkout audit`), plus
/// what only the simulator knows: the stock the shop started with, and what each shopper was told.
enum Invariants {
    struct Broken: CustomStringConvertible {
        /// The kind, for counting distinct findings across seeds ("audit: holdWithoutBid").
        let kind: String
        /// Worded only when shown: a surveying seed meets the same broken rows at every step.
        private let words: () -> String
        var detail: String { words() }
        var description: String { "\(kind): \(detail)" }

        init(kind: String, detail: @autoclosure @escaping () -> String) {
            self.kind = kind
            words = detail
        }
    }

    /// - Parameter settled: the settler has just run, so nothing may be left waiting for longer
    ///   than 15 minutes of clock time.
    /// Read in one snapshot (one SQLite read transaction, REPEATABLE READ on a server), through
    /// the active counter's connection.
    static func check(_ world: SimulatedWorld, settled: Bool, scanForCards: Bool) -> [Broken] {
        let audit = LedgerAudit(unsettledAfter: settled ? .minutes(15) : nil, scansForCardNumbers: scanForCards,
                                journalMemo: world.journalMemo)
        do {
            return try world.process.core.store.read { tx in
                try audit.violations(tx, now: world.clock.now).map { Broken(kind: "audit: \(kind(of: $0))", detail: $0.description) }
                    + stockIsConserved(tx, world) + shoppersWereToldTheTruth(tx, world) + challengesOnScreenStand(tx, world)
            }
        } catch {
            return [Broken(kind: "database unreadable", detail: "\(error)")]
        }
    }

    /// Stock on the shelf plus jars that left with shoppers is what the shop started with. Jars
    /// leave with a paid order and come back with its refunds' returned lines; an order refunded
    /// in full before refunds had rows of their own brought all of its jars back; one refunded in
    /// money only (amounts adding up to what was paid) left its jars with the shopper.
    static func stockIsConserved(_ tx: any CoreTransaction, _ world: SimulatedWorld) throws -> [Broken] {
        try tx.rows("""
            SELECT p.id, p.stock,
              COALESCE((SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
                WHERE l.product_id = p.id AND (o.state = 'paid'
                  OR (o.state = 'refunded' AND EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id)))), 0)
              - COALESCE((SELECT SUM(rl.quantity) FROM order_refund_lines rl JOIN order_refunds r ON r.id = rl.refund_id
                JOIN order_lines l ON l.order_id = r.order_id AND l.position = rl.position
                WHERE r.state = 'refunded' AND l.product_id = p.id), 0) AS sold
            FROM products p ORDER BY p.id
            """).compactMap { row in
            let id = try row.value(String.self, "id")
            let stock = try row.value(Int.self, "stock"), sold = try row.value(Int.self, "sold")
            guard let start = world.startingStock[id], stock + sold != start else { return nil }
            return Broken(kind: "stock not conserved", detail: "\(id): \(stock) on the shelf + \(sold) sold != \(start) at the start")
        }
    }

    /// "Paid" is paid; "Not paid" was never charged, not even later by a settler; "Joined" stands.
    static func shoppersWereToldTheTruth(_ tx: any CoreTransaction, _ world: SimulatedWorld) throws -> [Broken] {
        let ledger = try LedgerSnapshot(tx)
        var broken: [Broken] = []
        for shopper in world.shoppers {
            for (index, told) in shopper.told.enumerated() {
                switch told {
                case .paid(let orderId):
                    let state = ledger.orderStates[orderId]
                    let returned = state == "refunded" && (shopper.told.contains(.refunded(orderId: orderId)) || shopper.returned.contains(orderId))
                    if state != "paid", !returned {
                        broken.append(Broken(kind: "told Paid, not paid", detail: "\(shopper.name) was told \(told), the order is \(state ?? "missing")"))
                    }
                case .notPaid(let orderId, _):
                    // "Not paid" speaks of that attempt: once the shopper paid the same order again
                    // (a new attempt), the order may be paid; a second charge is the audit's
                    // `orderPaidMoreThanOnce`.
                    // A split's earlier parts are that order's money, told "Part paid" before this.
                    let partPaidBefore = shopper.told[..<index].contains(.partPaid(orderId: orderId))
                    let laterAttempt = partPaidBefore || shopper.told[(index + 1)...].contains { $0.orderId == orderId }
                        || shopper.attempts.contains { $0.orderId == orderId && $0.heard > index }
                    if laterAttempt { continue }
                    let money = ledger.moneyTaken(orderId: orderId)
                    if !money.isEmpty {
                        broken.append(Broken(kind: "told Not paid, charged",
                                             detail: "\(shopper.name) was told \(told), but \(money.joined(separator: ", "))"))
                    }
                case .joined(let bidId):
                    let state = ledger.bidStates[bidId]
                    // A raised bid stood until a higher one of hers replaced it.
                    if !["joined", "won", "lost", "left", "raised"].contains(state ?? "missing") {
                        broken.append(Broken(kind: "told Joined, no bid", detail: "\(shopper.name) was told \(told), the bid is \(state ?? "missing")"))
                    }
                case .left(let bidId):
                    let state = ledger.bidStates[bidId]
                    if state != "left" {
                        broken.append(Broken(kind: "told Left, bid stands", detail: "\(shopper.name) was told \(told), the bid is \(state ?? "missing")"))
                    }
                case .partPaid(let orderId):
                    // Booked with its answer: the order holds it (pending) or is paid by now.
                    let state = ledger.orderStates[orderId]
                    // Or its parts given back: closed as failed, its money the refunds' (the audit proves them).
                    let givenBack = state == "failed" && shopper.givingBack.contains(orderId)
                    // Paid and later refunded (a split comes back like any order) holds too.
                    if !["pendingPayment", "paid", "refunded"].contains(state ?? "missing"), !givenBack {
                        broken.append(Broken(kind: "told Part paid, order lost", detail: "\(shopper.name) was told \(told), the order is \(state ?? "missing")"))
                    }
                case .partsGivenBack(let orderId):
                    let state = ledger.orderStates[orderId]
                    let legs = ledger.refundStatesOfOrder[orderId] ?? []
                    if state != "failed" || legs.isEmpty || legs.contains(where: { $0 != "refunded" }) {
                        broken.append(Broken(kind: "told Given back, not given back",
                                             detail: "\(shopper.name) was told \(told), the order is \(state ?? "missing"), its refunds \(legs)"))
                    }
                case .refunded(let orderId):
                    let state = ledger.orderStates[orderId]
                    if state != "refunded" {
                        broken.append(Broken(kind: "told Refunded, not refunded", detail: "\(shopper.name) was told \(told), the order is \(state ?? "missing")"))
                    }
                case .partlyRefunded(_, let refundId):
                    let state = ledger.refundStates[refundId]
                    if state != "refunded" {
                        broken.append(Broken(kind: "told Partly refunded, not refunded", detail: "\(shopper.name) was told \(told), the refund is \(state ?? "missing")"))
                    }
                case .subscribed(let id):
                    if !ledger.subscriptions.contains(id) {
                        broken.append(Broken(kind: "told Subscribed, no subscription", detail: "\(shopper.name) was told \(told)"))
                    }
                case .waiting, .notJoined, .notSubscribed, .notRefunded:
                    break
                }
            }
        }
        return broken
    }

    /// A 3-D Secure challenge on a live counter's screen is that counter's (the settler's rule
    /// with several counters): until its shopper answers or it expires, no counter cancels it,
    /// else a shopper who types the right code in time is told "Not paid".
    static func challengesOnScreenStand(_ tx: any CoreTransaction, _ world: SimulatedWorld) throws -> [Broken] {
        let expiry = Settler.Policy().challengeExpiry
        var broken: [Broken] = []
        for (index, process) in world.processes.enumerated() where process.isAlive {
            for prompt in process.openChallenges {
                guard let charge = prompt.challenged, world.clock.now.timeIntervalSince(charge.createdAt) < expiry else { continue }
                let status = try tx.fetchValue(String.self, "SELECT status FROM charges WHERE id = ?", charge.id)
                if status != "requires_action" {
                    broken.append(Broken(kind: "challenge on a live counter's screen taken away",
                                         detail: "\(prompt.shopper.name)'s challenge on counter \(index + 1), charge \(charge.id), is \(status ?? "missing")"))
                }
            }
        }
        return broken
    }

    /// The rows the shoppers' checks need, read once a check (a query per shopper would make a
    /// long seed quadratic).
    private struct LedgerSnapshot {
        var orderStates: [String: String] = [:]
        var orderNumbers: [String: String] = [:]
        /// The orders a succeeded charge's key names (`order-<id>-payment`, `…-payment-<n>`).
        var capturedOrders = Set<String>()
        var authorisedBankReferences = Set<String>()
        var consumedSourceDescriptions = Set<String>()
        var bidStates: [String: String] = [:]
        var subscriptions = Set<String>()
        var refundStates: [String: String] = [:]
        var refundStatesOfOrder: [String: [String]] = [:]

        init(_ tx: any CoreTransaction) throws {
            for row in try tx.rows("SELECT id, number, state FROM orders") {
                let id = try row.value(String.self, "id")
                orderStates[id] = try row.value(String.self, "state")
                orderNumbers[id] = try row.value(String.self, "number")
            }
            // Parsed once a check: looking each order up in the keys was quadratic in a long seed.
            capturedOrders = Set(try tx.fetchValues(String.self, "SELECT idempotency_key FROM charges WHERE status = 'succeeded'").compactMap { key in
                guard key.hasPrefix("order-"), let payment = key.range(of: "-payment"),
                      payment.upperBound == key.endIndex || key[payment.upperBound] == "-" else { return nil }
                return String(key[key.index(key.startIndex, offsetBy: 6)..<payment.lowerBound])
            })
            authorisedBankReferences = Set(try tx.fetchValues(String.self, """
                SELECT reference FROM bank_resources WHERE kind = 'payment' AND status IN ('authorized', 'executed', 'settled')
                """))
            consumedSourceDescriptions = Set(try tx.fetchValues(String.self, "SELECT description FROM sources WHERE status = 'consumed'"))
            for row in try tx.rows("SELECT id, state FROM auction_bids") { bidStates[try row.value(String.self, "id")] = try row.value(String.self, "state") }
            subscriptions = Set(try tx.fetchValues(String.self, "SELECT id FROM subscriptions"))
            for row in try tx.rows("SELECT id, order_id, state FROM order_refunds") {
                let state = try row.value(String.self, "state")
                refundStates[try row.value(String.self, "id")] = state
                refundStatesOfOrder[try row.value(String.self, "order_id"), default: []].append(state)
            }
        }

        /// Every way money may have been taken for an order: the order paid, its card charge
        /// captured, a bank payment made out to it authorised, a wallet source for it consumed.
        func moneyTaken(orderId: String) -> [String] {
            guard let number = orderNumbers[orderId] else { return [] }
            var taken: [String] = []
            if orderStates[orderId] == "paid" { taken.append("order \(number) is paid") }
            if capturedOrders.contains(orderId) {
                taken.append("its charge succeeded")
            }
            if authorisedBankReferences.contains(number) { taken.append("a bank payment for \(number) was authorised") }
            if consumedSourceDescriptions.contains("Honey Store order \(number)") { taken.append("a wallet source for \(number) was consumed") }
            return taken
        }
    }

    static func kind(of violation: LedgerViolation) -> String {
        switch violation {
        case .orderPaidMoreThanOnce: "orderPaidMoreThanOnce"
        case .paidOrderWithoutPayment: "paidOrderWithoutPayment"
        case .capturedChargeOfUnpaidOrder(_, _, _, _, let state): "capturedChargeOfUnpaidOrder(\(state))"
        case .externalPaymentOfUnpaidOrder(_, _, _, _, let state): "externalPaymentOfUnpaidOrder(\(state))"
        case .capturedChargeWithoutOwner: "capturedChargeWithoutOwner"
        case .holdWithoutBid(_, _, let bid, let state): bid == nil ? "holdWithoutBid(no bid)" : "holdWithoutBid(\(state ?? ""))"
        case .bidWithoutHold(_, _, let status): "bidWithoutHold(\(status ?? "missing"))"
        case .reservationOfSettledOrder(_, _, let state, _, _): "reservationOfSettledOrder(\(state ?? "missing"))"
        case .negativeStock: "negativeStock"
        case .refundWithoutMoney: "refundWithoutMoney"
        case .moneyBackOfFailedRefund: "moneyBackOfFailedRefund"
        case .refundedMoreThanPaid: "refundedMoreThanPaid"
        case .reservationsExceedStock: "reservationsExceedStock"
        case .stockDisagreesWithMovements: "stockDisagreesWithMovements"
        case .bookedBalanceDiffers: "bookedBalanceDiffers"
        case .paymentNotBooked: "paymentNotBooked"
        case .refundNotBooked: "refundNotBooked"
        case .entryDiffersFromPayment: "entryDiffersFromPayment"
        case .moneyTakenWithNothingBought: "moneyTakenWithNothingBought"
        case .dayReportDiffersFromBooks(_, let figure, _, _): "dayReportDiffersFromBooks(\(figure))"
        case .unsettled(.charge(_, let status), _): "unsettled charge (\(status))"
        case .unsettled(.order, _): "unsettled order"
        case .unsettled(.bid, _): "unsettled bid"
        case .unsettled(.bankPayment, _): "unsettled bank payment"
        case .unsettled(.renewal, _): "unsettled renewal"
        case .unsettled(.refund, _): "unsettled refund"
        case .cardNumberInClear(let table, let column, _, _): "cardNumberInClear(\(table).\(column))"
        case .journalBroken(let problem): "journalBroken(\(problem.counter))"
        case .discountedOrderDiffers: "discountedOrderDiffers"
        }
    }
}
