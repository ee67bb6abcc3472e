import CheckoutKit
import Localization

extension StoreError {
    /// What the store screens print.
    public var message: String {
        switch self {
        case .productNotFound: tr("This product is no longer in the store.")
        case .invalidQuantity(let quantity): tr("{0} is not a quantity the cart takes (1 to {1}).", quantity, Cart.maximumQuantity)
        case .currencyMismatch(let code): tr("This product is priced in {0}, unlike the rest of the cart.", code)
        case .amountTooLarge: tr("That is more than one payment can take.")
        case .emptyCart: tr("The cart is empty.")
        case .loadFailed(let why): tr("The store could not load its products ({0}).", why)
        case .notSignedIn: tr("Log in first.")
        case .checkoutFailed(let failure): failure.shopperMessage
        case .notEnoughStock(_, let available): available == 0 ? tr("Sold out.") : tr("Only {0} left.", available)
        // The name is the product's own (English, from the database), shown in the current language.
        case .outOfStock(let name): tr("{0} sold out while you were paying. Your card was not charged.", tr(name))
        case .refused(let reason): reason.message
        case .cashShort(let due): tr("{0} is due in cash.", due.formatted())
        case .partPaid(let number, let paid, let left):
            tr("Order {0} is part paid ({1}, {2} left): its cart cannot change.", number, paid.formatted(), left.formatted())
        case .pricedDifferently: tr("This product is in the cart at another price: remove that line first, or pay it.")
        case .partTooLarge(let left): tr("A part must be more than nothing and less than the {0} left.", left.formatted())
        case .paymentUnknown(let number):
            tr("We are checking with the bank about order {0}; you will not be charged twice. This screen updates by itself.", number)
        }
    }
}

extension AccountError {
    /// What the account screens print.
    public var message: String {
        switch self {
        case .notSignedIn: tr("Log in first.")
        case .refused(let reason): reason.message
        }
    }
}
