import Foundation

/// Giving a discount on a cart's line or on the whole cart, and taking it back. The cart keeps
/// it until the cart becomes an order (`Orders.place` prices the lines with it); each one given
/// is checked against the shop's policy here, and journaled with who gave and approved it in
/// the transaction that records it.
extension Carts {
    /// Gives (or replaces) the discount `request` names. Refused, with nothing changed, when the
    /// reason is not the shop's, a note is missing, the value is out of range or above the line,
    /// or it is above the cashier's ceiling and nobody approved it (`needsApproval`).
    @discardableResult
    public func give(_ request: DiscountRequest, for sessionKey: String) throws(DiscountError) -> Cart {
        let policy = discountPolicy
        guard policy.reasons.contains(request.reason) else { throw .unknownReason(request.reason) }
        let note = request.note?.trimmingCharacters(in: .whitespacesAndNewlines)
        if policy.reasonsNeedingNote.contains(request.reason), note?.isEmpty ?? true { throw .noteRequired(request.reason) }
        do {
            return try store.write { tx in
                let cart = try cart(tx, sessionKey: sessionKey)
                guard !cart.isEmpty else { throw DiscountError.emptyCart }
                let base = try cart.discountBase(for: request.target)
                let taken = try request.adjustment.taken(from: base)
                // Above the ceiling, a manager gives it alone; anyone else needs one's approval.
                if policy.isAboveCeiling(taking: taken, of: base.minorUnits), request.approvedBy == nil,
                   try !(request.givenBy.map { try Self.isManager($0, tx) } ?? false) {
                    throw DiscountError.needsApproval(ceilingBasisPoints: policy.cashierCeilingBasisPoints)
                }
                let discount = Discount(target: request.target, adjustment: request.adjustment, reason: request.reason,
                                        note: (note?.isEmpty ?? true) ? nil : note, givenBy: request.givenBy, approvedBy: request.approvedBy,
                                        at: clock.now)
                let cartId = try cartId(tx, sessionKey: sessionKey)
                try Self.deleteDiscount(tx, cartId: cartId, target: request.target)
                try tx.insert(CartDiscountRecord(cartId: cartId, discount: discount, currency: cart.currency))
                try events.record(tx, type: "cart.discount_given", subject: cartId, data: ["on": request.target.productId ?? "order",
                                                                                           "amount": String(taken), "reason": request.reason.rawValue])
                try Journal.recordDiscount(tx, discount, cartId: cartId, sessionKey: sessionKey, taken: taken, currency: cart.currency)
                return try self.cart(tx, sessionKey: sessionKey)
            }
        } catch let error as DiscountError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// Takes back the discount on `target`, if any (nothing was charged yet: only the event log says so).
    @discardableResult
    public func removeDiscount(on target: DiscountTarget, for sessionKey: String) throws(DiscountError) -> Cart {
        do {
            return try store.write { tx in
                let cartId = try cartId(tx, sessionKey: sessionKey)
                try Self.deleteDiscount(tx, cartId: cartId, target: target)
                try events.record(tx, type: "cart.discount_removed", subject: cartId, data: ["on": target.productId ?? "order"])
                return try cart(tx, sessionKey: sessionKey)
            }
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// Whether `person` is a manager now (the staff table's role; a person not on it, or
    /// disabled, is not).
    static func isManager(_ person: StaffPerson, _ tx: any CoreTransaction) throws -> Bool {
        do { return try StaffCheck.role(of: person, in: tx) == .manager } catch is StaffError { return false }
    }

    static func deleteDiscount(_ tx: any CoreTransaction, cartId: String, target: DiscountTarget) throws {
        if let productId = target.productId {
            try tx.execute("DELETE FROM cart_discounts WHERE cart_id = ? AND product_id = ?", cartId, productId)
        } else {
            try tx.execute("DELETE FROM cart_discounts WHERE cart_id = ? AND product_id IS NULL", cartId)
        }
    }

    /// A line's jars changed: its discount goes with a removed line, and a discount given as an
    /// amount goes when what it was checked against changed (the line's own; the order's on any
    /// change), so a ceiling checked on ten jars is never kept on one. Percentages stay.
    static func lineChanged(_ tx: any CoreTransaction, cartId: String, productId: String, removed: Bool) throws {
        if removed {
            try tx.execute("DELETE FROM cart_discounts WHERE cart_id = ? AND product_id = ?", cartId, productId)
        } else {
            try tx.execute("DELETE FROM cart_discounts WHERE cart_id = ? AND product_id = ? AND kind = ?", cartId, productId, StoredDiscountKind.amount)
        }
        try tx.execute("DELETE FROM cart_discounts WHERE cart_id = ? AND product_id IS NULL AND kind = ?", cartId, StoredDiscountKind.amount)
    }

    /// The cart's discounts, those of lines it still holds.
    static func discounts(_ tx: any CoreTransaction, cartId: String, of cart: Cart) throws -> [Discount] {
        try tx.fetchAll(CartDiscountRecord.self, "SELECT * FROM cart_discounts WHERE cart_id = ? ORDER BY given_at", cartId)
            .map { try $0.discount() }
            .filter { discount in discount.target.productId.map { id in cart.lines.contains { $0.id == id } } ?? true }
    }
}

extension Journal {
    /// A discount given on a cart: what, on what, why, by whom and approved by whom.
    static func recordDiscount(_ tx: any CoreTransaction, _ discount: Discount, cartId: String, sessionKey: String, taken: Int64,
                               currency: Currency) throws {
        let (kind, value) = CartDiscountRecord.stored(discount.adjustment)
        try append(tx, kind: .discount, subject: cartId, body: JournalBody([
            "cart": .text(cartId), "session": .text(sessionKey),
            "on": .text(discount.target.productId == nil ? "order" : "line"), "product": .optional(discount.target.productId),
            "kind": .text(kind.rawValue), "value": .integer(value), "amount_minor": .integer(taken), "currency": .text(currency.code),
            "reason": .text(discount.reason.rawValue), "note": .optional(discount.note),
            "staff": discount.givenBy.map { .fields(["id": .text($0.id.rawValue), "name": .text($0.name)]) },
            "approved_by": discount.approvedBy.map { .fields(["id": .text($0.id.rawValue), "name": .text($0.name)]) },
            "given_at": .time(discount.at),
        ]), at: discount.at)
    }
}
