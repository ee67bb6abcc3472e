import CheckoutKit
import Foundation

/// A catalogue change being typed: a new product, a new price, a delivery or a count. Its fields
/// are text the operator types, or a choice among the shop's tax categories or the count's
/// reasons (←→). What is wrong is said at the field it is about.
public struct CatalogueForm: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case add, price, receive, count
    }

    public enum Field: Equatable, Hashable, Sendable {
        case name, price, category, stock, lowLevel, quantity, note, counted, reason
    }

    public struct Problem: Equatable, Sendable {
        /// Nil: about the whole change (the database, a product gone).
        public let field: Field?
        public let reason: Reason
    }

    public enum Reason: Equatable, Sendable {
        case notANumber
        case amount(MoneyParseError)
        case refused(StockroomError)
    }

    public var kind: Kind
    /// The product changed; nil for a new one.
    public var product: StockedProduct?
    public var texts: [Field: String] = [:]
    public var focus = 0
    /// The tax category chosen (an index into the shop's), for a new product.
    public var category = 0
    /// The count's reason: 0 none, then `StockCountReason.allCases` in order.
    public var reason = 0
    public var problem: Problem?

    public init(kind: Kind, product: StockedProduct? = nil) {
        self.kind = kind
        self.product = product
        // A new product is low at the shop's usual level unless told otherwise.
        if kind == .add { texts[.lowLevel] = "3" }
    }

    public var fields: [Field] {
        switch kind {
        case .add: [.name, .price, .category, .stock, .lowLevel]
        case .price: [.price]
        case .receive: [.quantity, .note]
        case .count: [.counted, .reason, .note]
        }
    }

    public var focusedField: Field { fields[min(focus, fields.count - 1)] }
    public var isOnLastField: Bool { focus >= fields.count - 1 }

    public static let reasons: [StockCountReason?] = [nil] + StockCountReason.allCases.map(Optional.some)
    public var chosenReason: StockCountReason? { Self.reasons[reason] }

    public func text(_ field: Field) -> String { texts[field] ?? "" }

    static func isChoice(_ field: Field) -> Bool { field == .category || field == .reason }

    /// What a field takes as typed: digits for numbers, a money amount's characters for a price.
    static func accepts(_ character: Character, in field: Field, length: Int) -> Bool {
        switch field {
        case .name: return length < 44 && !character.isNewline
        case .note: return length < 60 && !character.isNewline
        case .price: return length < 10 && character.isASCII && (character.isNumber || character == "." || character == ",")
        case .stock, .lowLevel, .quantity, .counted: return length < 6 && character.isASCII && character.isNumber
        case .category, .reason: return false
        }
    }

    /// The field a refusal of the core is about.
    func field(of error: StockroomError) -> Field? {
        switch error {
        case .nameMissing, .nameTooLong, .nameTaken: .name
        case .invalidPrice, .samePrice: .price
        case .unknownTaxCategory: .category
        case .invalidQuantity: kind == .add ? .stock : kind == .receive ? .quantity : .counted
        case .reasonMissing: chosenReason == .other ? .note : .reason
        case .unknownProduct, .staff, .storage: nil
        }
    }
}
