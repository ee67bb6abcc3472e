import Foundation

/// How much of an order's money is VAT, per rate: THE one place the counter computes tax.
/// Receipts, refund receipts, the X and Z reports and the export all ask it, never sum tax their
/// own way.
///
/// The rule (Docs/shop-settings.md, "VAT"): shelf prices include VAT; each line's rate is frozen
/// on the order when it is placed; the lines' gross is summed per rate over the whole order, and
/// per rate `VAT = gross - round_half_up(gross / (1 + rate))`, in integer minor units. One jar of
/// Acacia at €6.50 (7 %) is net €6.07 and VAT €0.43. Rounding once per rate, never per line,
/// keeps the receipt, the report and the export to the same cent (per-line rounding drifts).
public struct TaxAnalysis: Hashable, Sendable {
    /// One rate's share: `net + vat == gross`.
    public struct Part: Hashable, Sendable {
        public let rate: TaxRate
        public let gross: Money
        public let net: Money
        public let vat: Money

        public init(rate: TaxRate, gross: Money) {
            self.rate = rate
            self.gross = gross
            let net = TaxAnalysis.net(ofGross: gross.minorUnits, at: rate)
            self.net = Money(minorUnits: net, currency: gross.currency)
            vat = Money(minorUnits: gross.minorUnits - net, currency: gross.currency)
        }
    }

    /// Lowest rate first; no part for a rate no line is sold at.
    public let parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts.sorted { $0.rate < $1.rate }
    }

    /// An order's tax: its lines' gross summed per frozen rate.
    public init(lines: [OrderLine]) {
        self.init(lines: lines.map { (rate: $0.taxRate, gross: $0.lineTotal) })
    }

    /// Lines as the books read them: each line's rate and gross (unit price times quantity).
    init(lines: [(rate: TaxRate, gross: Money)]) {
        var gross: [TaxRate: Money] = [:]
        for line in lines {
            gross[line.rate] = Money(minorUnits: (gross[line.rate]?.minorUnits ?? 0) + line.gross.minorUnits, currency: line.gross.currency)
        }
        self.init(parts: gross.map { Part(rate: $0.key, gross: $0.value) })
    }

    public static let none = TaxAnalysis(parts: [])

    /// `round_half_up(gross / (1 + rate))`, in integer arithmetic. Half away from zero, so that
    /// money given back (negative) mirrors the sale it undoes to the cent.
    public static func net(ofGross gross: Int64, at rate: TaxRate) -> Int64 {
        let divisor = UInt64(TaxRate.maximumBasisPoints + rate.basisPoints)
        let scaled = gross.magnitude.multipliedFullWidth(by: UInt64(TaxRate.maximumBasisPoints))
        let (quotient, remainder) = divisor.dividingFullWidth(scaled)
        let rounded = Int64(quotient + (remainder * 2 >= divisor ? 1 : 0))
        return gross < 0 ? -rounded : rounded
    }

    /// The tax in `amount` of this order's money (a payment of part of it, a refund): the amount
    /// shared out over the rates in proportion to each rate's gross (whole minor units, the
    /// remainder to the largest fractions), then the rule per rate. The share of the whole total
    /// is this analysis itself; a refund's tax is its share, so a refund gives back VAT at the
    /// rates its order was sold at, and the books' entries of a day sum to the day's tax.
    public func share(of amount: Money) -> TaxAnalysis {
        let total = parts.reduce(Int64(0)) { $0 + $1.gross.minorUnits }
        if amount.minorUnits == total { return self }
        guard !parts.isEmpty, amount.minorUnits != 0 else { return .none }
        let magnitude = amount.minorUnits.magnitude
        var shares: [(index: Int, units: UInt64, fraction: UInt64)] = parts.indices.map { index in
            let weight = parts[index].gross.minorUnits.magnitude
            guard total > 0 else { return (index, 0, 0) }
            let (units, fraction) = total.magnitude.dividingFullWidth(magnitude.multipliedFullWidth(by: weight))
            return (index, units, fraction)
        }
        var left = magnitude - shares.reduce(0) { $0 + $1.units }
        // The highest rate takes a remainder first when fractions tie (and all of it when nothing was sold).
        for position in shares.indices.sorted(by: { (shares[$0].fraction, $0) > (shares[$1].fraction, $1) }) where left > 0 {
            shares[position].units += total > 0 ? 1 : left
            left -= total > 0 ? 1 : left
        }
        let sign: Int64 = amount.minorUnits < 0 ? -1 : 1
        return TaxAnalysis(parts: shares.filter { $0.units > 0 }.map { share in
            Part(rate: parts[share.index].rate, gross: Money(minorUnits: sign * Int64(share.units), currency: amount.currency))
        })
    }

    /// The tax in one movement of this order's money that takes what the books hold for it from
    /// `before` to `after` (a payment up, a refund down): the share of `after` less the share of
    /// `before`. Movements worked out this way add up over an order's life to its tax exactly:
    /// the parts of a split, and refunds given in pieces, round once together, never each on
    /// its own (two refunds of half an order would each round its VAT up, and the day's VAT
    /// would not be the sum of its orders').
    public func share(from before: Money, to after: Money) -> TaxAnalysis {
        let later = share(of: after), earlier = share(of: before)
        let rates = Set(later.parts.map(\.rate) + earlier.parts.map(\.rate))
        return TaxAnalysis(parts: rates.compactMap { rate in
            let end = later.parts.first { $0.rate == rate }, start = earlier.parts.first { $0.rate == rate }
            let currency = after.currency
            func minus(_ a: Money?, _ b: Money?) -> Money { Money(minorUnits: (a?.minorUnits ?? 0) - (b?.minorUnits ?? 0), currency: currency) }
            let part = Part(rate: rate, gross: minus(end?.gross, start?.gross), net: minus(end?.net, start?.net), vat: minus(end?.vat, start?.vat))
            return part.gross.minorUnits == 0 && part.vat.minorUnits == 0 ? nil : part
        })
    }

    /// Each movement's tax, in the order the books hold them (`share(from:to:)` over the running
    /// balance): what the reports, the export and a refund's receipt say of one entry.
    public func shares(ofMovements amounts: [Money]) -> [TaxAnalysis] {
        guard let currency = amounts.first?.currency else { return [] }
        var held = Money(minorUnits: 0, currency: currency)
        return amounts.map { amount in
            let after = Money(minorUnits: held.minorUnits + amount.minorUnits, currency: currency)
            defer { held = after }
            return share(from: held, to: after)
        }
    }

    /// Parts of the same rate and currency added up (a report's sum of many orders' shares). The
    /// VAT of a sum is the sum of the VATs, each order rounded by the rule: a report never rounds again.
    public static func summed(_ analyses: [TaxAnalysis]) -> [Part] {
        var sums: [Part] = []
        for part in analyses.flatMap(\.parts) {
            if let index = sums.firstIndex(where: { $0.rate == part.rate && $0.gross.currency == part.gross.currency }) {
                let sum = sums[index]
                sums[index] = Part(rate: part.rate, gross: sum.gross.plus(part.gross), net: sum.net.plus(part.net), vat: sum.vat.plus(part.vat))
            } else {
                sums.append(part)
            }
        }
        return sums.sorted { ($0.gross.currency.code, $0.rate) < ($1.gross.currency.code, $1.rate) }
    }

    /// The same figures with the other sign (a refund's entry, as its receipt prints it).
    public var negated: TaxAnalysis {
        TaxAnalysis(parts: parts.map { part in
            Part(rate: part.rate, gross: Money(minorUnits: -part.gross.minorUnits, currency: part.gross.currency),
                 net: Money(minorUnits: -part.net.minorUnits, currency: part.net.currency),
                 vat: Money(minorUnits: -part.vat.minorUnits, currency: part.vat.currency))
        })
    }

    public var gross: Int64 { parts.reduce(0) { $0 + $1.gross.minorUnits } }
    public var vat: Int64 { parts.reduce(0) { $0 + $1.vat.minorUnits } }
}

extension TaxAnalysis.Part {
    /// Figures already computed by the rule (a sum of parts).
    public init(rate: TaxRate, gross: Money, net: Money, vat: Money) {
        self.rate = rate
        self.gross = gross
        self.net = net
        self.vat = vat
    }
}

private extension Money {
    /// Same currency by construction (parts are summed by currency).
    func plus(_ other: Money) -> Money { Money(minorUnits: minorUnits + other.minorUnits, currency: currency) }
}

extension Order {
    /// The order's VAT per rate, by the one rule (`TaxAnalysis`).
    public var taxAnalysis: TaxAnalysis { TaxAnalysis(lines: lines) }
}
