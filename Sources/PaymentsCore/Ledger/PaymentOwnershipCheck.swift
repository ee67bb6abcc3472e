import Foundation

/// Who took money for what: each order is paid at most once (and a paid order was paid), and each captured charge that is
/// not refunded in full belongs to a paid order or to another owner the core knows.
///
/// A charge names its owner by its idempotency key, the key each caller chooses:
/// `order-<order id>-payment[-<attempt>]` (card checkout), `auction-<bid id>-hold` (auction holds),
/// `source-<source id>` (card sources), `<subscription id>-period-<n>-attempt-<m>` (subscribing
/// and renewals), `express-...` (the express sheet, whose order notes the charge in `charge_id`).
enum PaymentOwnershipCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        let orders = try LedgerOrder.all(tx)
        let charges = try CapturedCharge.all(tx)
        let parts = try SplitParts.all(tx)
        return try paidMoreThanOnce(tx, orders: orders, charges: charges, parts: parts) + owners(tx, orders: orders, charges: charges, parts: parts)
            + externalOwners(tx, orders: orders)
    }

    // MARK: - Each bank payment and wallet source owned

    /// Money that moved by bank or wallet for an order not paid by it (an order in flight is the
    /// settler's; a refunded one gave it back).
    private static func externalOwners(_ tx: any CoreTransaction, orders: [LedgerOrder]) throws -> [LedgerViolation] {
        let byNumber = Dictionary(orders.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let byReference = Dictionary(orders.compactMap { order in order.paymentReference.map { ($0, order) } }, uniquingKeysWith: { first, _ in first })
        var taken: [(id: String, amount: Money, order: LedgerOrder)] = []
        for row in try tx.rows("""
            SELECT id, reference, amount_minor, currency FROM bank_resources
            WHERE kind = 'payment' AND status IN ('authorized', 'executed', 'settled') ORDER BY created_at, \(tx.engine.bytewise("id"))
            """) {
            let id: String = try row.audited("id")
            guard let order = byNumber[try row.audited("reference") as String] ?? byReference[id] else { continue }
            taken.append((id, Money.audited(try row.audited("amount_minor"), try row.audited("currency")), order))
        }
        for row in try tx.rows("""
            SELECT id, description, amount_minor, currency FROM sources
            WHERE status IN ('authorized', 'consumed') AND type <> 'card' ORDER BY created_at, \(tx.engine.bytewise("id"))
            """) {
            let id: String = try row.audited("id")
            let described = LedgerOrder.number(inDescription: try row.audited("description")).flatMap { byNumber[$0] }
            guard let order = byReference[id] ?? described else { continue }
            taken.append((id, Money.audited(try row.audited("amount_minor"), try row.audited("currency")), order))
        }
        return taken.compactMap { payment in
            let order = payment.order
            guard !["paid", "refunded"].contains(order.state), !order.isInFlight else { return nil }
            return .externalPaymentOfUnpaidOrder(paymentId: payment.id, amount: payment.amount, orderId: order.id,
                                                 orderNumber: order.number, orderState: order.state)
        }
    }

    // MARK: - Each order paid at most once

    private static func paidMoreThanOnce(_ tx: any CoreTransaction, orders: [LedgerOrder], charges: [CapturedCharge],
                                         parts: SplitParts) throws -> [LedgerViolation] {
        var payments: [String: Set<String>] = [:]   // order id -> payment ids
        let byNumber = Dictionary(orders.map { ($0.number, $0.id) }, uniquingKeysWith: { first, _ in first })
        let byCharge = Dictionary(orders.compactMap { order in order.chargeId.map { ($0, order.id) } }, uniquingKeysWith: { first, _ in first })
        for charge in charges {
            // A card source's charge is the source's money: counted once, under the source.
            let payment = charge.sourceId ?? charge.id
            for orderId in Set([charge.orderIdFromKey, byCharge[charge.id], charge.orderNumber.flatMap { byNumber[$0] }].compactMap { $0 }) {
                payments[orderId, default: []].insert(payment)
            }
        }
        // Bank payments are made out to the order's number (a subscription period's mandate draw,
        // to its key: its order notes the draw); authorised is money the store has.
        let byReference = Dictionary(orders.compactMap { order in order.paymentReference.map { ($0, order.id) } }, uniquingKeysWith: { first, _ in first })
        for row in try tx.rows("""
            SELECT id, reference FROM bank_resources WHERE kind = 'payment' AND status IN ('authorized', 'executed', 'settled')
            """) {
            let id: String = try row.audited("id")
            for orderId in Set([byNumber[try row.audited("reference") as String], byReference[id]].compactMap { $0 }) {
                payments[orderId, default: []].insert(id)
            }
        }
        // Wallet sources: the one the order notes, or one described as the order.
        for row in try tx.rows("SELECT id, description FROM sources WHERE status IN ('authorized', 'consumed') AND type <> 'card'") {
            let id: String = try row.audited("id")
            let described = LedgerOrder.number(inDescription: try row.audited("description")).flatMap { byNumber[$0] }
            for orderId in Set([byReference[id], described].compactMap { $0 }) { payments[orderId, default: []].insert(id) }
        }
        // Cash taken at a till: its row names its order.
        for row in try tx.rows("SELECT id, order_id FROM cash_payments") {
            payments[try row.audited("order_id") as String, default: []].insert(try row.audited("id"))
        }
        // A refund whose money went back before its order was marked (the settler finishes it):
        // unsettled, not a paid order without money; `UnsettledCheck` names it once late.
        let refundedInFull = Set(try tx.fetchValues(String.self, """
            SELECT id FROM charges WHERE status = 'succeeded' AND amount_captured > 0 AND amount_refunded >= amount_captured
            """))
        return orders.compactMap { order in
            let paid = payments[order.id] ?? []
            if paid.isEmpty, order.state == "paid", !order.chargeId.map(refundedInFull.contains).orFalse {
                return .paidOrderWithoutPayment(orderId: order.id, orderNumber: order.number)
            }
            guard paid.count > 1, !parts.isSplit(order.id, paidBy: paid) else { return nil }
            // A split's next part answered and not booked yet (its order in flight: the settler
            // books it): one payment beyond the booked parts is that part, not a second payment.
            // Booked, a part too many is named above; two unbooked ones are named here.
            if order.isInFlight, parts.isNextPartInFlight(order.id, paidBy: paid) { return nil }
            return .orderPaidMoreThanOnce(orderId: order.id, orderNumber: order.number, payments: paid.sorted())
        }
    }

    // MARK: - Each captured charge owned

    private static func owners(_ tx: any CoreTransaction, orders: [LedgerOrder], charges: [CapturedCharge],
                               parts: SplitParts) throws -> [LedgerViolation] {
        let ordersById = Dictionary(orders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ordersByNumber = Dictionary(orders.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let ordersByKey = Dictionary(orders.compactMap { order in order.paymentKey.map { ($0, order) } }, uniquingKeysWith: { first, _ in first })
        let paidByCharge = Set(orders.filter { $0.state == "paid" }.compactMap(\.chargeId))
        // A split's part being given back (`giveBackParts`) is the refund's, on its way back.
        let onItsWayBack = Set(try tx.fetchValues(String.self, "SELECT paid_by FROM order_refunds WHERE state = 'requested' AND paid_by IS NOT NULL"))
        var found: [LedgerViolation] = []
        for charge in charges {
            if paidByCharge.contains(charge.id) { continue }
            if let orderId = charge.orderIdFromKey {
                guard let order = ordersById[orderId] else {
                    found.append(.capturedChargeWithoutOwner(chargeId: charge.id, amount: charge.amount, idempotencyKey: charge.key))
                    continue
                }
                // An order whose attempt is still in flight or unknown (jars reserved) is the
                // settler's to mark paid: unsettled, and `UnsettledCheck` says so once it is late.
                // A part of a split booked on its order awaiting the rest is the order's money.
                if order.state != "paid", !order.isInFlight, !(order.state == "pendingPayment" && parts.isBooked(charge.id, on: order.id)),
                   !onItsWayBack.contains(charge.id) {
                    found.append(.capturedChargeOfUnpaidOrder(chargeId: charge.id, amount: charge.amount, orderId: order.id,
                                                             orderNumber: order.number, orderState: order.state))
                }
                continue
            }
            if try ownedElsewhere(tx, charge) { continue }
            // The express sheet's charge: its order notes the key, and it is described as the
            // order. In flight, the settler's; paid by another payment, `paidMoreThanOnce`'s. (A
            // subscription's charge is owned by its recorded attempt alone, above: the period's
            // order notes the key too, and a second charge under it is nobody's.)
            if RenewalKey(charge.key) == nil, let order = ordersByKey[charge.key] ?? charge.orderNumber.flatMap({ ordersByNumber[$0] }) {
                if order.state != "paid", !order.isInFlight {
                    found.append(.capturedChargeOfUnpaidOrder(chargeId: charge.id, amount: charge.amount, orderId: order.id,
                                                             orderNumber: order.number, orderState: order.state))
                }
                continue
            }
            found.append(.capturedChargeWithoutOwner(chargeId: charge.id, amount: charge.amount, idempotencyKey: charge.key))
        }
        return found
    }

    /// An auction's won bid, a card source that was authorised, a subscription period paid.
    private static func ownedElsewhere(_ tx: any CoreTransaction, _ charge: CapturedCharge) throws -> Bool {
        if charge.key.hasPrefix("auction-") {
            return try tx.exists("SELECT 1 FROM auction_bids WHERE hold_id = ? AND state = 'won'", charge.id)
        }
        if let sourceId = charge.sourceId {
            return try tx.exists("SELECT 1 FROM sources WHERE id = ? AND charge_id = ? AND status IN ('authorized', 'consumed')", sourceId, charge.id)
        }
        if let renewal = RenewalKey(charge.key) {
            if renewal.period == 0 {
                return try tx.exists("SELECT 1 FROM subscriptions WHERE id = ?", renewal.subscriptionId)
            }
            // The attempt names the charge that paid it: a second charge for the same period (its key
            // forgotten after 24 hours, say) is not owned by that attempt.
            let recorded = try tx.exists("""
                SELECT 1 FROM renewal_attempts WHERE subscription_id = ? AND period_index = ? AND succeeded = 1 AND payment_ref = ?
                """, renewal.subscriptionId, renewal.period, charge.id)
            // Not recorded yet, the renewal still due under this very key: the next renewal run
            // records it (unsettled, and `UnsettledCheck` says so once it is late).
            return try recorded || renewal.isInFlight(tx)
        }
        return false
    }
}

/// The columns of an order the audit needs.
struct LedgerOrder {
    let id: String
    let number: String
    let state: String
    let chargeId: String?
    let paymentReference: String?
    /// The idempotency key of the order's current card attempt or express charge.
    let paymentKey: String?
    /// Awaiting payment with its jars reserved: an attempt in flight or whose outcome is unknown.
    let isInFlight: Bool

    static func all(_ tx: any CoreTransaction) throws -> [LedgerOrder] {
        try tx.rows("""
            SELECT id, number, state, charge_id, payment_reference, payment_key,
              state = 'pendingPayment' AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = orders.id) AS in_flight
            FROM orders ORDER BY created_at, \(tx.engine.bytewise("id"))
            """).map { row in
            // Orders noted before the bank's token had its own column hold "<payment id> <token>".
            let reference = (try row.audited("payment_reference") as String?).map { String($0.prefix { $0 != " " }) }
            return LedgerOrder(id: try row.audited("id"), number: try row.audited("number"), state: try row.audited("state"),
                               chargeId: try row.audited("charge_id"), paymentReference: reference,
                               paymentKey: try row.audited("payment_key"), isInFlight: try row.audited("in_flight"))
        }
    }

    /// "Honey Store order HS-000123" -> "HS-000123": how the store describes an order's payment.
    static func number(inDescription description: String) -> String? {
        Order.number(inPaymentDescription: description)
    }
}

/// A charge that has taken money and not given it all back.
struct CapturedCharge {
    let id: String
    let key: String
    let amount: Money
    let description: String

    static func all(_ tx: any CoreTransaction) throws -> [CapturedCharge] {
        try tx.rows("""
            SELECT id, idempotency_key, amount_captured, amount_refunded, currency, description FROM charges
            WHERE status = 'succeeded' AND amount_refunded < amount_captured ORDER BY created_ms, \(tx.engine.bytewise("id"))
            """).map { row in
            let kept = (try row.audited("amount_captured") as Int64) - (try row.audited("amount_refunded") as Int64)
            return CapturedCharge(id: try row.audited("id"), key: try row.audited("idempotency_key"),
                                  amount: Money.audited(kept, try row.audited("currency")), description: try row.audited("description"))
        }
    }

    /// `order-<id>-payment`, then `order-<id>-payment-<attempt>`: the card checkout's keys for
    /// an order's attempts.
    var orderIdFromKey: String? {
        guard key.hasPrefix("order-"), let marker = key.range(of: "-payment", options: .backwards) else { return nil }
        let attempt = key[marker.upperBound...]
        guard attempt.isEmpty || (attempt.hasPrefix("-") && attempt.dropFirst().allSatisfy(\.isNumber) && attempt.count > 1) else { return nil }
        let id = key[key.index(key.startIndex, offsetBy: "order-".count)..<marker.lowerBound]
        return id.isEmpty ? nil : String(id)
    }

    /// `source-<id>`: a card source's charge.
    var sourceId: String? {
        key.hasPrefix("source-") ? String(key.dropFirst("source-".count)) : nil
    }

    var orderNumber: String? { LedgerOrder.number(inDescription: description) }
}

/// `<subscription id>-period-<n>-attempt-<m>`, the key of a subscription's payment for period n.
struct RenewalKey {
    /// The subscription's next payment is this one: asked, its answer not recorded yet.
    func isInFlight(_ tx: any CoreTransaction) throws -> Bool {
        try tx.exists("""
            SELECT 1 FROM subscriptions WHERE id = ? AND state IN ('active', 'pastDue') AND period_index = ? AND failed_attempts = ?
            """, subscriptionId, period - 1, attempt)
    }

    let subscriptionId: String
    let period: Int
    let attempt: Int

    init?(_ key: String) {
        guard let periodRange = key.range(of: "-period-", options: .backwards),
              let attemptRange = key.range(of: "-attempt-", options: .backwards), periodRange.upperBound <= attemptRange.lowerBound,
              let period = Int(key[periodRange.upperBound..<attemptRange.lowerBound]), let attempt = Int(key[attemptRange.upperBound...])
        else { return nil }
        subscriptionId = String(key[..<periodRange.lowerBound])
        self.period = period
        self.attempt = attempt
    }
}

private extension Optional where Wrapped == Bool {
    var orFalse: Bool { self ?? false }
}

/// The payments each order's books hold as money in (issue 35, split tender): several payments
/// of one order are its parts, not a second payment, when every one of them is booked on it and
/// together they are no more than its total (more is an order paid twice, which `BooksCheck`
/// names too).
struct SplitParts {
    private let booked: [String: (payments: Set<String>, sum: Int64, total: Int64)]

    static func all(_ tx: any CoreTransaction) throws -> SplitParts {
        var booked: [String: (payments: Set<String>, sum: Int64, total: Int64)] = [:]
        for row in try tx.rows("""
            SELECT e.order_id, e.answer_id, e.amount_minor, o.total_minor FROM ledger_entries e JOIN orders o ON o.id = e.order_id
            WHERE e.movement <> 'refund'
            """) {
            let orderId: String = try row.audited("order_id")
            let total: Int64 = try row.audited("total_minor")
            var entry = booked[orderId] ?? ([], 0, total)
            entry.payments.insert(try row.audited("answer_id"))
            entry.sum += try row.audited("amount_minor") as Int64
            booked[orderId] = entry
        }
        return SplitParts(booked: booked)
    }

    func isBooked(_ payment: String, on orderId: String) -> Bool {
        booked[orderId]?.payments.contains(payment) ?? false
    }

    /// The order's booked parts leave some of it to pay, and exactly one payment besides them.
    func isNextPartInFlight(_ orderId: String, paidBy payments: Set<String>) -> Bool {
        guard let entry = booked[orderId], entry.sum < entry.total else { return false }
        return entry.payments.isSubset(of: payments) && payments.subtracting(entry.payments).count == 1
    }

    func isSplit(_ orderId: String, paidBy payments: Set<String>) -> Bool {
        guard let entry = booked[orderId] else { return false }
        return payments.isSubset(of: entry.payments) && entry.sum <= entry.total
    }
}
