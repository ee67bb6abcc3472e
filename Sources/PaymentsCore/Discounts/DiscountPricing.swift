import Foundation

/// What each line of a sale costs after its discounts: THE one place discounts are priced. The
/// cart shows it, an order is placed from it (each line keeps its own discount and its share of
/// the order's), so every tender charges the same total and VAT is computed per rate after
/// discounts (`TaxAnalysis` reads the lines' totals).
///
/// 1. A line's own discount is taken off the line's value (a percentage rounded half up).
/// 2. The order's discount is taken off the sum of the lines after 1, and spread over the lines
///    in proportion to their value after 1, by largest remainder: the shares sum exactly to it.
/// Neither takes a line below zero.
public struct DiscountPricing: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        /// Unit price times quantity.
        public let gross: Int64
        /// The line's own discount.
        public let lineDiscount: Int64
        /// Its share of the order's discount.
        public let orderShare: Int64
        public var net: Int64 { gross - lineDiscount - orderShare }
        /// What the order discount is given on, for this line.
        public var afterLineDiscount: Int64 { gross - lineDiscount }
    }

    public let lines: [Line]
    /// The order discount in full (the sum of the shares).
    public let orderDiscount: Int64

    /// - Parameters:
    ///   - gross: each line's unit price times quantity, in the cart's order.
    ///   - lineAdjustments: each line's own discount, if any (same indices).
    ///   - orderAdjustment: the order's discount, if any.
    public init(gross: [Int64], lineAdjustments: [DiscountAdjustment?], orderAdjustment: DiscountAdjustment?, currency: Currency) {
        let lineDiscounts = gross.indices.map { index in
            (lineAdjustments.indices.contains(index) ? lineAdjustments[index] : nil)?.minorUnits(of: gross[index], currency: currency) ?? 0
        }
        let after = zip(gross, lineDiscounts).map { $0 - $1 }
        let orderDiscount = orderAdjustment?.minorUnits(of: after.reduce(0, +), currency: currency) ?? 0
        let shares = Self.allocate(orderDiscount, over: after)
        lines = gross.indices.map { Line(gross: gross[$0], lineDiscount: lineDiscounts[$0], orderShare: shares[$0]) }
        self.orderDiscount = orderDiscount
    }

    public var total: Int64 { lines.reduce(0) { $0 + $1.net } }
    public var totalBeforeOrderDiscount: Int64 { lines.reduce(0) { $0 + $1.afterLineDiscount } }
    public var lineDiscounts: Int64 { lines.reduce(0) { $0 + $1.lineDiscount } }

    /// `amount` shared over `weights` in proportion, whole units, the remainder one each to the
    /// largest fractions (the earlier line first when they tie): the parts sum exactly to
    /// `amount`, and no part is more than its weight when `amount` is at most their sum.
    public static func allocate(_ amount: Int64, over weights: [Int64]) -> [Int64] {
        let total = weights.reduce(0) { $0 + max($1, 0) }
        guard amount > 0, total > 0 else { return weights.map { _ in 0 } }
        var parts: [(units: Int64, fraction: UInt64)] = weights.map { weight in
            let (high, low) = UInt64(max(weight, 0)).multipliedFullWidth(by: UInt64(amount))
            let (quotient, remainder) = UInt64(total).dividingFullWidth((high, low))
            return (Int64(quotient), remainder)
        }
        var left = amount - parts.reduce(0) { $0 + $1.units }
        for index in parts.indices.sorted(by: { (parts[$0].fraction, -$0) > (parts[$1].fraction, -$1) }) where left > 0 {
            parts[index].units += 1
            left -= 1
        }
        return parts.map(\.units)
    }
}

extension Cart {
    /// The cart's lines priced after their discounts (`DiscountPricing`).
    public var pricing: DiscountPricing {
        DiscountPricing(gross: lines.map { $0.total?.minorUnits ?? 0 },
                        lineAdjustments: lines.map { lineDiscount(for: $0.id)?.adjustment },
                        orderAdjustment: orderDiscount?.adjustment, currency: currency)
    }

    /// The discount given on a line, if any.
    public func lineDiscount(for productId: String) -> Discount? {
        discounts.first { $0.target == .line(productId: productId) }
    }

    /// The discount given on the whole order, if any.
    public var orderDiscount: Discount? { discounts.first { $0.target == .order } }

    /// What a discount on `target` is given on: the line's value, or the order's after its
    /// lines' discounts (the ceiling is a share of it, and an amount may not be more).
    public func discountBase(for target: DiscountTarget) throws(DiscountError) -> Money {
        let pricing = pricing
        switch target {
        case .order:
            return Money(minorUnits: pricing.totalBeforeOrderDiscount, currency: currency)
        case .line(let productId):
            guard let index = lines.firstIndex(where: { $0.id == productId }) else { throw .notInCart(productId: productId) }
            return Money(minorUnits: pricing.lines[index].gross, currency: currency)
        }
    }

    /// What the cart's discounts take in all (its lines' and its order's): `grossTotal - total`.
    public var discountTotal: Money { Money(minorUnits: pricing.lineDiscounts + pricing.orderDiscount, currency: currency) }

    /// The sum of the lines before any discount.
    public var grossTotal: Money {
        lines.reduce(Money.zero(currency)) { sum, line in line.total.flatMap { try? sum.adding($0) } ?? sum }
    }
}
