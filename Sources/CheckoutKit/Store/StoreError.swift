import PaymentsCore

public enum StoreError: Error, Hashable, Sendable {
    case productNotFound(String)
    case invalidQuantity(Int)
    case currencyMismatch(String)
    case amountTooLarge
    case emptyCart
    case loadFailed(String)
    case notSignedIn
    case checkoutFailed(CardChargeFailure)
    case notEnoughStock(productID: String, available: Int)
    case outOfStock(name: String)
    /// The core or the controller refused, for a reason the screens word.
    case refused(Refusal)
    /// The order's payment was asked but its answer is not known yet (lost, or not recorded):
    /// the shopper may have been charged, and will not be charged twice. The cart stays tied to
    /// the order until the settler knows.
    case paymentUnknown(orderNumber: String)
    /// Less cash than due was handed over; nothing was taken.
    case cashShort(due: Money)
    /// The cart's order is part paid (split tender): the cart cannot change under its parts;
    /// the order is finished (`left` to pay) or its parts given back.
    case partPaid(orderNumber: String, paid: Money, left: Money)
    /// A part must be more than nothing and less than what is left.
    case partTooLarge(left: Money)
    /// The product is in the cart at another price (a priced barcode's, or the shelf's): its line
    /// is paid or removed before it is added at this one.
    case pricedDifferently(productID: String)
}

/// What giving back a part-paid order's parts did (`giveBackParts`).
public enum PartsGivenBack: Hashable, Sendable {
    /// Every part is back with its tender (the cash across the counter).
    case givenBack(Money, order: String)
    /// Asked of every tender, not every answer known yet: on its way back, finished by the settler.
    case onItsWay(Money, order: String)
    /// A tender refused to give its part back: the order is closed and its refund is the back
    /// office's to finish (the audit names the money until then).
    case declined(Money, order: String)
}

extension StoreError {
    /// The cart's refusal as the store words it (the seed's store speaks of products, not rows).
    public init(_ error: CartError) {
        switch error {
        case .unknownProduct(let id): self = .productNotFound(id)
        case .invalidQuantity(let quantity): self = .invalidQuantity(quantity)
        case .notEnoughStock(let id, let available): self = .notEnoughStock(productID: id, available: available)
        case .amountOverflow: self = .amountTooLarge
        case .mixedCurrencies(let code): self = .currencyMismatch(code)
        case .pricedDifferently(let id): self = .pricedDifferently(productID: id)
        }
    }
}

/// Why a discount was not given or taken back: the cart could not change (it is being paid), or
/// the core refused the discount itself.
public enum DiscountChangeError: Error, Equatable, Sendable {
    case store(StoreError)
    case discount(DiscountError)
}
