import CheckoutKit
import Localization

/// What the line under the header says after a barcode scan.
enum ScanWords {
    static func words(_ notice: ScanNotice) -> String {
        switch notice {
        // The name is the product's own (English, from the database), shown in the current language.
        case let .added(product, price, labelled: false): tr("Scanned: {0}, {1}.", tr(product.name), price.formatted())
        case let .added(product, price, labelled: true): tr("Scanned: {0} at the label's price, {1}.", tr(product.name), price.formatted())
        case .notInCatalogue(let code): tr("Barcode {0} is not in the catalogue.", code)
        case .invalid(let code, _): tr("{0} is not a valid barcode.", code)
        case let .refused(code, error): tr("Barcode {0}: {1}", code, error.message)
        }
    }
}

extension BarcodeAssignmentError {
    /// Why a code was not given to a product (the back office's catalogue).
    public var message: String {
        switch self {
        case .invalid(let code, _): tr("{0} is not a valid barcode.", code)
        case .pricedLabel(let article): tr("A label with a price is one item's: give the product its article's code, {0}.", article)
        case .unknownProduct: tr("This product is no longer in the store.")
        case .carriedByAnother(let code, _): tr("Barcode {0} is already another product's.", code)
        }
    }
}
