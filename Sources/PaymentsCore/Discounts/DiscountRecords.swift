import Foundation
import GRDB

/// How a discount's value is kept: `percent` in basis points, `amount` in minor units.
enum StoredDiscountKind: String, Codable, DatabaseValueConvertible {
    case percent
    case amount
}

/// The columns a discount row shares between the cart and the order: what, why, who, when.
protocol DiscountColumns {
    var kind: StoredDiscountKind { get }
    var value: Int64 { get }
    var currency: String { get }
    var reason: String { get }
    var note: String? { get }
    var staffId: String? { get }
    var staffName: String? { get }
    var approvedById: String? { get }
    var approvedByName: String? { get }
    var givenAt: Date { get }
}

extension DiscountColumns {
    func adjustment(in table: String) throws -> DiscountAdjustment {
        switch kind {
        case .percent:
            guard value > 0, value <= Int64(DiscountAdjustment.wholeInBasisPoints) else {
                throw UnreadableRow(table: table, column: "value", value: String(value))
            }
            return .percent(basisPoints: Int(value))
        case .amount:
            return .amount(Money(minorUnits: value, currency: try Currency.stored(currency, in: table)))
        }
    }

    func discount(_ target: DiscountTarget, in table: String) throws -> Discount {
        Discount(target: target, adjustment: try adjustment(in: table), reason: DiscountReason(rawValue: reason), note: note,
                 givenBy: Self.person(staffId, staffName), approvedBy: Self.person(approvedById, approvedByName), at: givenAt)
    }

    static func person(_ id: String?, _ name: String?) -> StaffPerson? {
        id.map { StaffPerson(id: StaffID(rawValue: $0), name: name ?? $0) }
    }

    static func stored(_ adjustment: DiscountAdjustment) -> (kind: StoredDiscountKind, value: Int64) {
        switch adjustment {
        case .percent(let basisPoints): (.percent, Int64(basisPoints))
        case .amount(let money): (.amount, money.minorUnits)
        }
    }
}

/// A row of `cart_discounts`: a discount given on a cart's line (`productId`) or on the whole
/// cart (`productId` nil), before the cart is an order.
struct CartDiscountRecord: Codable, CoreRecord, DiscountColumns {
    static let databaseTableName = "cart_discounts"

    var cartId: String
    var productId: String?
    var kind: StoredDiscountKind
    var value: Int64
    var currency: String
    var reason: String
    var note: String?
    var staffId: String?
    var staffName: String?
    var approvedById: String?
    var approvedByName: String?
    var givenAt: Date

    init(cartId: String, discount: Discount, currency: Currency) {
        self.cartId = cartId
        productId = discount.target.productId
        (kind, value) = Self.stored(discount.adjustment)
        self.currency = currency.code
        reason = discount.reason.rawValue
        note = discount.note
        staffId = discount.givenBy?.id.rawValue
        staffName = discount.givenBy?.name
        approvedById = discount.approvedBy?.id.rawValue
        approvedByName = discount.approvedBy?.name
        givenAt = discount.at
    }

    func discount() throws -> Discount {
        try discount(productId.map { .line(productId: $0) } ?? .order, in: Self.databaseTableName)
    }
}

/// A row of `order_discounts`: a discount the order was placed with, on its line at `position`
/// or on the whole order (nil), with what it took (`amountMinor`, the sum of the order lines'
/// discount, or of their shares of the order's).
struct OrderDiscountRecord: Codable, CoreRecord, DiscountColumns {
    static let databaseTableName = "order_discounts"

    var orderId: String
    var seq: Int
    var position: Int?
    var kind: StoredDiscountKind
    var value: Int64
    var amountMinor: Int64
    var currency: String
    var reason: String
    var note: String?
    var staffId: String?
    var staffName: String?
    var approvedById: String?
    var approvedByName: String?
    var givenAt: Date

    init(orderId: String, seq: Int, position: Int?, discount: Discount, amountMinor: Int64, currency: Currency) {
        self.orderId = orderId
        self.seq = seq
        self.position = position
        (kind, value) = Self.stored(discount.adjustment)
        self.amountMinor = amountMinor
        self.currency = currency.code
        reason = discount.reason.rawValue
        note = discount.note
        staffId = discount.givenBy?.id.rawValue
        staffName = discount.givenBy?.name
        approvedById = discount.approvedBy?.id.rawValue
        approvedByName = discount.approvedBy?.name
        givenAt = discount.at
    }

    func orderDiscount() throws -> OrderDiscount {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        return OrderDiscount(position: position, adjustment: try adjustment(in: Self.databaseTableName), reason: DiscountReason(rawValue: reason),
                             note: note, givenBy: Self.person(staffId, staffName), approvedBy: Self.person(approvedById, approvedByName),
                             amount: Money(minorUnits: amountMinor, currency: currency), at: givenAt)
    }
}

/// A discount as an order keeps it: on its line at `position` (nil: the whole order), what it
/// took, why, and who gave and approved it.
public struct OrderDiscount: Hashable, Sendable {
    public let position: Int?
    public let adjustment: DiscountAdjustment
    public let reason: DiscountReason
    public let note: String?
    public let givenBy: StaffPerson?
    public let approvedBy: StaffPerson?
    public let amount: Money
    public let at: Date
}
