import PaymentsCore

/// A barcode scanned at the counter: the product it names, one item of it into the cart.
extension CoreStoreController {
    /// Adds one item of the product `code` names (a priced in-store label's item at its price).
    /// Nothing changes when the code is damaged, names no product, or the cart refuses.
    public func addScanned(_ code: String) throws(ScanFailure) -> ScanAdded {
        let scanned: ScannedProduct
        do {
            scanned = try barcodes.lookup(code)
        } catch let error as BarcodeLookupError {
            throw .barcode(error)
        } catch {
            throw .store(.refused(Refusal(error)))
        }
        do {
            let cart = try add(productID: scanned.product.id, quantity: 1, unitPrice: scanned.labelPrice)
            return ScanAdded(scanned: scanned, cart: cart)
        } catch {
            throw .store(error)
        }
    }
}

/// One item a scan put in the cart, and the cart after it.
public struct ScanAdded: Hashable, Sendable {
    public let scanned: ScannedProduct
    public let cart: Cart

    public init(scanned: ScannedProduct, cart: Cart) {
        self.scanned = scanned
        self.cart = cart
    }
}

/// Why a scan added nothing.
public enum ScanFailure: Error, Hashable, Sendable {
    /// The code is damaged or no product carries it.
    case barcode(BarcodeLookupError)
    /// The cart refused (sold out, being paid...) or the storage failed.
    case store(StoreError)
}
