import Foundation
import GRDB
import PaymentsCore

/// What must hold after every step: the ledger audit (the operator's `checkout audit`), plus
/// what only the simulator knows: the stock the shop started with, and what each shopper was told.
enum Invariants {
    struct Broken: Hashable, CustomStringConvertible {
        /// The kind, for counting distinct findings across seeds ("audit: holdWithoutBid").
        let kind: String
        let detail: String
        var description: String { "\(kind): \(detail)" }
    }

    /// - Parameter settled: the settler has just run, so nothing may be left waiting for longer
    ///   than 15 minutes of clock time.
    static func check(_ world: SimulatedWorld, settled: Bool, scanForCards: Bool) -> [Broken] {
        let queue = world.process.core.database.queue
        let audit = LedgerAudit(unsettledAfter: settled ? .minutes(15) : nil, scansForCardNumbers: scanForCards)
        do {
            var broken = try audit.violations(in: queue, now: world.clock.now).map { Broken(kind: "audit: \(kind(of: $0))", detail: $0.description) }
            try queue.read { db in
                broken += try stockIsConserved(db, world)
                broken += try shoppersWereToldTheTruth(db, world)
            }
            return broken
        } catch {
            return [Broken(kind: "database unreadable", detail: "\(error)")]
        }
    }

    /// Stock on the shelf plus jars sold (in orders paid and not refunded) is what the shop started with.
    static func stockIsConserved(_ db: Database, _ world: SimulatedWorld) throws -> [Broken] {
        try Row.fetchAll(db, sql: """
            SELECT p.id, p.stock, COALESCE((SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
              WHERE o.state = 'paid' AND l.product_id = p.id), 0) AS sold FROM products p ORDER BY p.id
            """).compactMap { row in
            let id: String = row["id"]
            let stock: Int = row["stock"], sold: Int = row["sold"]
            guard let start = world.startingStock[id], stock + sold != start else { return nil }
            return Broken(kind: "stock not conserved", detail: "\(id): \(stock) on the shelf + \(sold) sold != \(start) at the start")
        }
    }

    /// "Paid" is paid; "Not paid" was never charged, not even later by a settler; "Joined" stands.
    static func shoppersWereToldTheTruth(_ db: Database, _ world: SimulatedWorld) throws -> [Broken] {
        var broken: [Broken] = []
        for shopper in world.shoppers {
            for told in shopper.told {
                switch told {
                case .paid(let orderId):
                    let state = try String.fetchOne(db, sql: "SELECT state FROM orders WHERE id = ?", arguments: [orderId])
                    if state != "paid" {
                        broken.append(Broken(kind: "told Paid, not paid", detail: "\(shopper.name) was told \(told), the order is \(state ?? "missing")"))
                    }
                case .notPaid(let orderId, _):
                    let money = try moneyTaken(db, orderId: orderId)
                    if !money.isEmpty {
                        broken.append(Broken(kind: "told Not paid, charged",
                                             detail: "\(shopper.name) was told \(told), but \(money.joined(separator: ", "))"))
                    }
                case .joined(let bidId):
                    let state = try String.fetchOne(db, sql: "SELECT state FROM auction_bids WHERE id = ?", arguments: [bidId])
                    if !["joined", "won", "lost", "left"].contains(state ?? "missing") {
                        broken.append(Broken(kind: "told Joined, no bid", detail: "\(shopper.name) was told \(told), the bid is \(state ?? "missing")"))
                    }
                case .subscribed(let id):
                    if try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM subscriptions WHERE id = ?)", arguments: [id]) ?? false) {
                        broken.append(Broken(kind: "told Subscribed, no subscription", detail: "\(shopper.name) was told \(told)"))
                    }
                case .waiting, .notJoined, .notSubscribed:
                    break
                }
            }
        }
        return broken
    }

    /// Every way money may have been taken for an order: the order paid, its card charge captured,
    /// a bank payment made out to it authorised, a wallet source for it consumed.
    private static func moneyTaken(_ db: Database, orderId: String) throws -> [String] {
        guard let order = try Row.fetchOne(db, sql: "SELECT number, state FROM orders WHERE id = ?", arguments: [orderId]) else { return [] }
        let number: String = order["number"]
        var taken: [String] = []
        if order["state"] as String == "paid" { taken.append("order \(number) is paid") }
        taken += try String.fetchAll(db, sql: "SELECT id FROM charges WHERE idempotency_key = ? AND status = 'succeeded'",
                                     arguments: ["order-\(orderId)-payment"]).map { "charge \($0) succeeded" }
        taken += try String.fetchAll(db, sql: """
            SELECT id FROM bank_resources WHERE kind = 'payment' AND reference = ? AND status IN ('authorized', 'executed', 'settled')
            """, arguments: [number]).map { "bank payment \($0) authorised" }
        taken += try String.fetchAll(db, sql: "SELECT id FROM sources WHERE description = ? AND status = 'consumed'",
                                     arguments: ["Honey Store order \(number)"]).map { "source \($0) consumed" }
        return taken
    }

    static func kind(of violation: LedgerViolation) -> String {
        switch violation {
        case .orderPaidMoreThanOnce: "orderPaidMoreThanOnce"
        case .capturedChargeOfUnpaidOrder(_, _, _, _, let state): "capturedChargeOfUnpaidOrder(\(state))"
        case .capturedChargeWithoutOwner: "capturedChargeWithoutOwner"
        case .holdWithoutBid(_, _, let bid, let state): bid == nil ? "holdWithoutBid(no bid)" : "holdWithoutBid(\(state ?? ""))"
        case .bidWithoutHold(_, _, let status): "bidWithoutHold(\(status ?? "missing"))"
        case .reservationOfSettledOrder(_, _, let state, _, _): "reservationOfSettledOrder(\(state ?? "missing"))"
        case .negativeStock: "negativeStock"
        case .reservationsExceedStock: "reservationsExceedStock"
        case .unsettled(.charge(_, let status), _): "unsettled charge (\(status))"
        case .unsettled(.order, _): "unsettled order"
        case .unsettled(.bid, _): "unsettled bid"
        case .unsettled(.bankPayment, _): "unsettled bank payment"
        case .cardNumberInClear(let table, let column, _, _): "cardNumberInClear(\(table).\(column))"
        }
    }
}
