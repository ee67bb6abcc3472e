import Foundation

/// A cart put aside under a short name while the next customer pays. It holds no stock: the
/// jars are checked when the resumed cart is paid, as any cart's are.
public struct ParkedSale: Hashable, Sendable, Identifiable {
    public struct Line: Hashable, Sendable {
        public let productId: String
        public let name: String
        /// The price when it was parked; a resumed cart sells at the shelf's price then.
        public let unitPrice: Money
        public let quantity: Int

        public init(productId: String, name: String, unitPrice: Money, quantity: Int) {
            self.productId = productId
            self.name = name
            self.unitPrice = unitPrice
            self.quantity = quantity
        }
    }

    public let id: String
    public let name: String
    /// The counter it was parked at (nil: a counter without a name).
    public let counter: String?
    public let parkedAt: Date
    /// Who parked it (nil: a shop without staff).
    public let signature: StaffSignature?
    public let lines: [Line]
    public let total: Money

    public init(id: String, name: String, counter: String?, parkedAt: Date, signature: StaffSignature?, lines: [Line], total: Money) {
        self.id = id
        self.name = name
        self.counter = counter
        self.parkedAt = parkedAt
        self.signature = signature
        self.lines = lines
        self.total = total
    }

    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
}

/// What to do with the cart a parked sale is resumed into.
public enum ResumeMode: String, Hashable, Sendable {
    /// Only into an empty cart; a cart with jars is refused (`ParkingError.cartNotEmpty`).
    case intoEmptyCart
    /// The cart's own jars go, the parked sale's come.
    case replacingCart
    /// The parked sale's jars are added to the cart's (asked for, never done unasked).
    case addingToCart
}

public enum ParkedSaleOutcome: String, Hashable, Sendable, Codable {
    case resumed, discarded
}

/// Why a sale could not be parked, resumed or discarded. The screens word it.
public enum ParkingError: Error, Hashable, Sendable {
    case nameMissing
    /// Longer than `ParkedSales.maximumNameLength`.
    case nameTooLong
    /// A sale is parked under this name already (names are compared without case).
    case nameTaken
    case emptyCart
    /// The cart's payment is on its way or its outcome unknown: it cannot be put aside now.
    case paymentInProgress
    /// Resumed or discarded meanwhile (at another counter, maybe).
    case gone
    /// The cart holds this many jars: resuming asks whether to replace them or add to them.
    case cartNotEmpty(items: Int)
    /// The resumed lines do not fit the cart (more than a cart holds of one jar).
    case cart(CartError)
    case storage
}

extension ParkedSale {
    /// The parked sale as a Z report lists it (issue 36): left at closing, not sold.
    public var summary: DayReport.Parked {
        DayReport.Parked(name: name, counter: counter, parkedAt: parkedAt, parkedBy: signature?.doneBy.name, items: itemCount,
                         totalMinor: total.minorUnits, currency: total.currency.code)
    }
}
