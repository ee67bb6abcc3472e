import Foundation

/// How much a discount takes: a percentage of what it is given on, or an amount.
public enum DiscountAdjustment: Hashable, Sendable {
    /// Hundredths of a percent: 1000 is 10 %, 10000 all of it.
    case percent(basisPoints: Int)
    case amount(Money)

    public static let wholeInBasisPoints = 10_000

    /// What it takes off `base` minor units: a percentage rounded half up to the minor unit (the
    /// core's one rounding rule, `Money.surcharge`), an amount as it is; never more than `base`
    /// and never below zero, so a discount never takes a line or an order below zero.
    public func minorUnits(of base: Int64, currency: Currency) -> Int64 {
        guard base > 0 else { return 0 }
        let taken: Int64
        switch self {
        case .percent(let basisPoints):
            taken = (try? Money(minorUnits: base, currency: currency).surcharge(basisPoints: basisPoints).minorUnits) ?? base
        case .amount(let money):
            taken = money.minorUnits
        }
        return min(max(taken, 0), base)
    }
}

/// Why a discount was given: one of the reasons the shop's settings list (`discount.reasons`).
/// The five defaults are worded by the screens; a shop's own reason is shown as it wrote it.
public struct DiscountReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let damaged = DiscountReason(rawValue: "damaged")
    public static let loyalty = DiscountReason(rawValue: "loyalty")
    public static let staff = DiscountReason(rawValue: "staff")
    public static let priceMatch = DiscountReason(rawValue: "price match")
    public static let other = DiscountReason(rawValue: "other")
}

/// The shop's rules for discounts (Docs/shop-settings.md, `[discount]`).
public struct DiscountPolicy: Hashable, Sendable {
    /// The reasons a cashier picks from, in the order the screen lists them.
    public var reasons: [DiscountReason]
    /// Reasons that need a note saying more ("other").
    public var reasonsNeedingNote: Set<DiscountReason>
    /// The most a cashier gives alone, in basis points of what the discount is given on (a
    /// line's value, or the order's after its lines' discounts); above it a manager approves.
    public var cashierCeilingBasisPoints: Int

    public init(reasons: [DiscountReason] = [.damaged, .loyalty, .staff, .priceMatch, .other],
                reasonsNeedingNote: Set<DiscountReason> = [.other], cashierCeilingBasisPoints: Int = 1000) {
        self.reasons = reasons
        self.reasonsNeedingNote = reasonsNeedingNote
        self.cashierCeilingBasisPoints = cashierCeilingBasisPoints
    }

    public static let standard = DiscountPolicy()

    /// Whether taking `taken` off `base` is above the cashier's ceiling (integer arithmetic).
    public func isAboveCeiling(taking taken: Int64, of base: Int64) -> Bool {
        guard base > 0 else { return false }
        return Int64(taken).multipliedReportingOverflow(by: Int64(DiscountAdjustment.wholeInBasisPoints)).partialValue
            > Int64(cashierCeilingBasisPoints) * base
    }
}

/// What a discount is given on: one line of the cart (its product), or the whole order.
public enum DiscountTarget: Hashable, Sendable {
    case line(productId: String)
    case order

    public var productId: String? {
        if case .line(let id) = self { return id }
        return nil
    }
}

/// A discount as given: on what, how much, why, who gave it and who approved it, and when.
/// `givenBy` nil: a shop without staff; `approvedBy` nil: within the cashier's ceiling.
public struct Discount: Hashable, Sendable {
    public let target: DiscountTarget
    public let adjustment: DiscountAdjustment
    public let reason: DiscountReason
    /// Said more about the reason ("other" needs it); nil when none.
    public let note: String?
    public let givenBy: StaffPerson?
    public let approvedBy: StaffPerson?
    public let at: Date

    public init(target: DiscountTarget, adjustment: DiscountAdjustment, reason: DiscountReason, note: String? = nil,
                givenBy: StaffPerson? = nil, approvedBy: StaffPerson? = nil, at: Date) {
        self.target = target
        self.adjustment = adjustment
        self.reason = reason
        self.note = note
        self.givenBy = givenBy
        self.approvedBy = approvedBy
        self.at = at
    }

    /// The shared signature, when the discount names who gave it.
    public var signature: StaffSignature? { givenBy.map { StaffSignature(doneBy: $0, approvedBy: approvedBy) } }
}

/// A discount asked for at the counter, before the core checked it.
public struct DiscountRequest: Hashable, Sendable {
    public let target: DiscountTarget
    public let adjustment: DiscountAdjustment
    public let reason: DiscountReason
    public let note: String?
    public let givenBy: StaffPerson?
    public let approvedBy: StaffPerson?

    public init(target: DiscountTarget, adjustment: DiscountAdjustment, reason: DiscountReason, note: String? = nil,
                givenBy: StaffPerson? = nil, approvedBy: StaffPerson? = nil) {
        self.target = target
        self.adjustment = adjustment
        self.reason = reason
        self.note = note
        self.givenBy = givenBy
        self.approvedBy = approvedBy
    }

    /// The same request with a manager's approval.
    public func approved(by manager: StaffPerson) -> DiscountRequest {
        DiscountRequest(target: target, adjustment: adjustment, reason: reason, note: note, givenBy: givenBy, approvedBy: manager)
    }
}

/// Why a discount was refused; nothing was changed.
public enum DiscountError: Error, Hashable, Sendable {
    /// A percentage must be more than 0 and at most 100.
    case percentOutOfRange
    /// An amount must be more than zero.
    case notPositive
    /// An amount larger than what it is given on (`base`): a discount never goes below zero.
    case amountOverBase(base: Money)
    case unknownReason(DiscountReason)
    case noteRequired(DiscountReason)
    /// Above the cashier's ceiling (basis points) with nobody approving: a manager must.
    case needsApproval(ceilingBasisPoints: Int)
    /// The line is not in the cart (any more).
    case notInCart(productId: String)
    case emptyCart
    case wrongCurrency(String)
    case storage(String)
}

extension DiscountAdjustment {
    /// Reads what a cashier typed: "10%" (a percentage, up to two decimals: "12.5%") or an
    /// amount in `currency` ("1.50", "1,50").
    public static func parse(_ text: String, currency: Currency) throws(MoneyParseError) -> DiscountAdjustment {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasSuffix("%") else { return .amount(try Money.parse(trimmed, currency: currency)) }
        // A percentage is a number with two decimals, as an amount in cents is: 12.5 -> 1250 basis points.
        let hundredths = try Money.parse(String(trimmed.dropLast()), currency: .eur)
        guard hundredths.minorUnits <= Int64(Int32.max) else { throw .tooLarge }
        return .percent(basisPoints: Int(hundredths.minorUnits))
    }

    /// What this discount takes off `base`, once it is one that may be given there: a
    /// percentage more than 0 and at most 100, an amount more than zero and at most `base`.
    public func taken(from base: Money) throws(DiscountError) -> Int64 {
        switch self {
        case .percent(let basisPoints):
            guard basisPoints > 0, basisPoints <= Self.wholeInBasisPoints else { throw .percentOutOfRange }
        case .amount(let amount):
            guard amount.currency == base.currency else { throw .wrongCurrency(amount.currency.code) }
            guard amount.minorUnits > 0 else { throw .notPositive }
            guard amount.minorUnits <= base.minorUnits else { throw .amountOverBase(base: base) }
        }
        return minorUnits(of: base.minorUnits, currency: base.currency)
    }
}
