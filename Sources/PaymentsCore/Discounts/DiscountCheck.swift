import Foundation

/// The discounts prove themselves: an order placed with discounts charges its lines after them
/// (its total is its lines' sum), no line charges less than nothing, and each discount recorded
/// (`order_discounts`) took exactly what its line's (or the lines' shares of the order's)
/// discount says. Otherwise the receipt, the reports and the export would disagree.
enum DiscountCheck {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        guard try OrderDiscountRecord.tableExists(tx) else { return [] }
        return try tx.rows("""
            SELECT o.id, o.number, o.total_minor, o.currency,
              (SELECT SUM(l.unit_minor * l.quantity - l.discount_minor - l.order_discount_minor) FROM order_lines l WHERE l.order_id = o.id) AS charged,
              (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id
                 AND (l.discount_minor < 0 OR l.order_discount_minor < 0 OR l.unit_minor * l.quantity - l.discount_minor - l.order_discount_minor < 0)) AS below_zero,
              (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id AND l.discount_minor <> COALESCE(
                 (SELECT SUM(d.amount_minor) FROM order_discounts d WHERE d.order_id = o.id AND d.position = l.position), 0)) AS lines_differ,
              COALESCE((SELECT SUM(l.order_discount_minor) FROM order_lines l WHERE l.order_id = o.id), 0) AS shares,
              COALESCE((SELECT SUM(d.amount_minor) FROM order_discounts d WHERE d.order_id = o.id AND d.position IS NULL), 0) AS order_discount
            FROM orders o
            WHERE EXISTS (SELECT 1 FROM order_discounts d WHERE d.order_id = o.id)
               OR EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND (l.discount_minor <> 0 OR l.order_discount_minor <> 0))
            ORDER BY \(tx.engine.bytewise("o.id"))
            """).compactMap { row -> LedgerViolation? in
            let id: String = try row.audited("id")
            let number: String = try row.audited("number")
            let currency: String = try row.audited("currency")
            let total: Int64 = try row.audited("total_minor")
            let charged: Int64 = try row.audited("charged")
            if charged != total {
                return .discountedOrderDiffers(orderId: id, orderNumber: number,
                                               problem: .totalIsNotItsLines(total: Money.audited(total, currency), lines: Money.audited(charged, currency)))
            }
            if try row.audited("below_zero") as Int64 > 0 { return .discountedOrderDiffers(orderId: id, orderNumber: number, problem: .lineBelowZero) }
            if try row.audited("lines_differ") as Int64 > 0 {
                return .discountedOrderDiffers(orderId: id, orderNumber: number, problem: .lineDiscountNotRecorded)
            }
            let shares: Int64 = try row.audited("shares"), recorded: Int64 = try row.audited("order_discount")
            guard shares != recorded else { return nil }
            return .discountedOrderDiffers(orderId: id, orderNumber: number,
                                           problem: .sharesDiffer(recorded: Money.audited(recorded, currency), shares: Money.audited(shares, currency)))
        }
    }
}

/// What is wrong with an order's discounts (`DiscountCheck`).
public enum DiscountProblem: Hashable, Sendable {
    case totalIsNotItsLines(total: Money, lines: Money)
    case lineBelowZero
    case lineDiscountNotRecorded
    case sharesDiffer(recorded: Money, shares: Money)

    var description: String {
        switch self {
        case let .totalIsNotItsLines(total, lines): "its total is \(total), but its lines after their discounts charge \(lines)"
        case .lineBelowZero: "a line's discount takes it below zero"
        case .lineDiscountNotRecorded: "a line's discount is not the one its discount record took"
        case let .sharesDiffer(recorded, shares): "its order discount took \(recorded), but its lines' shares sum to \(shares)"
        }
    }
}
