import CheckoutKit
import CounterApp
import Foundation
import GRDB
import PaymentsCore
import TerminalUI

/// What must hold after every step of the monkey. Each check returns a sentence naming what
/// broke, or nil.
struct FuzzInvariants {
    /// The event log as last seen: its length, its last id, and a digest of its rows.
    private var eventCount = 0
    private var lastEventId: Int64 = 0
    private var eventDigest = ""
    private var digestedUpTo: Int64 = 0

    /// The frame: exactly the terminal's size, and every wide character's continuation cell in place.
    static func frameProblem(_ terminal: HeadlessTerminal) -> String? {
        let frame = terminal.screen
        guard frame.size == terminal.size else { return "the frame is \(frame.size), the terminal \(terminal.size)" }
        guard frame.cells.count == frame.size.columns * frame.size.rows else { return "the frame has \(frame.cells.count) cells for \(frame.size)" }
        let columns = frame.size.columns
        for y in 0..<frame.size.rows {
            var x = 0
            while x < columns {
                let cell = frame[x, y]
                if cell.isContinuation { return "a continuation cell without its lead at \(x),\(y)" }
                if DisplayWidth.isControl(cell.character) {
                    return "a control character U+\(String(cell.character.unicodeScalars.first!.value, radix: 16)) drawn at \(x),\(y)"
                }
                let width = DisplayWidth.of(cell.character)
                if width > 2 { return "a cell of width \(width) at \(x),\(y)" }
                if width == 2 {
                    guard x + 1 < columns else { return "a wide character in the last column at \(x),\(y)" }
                    guard frame[x + 1, y].isContinuation else { return "a wide character at \(x),\(y) without its continuation cell" }
                    x += 2
                } else {
                    x += 1
                }
            }
        }
        return nil
    }

    /// The cart the store's screens show: its total is the sum of its lines, quantities in range.
    static func cartProblem(_ app: CounterApplication) -> String? {
        let cart = app.state.session.cart
        var sum: Int64 = 0
        for line in cart.lines {
            guard (1...Cart.maximumQuantity).contains(line.quantity) else { return "a cart line of \(line.quantity) \(line.product.id)" }
            sum += line.product.price.minorUnits * Int64(line.quantity)
        }
        if cart.total.minorUnits != sum { return "the cart total is \(cart.total.minorUnits), its lines sum to \(sum)" }
        return nil
    }

    /// The money in the database, read with SQL.
    mutating func databaseProblem(_ queue: DatabaseQueue, fullReplay: Bool) throws -> String? {
        try queue.read { db -> String? in
            // Stock never negative.
            if let low = try Int.fetchOne(db, sql: "SELECT MIN(stock) FROM products"), low < 0 {
                return "a product's stock is \(low)"
            }
            // No charge without something it pays for (an order's attempts: `order-<id>-payment`,
            // then `-payment-2`, ...).
            let orphans = try String.fetchAll(db, sql: """
                SELECT c.idempotency_key FROM charges c
                WHERE NOT (
                  (c.idempotency_key LIKE 'order-%-payment%' AND EXISTS (SELECT 1 FROM orders o WHERE c.idempotency_key = 'order-' || o.id || '-payment'
                     OR c.idempotency_key LIKE 'order-' || o.id || '-payment-%'))
                  OR (c.idempotency_key LIKE 'auction-%-hold' AND EXISTS (SELECT 1 FROM auction_bids b WHERE 'auction-' || b.id || '-hold' = c.idempotency_key))
                  OR (c.idempotency_key LIKE 'source-%' AND EXISTS (SELECT 1 FROM sources s WHERE 'source-' || s.id = c.idempotency_key))
                  OR EXISTS (SELECT 1 FROM subscriptions s WHERE c.idempotency_key LIKE s.id || '-period-%')
                  OR c.idempotency_key LIKE 'express%')
                """)
            if let key = orphans.first { return "a charge (key \(key)) pays for no order, hold, source or subscription" }
            // No order paid twice; a paid order's charge succeeded for its total. Several charges of
            // one order are the parts of a split (issue 35) when together they are no more than it.
            let twice = try String.fetchAll(db, sql: """
                SELECT o.number FROM orders o JOIN charges c ON c.idempotency_key LIKE 'order-' || o.id || '-payment%'
                WHERE c.status = 'succeeded' GROUP BY o.id HAVING COUNT(*) > 1 AND SUM(c.amount) > MAX(o.total_minor)
                """)
            if let number = twice.first { return "order \(number) has more than one succeeded charge" }
            // A paid order is backed by money of its kind, referenced by `charge_id`: a card charge
            // of its total; an express charge of at least its total (the sheet adds shipping and
            // surcharges); a consumed wallet source or an authorised bank payment of its total; cash
            // taken at the till for its total; a split's parts, booked, summing to its total (each
            // entry is checked against its payment).
            let badPaid = try String.fetchAll(db, sql: """
                SELECT o.number FROM orders o WHERE o.state = 'paid' AND NOT (
                  (o.payment_kind IS NULL AND (SELECT COUNT(*) FROM ledger_entries e WHERE e.order_id = o.id AND e.movement <> 'refund') > 1
                     AND (SELECT SUM(e.amount_minor) FROM ledger_entries e WHERE e.order_id = o.id AND e.movement <> 'refund') = o.total_minor) OR
                  (o.payment_kind IS NULL AND EXISTS (SELECT 1 FROM charges c
                     WHERE c.id = o.charge_id AND c.status = 'succeeded' AND c.amount = o.total_minor))
                  OR (o.payment_kind = 'express' AND EXISTS (SELECT 1 FROM charges c
                     WHERE c.id = o.charge_id AND c.status = 'succeeded' AND c.amount >= o.total_minor))
                  OR (o.payment_kind = 'cash' AND EXISTS (SELECT 1 FROM cash_payments p WHERE p.id = o.charge_id AND p.amount_minor = o.total_minor))
                  OR (o.payment_kind = 'wallet' AND EXISTS (SELECT 1 FROM sources s
                     WHERE s.id = o.charge_id AND s.status = 'consumed' AND s.amount_minor = o.total_minor))
                  OR (o.payment_kind = 'bank' AND EXISTS (SELECT 1 FROM bank_resources b
                     WHERE b.id = o.charge_id AND b.status IN ('authorized', 'executed', 'settled') AND b.amount_minor = o.total_minor)))
                """)
            if let number = badPaid.first { return "order \(number) is paid without a payment of its total" }
            // Balances: what the card orders' charges kept (captured - refunded) is what the paid
            // card orders say.
            let kept = try Int.fetchOne(db, sql: """
                SELECT COALESCE(SUM(amount_captured - amount_refunded), 0) FROM charges WHERE idempotency_key LIKE 'order-%-payment%'
                """) ?? 0
            let paid = try Int.fetchOne(db, sql: """
                SELECT COALESCE(SUM(total_minor), 0) FROM orders WHERE state = 'paid' AND payment_kind IS NULL
                """) ?? 0
            if kept != paid { return "order charges kept \(kept) minor units, paid orders total \(paid)" }

            // The event log only grows, and what was written stays as it was.
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0
            let last = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM events") ?? 0
            if count < eventCount || last < lastEventId { return "the event log shrank from \(eventCount) to \(count) rows" }
            if fullReplay {
                let digest = try Self.digest(db, upTo: digestedUpTo)
                if !eventDigest.isEmpty && digest != eventDigest { return "events up to id \(digestedUpTo) were rewritten" }
                // Replaying the order events gives each order's state.
                var replayed: [String: String] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT kind, subject_id FROM events WHERE kind LIKE 'order.%' ORDER BY id") {
                    let kind: String = row["kind"]
                    let subject: String = row["subject_id"]
                    let name = String(kind.dropFirst("order.".count))
                    if name == "placed" { replayed[subject] = OrderState.pendingPayment.rawValue }
                    else if OrderState(rawValue: name) != nil { replayed[subject] = name }
                }
                for row in try Row.fetchAll(db, sql: "SELECT id, number, state FROM orders") {
                    let id: String = row["id"]
                    let state: String = row["state"]
                    if replayed[id] != state {
                        return "order \(row["number"] as String) is \(state) but its events replay to \(replayed[id] ?? "nothing")"
                    }
                }
                eventDigest = try Self.digest(db, upTo: last)
                digestedUpTo = last
            }
            eventCount = count
            lastEventId = last
            return nil
        }
    }

    private static func digest(_ db: Database, upTo id: Int64) throws -> String {
        var hasher = Hasher()
        var rows = 0
        for row in try Row.fetchAll(db, sql: "SELECT id, time_ms, kind, subject_id, payload FROM events WHERE id <= ? ORDER BY id", arguments: [id]) {
            rows += 1
            hasher.combine(row["id"] as Int64)
            hasher.combine(row["time_ms"] as Int64)
            hasher.combine(row["kind"] as String)
            hasher.combine(row["subject_id"] as String)
            hasher.combine(row["payload"] as String)
        }
        return "\(rows):\(hasher.finalize())"
    }
}
