import Foundation
import PaymentsCore

/// The back office's catalogue on the core (`Stockroom`): the products with their stock, the
/// low-stock list, a product's movements, and the changes (add, price, receive, count). Each
/// answers a value or the core's `StockroomError`; each change is signed by `signer()`, who is
/// serving (nil: a shop without staff), with the manager who approved it for a cashier.
public final class CatalogueController {
    private let stockroom: Stockroom
    /// Who is serving, for the rows' signatures (the staff sign-in sets it; nil until then).
    public var signer: () -> StaffSignature? = { nil }

    init(core: PaymentsServices, commerce: Commerce) {
        stockroom = Stockroom(store: core.store, clock: core.clock, ids: core.ids, tax: commerce.shop.tax, currency: commerce.shop.currency,
                              counter: commerce.counterName)
    }

    public var currency: Currency { stockroom.currency }
    public var taxCategories: [String] { stockroom.taxCategories }

    public func products(matching filter: String) -> Result<[StockedProduct], StockroomError> { answer { () throws(StockroomError) in try stockroom.products(matching: filter) } }
    public func lowStock() -> Result<[StockedProduct], StockroomError> { answer { () throws(StockroomError) in try stockroom.lowStock() } }
    public func movements(of productId: String) -> Result<[StockMovement], StockroomError> { answer { () throws(StockroomError) in try stockroom.movements(of: productId) } }

    public func add(_ product: NewProduct, approvedBy: StaffPerson? = nil) -> Result<StockedProduct, StockroomError> {
        let signature = signed(approvedBy)
        return answer { () throws(StockroomError) in try stockroom.add(product, signature: signature) }
    }

    public func changePrice(of productId: String, to price: Money, approvedBy: StaffPerson? = nil) -> Result<PriceChange, StockroomError> {
        let signature = signed(approvedBy)
        return answer { () throws(StockroomError) in try stockroom.changePrice(of: productId, to: price, signature: signature) }
    }

    public func receive(_ quantity: Int, of productId: String, note: String, approvedBy: StaffPerson? = nil) -> Result<StockMovement, StockroomError> {
        let signature = signed(approvedBy)
        return answer { () throws(StockroomError) in try stockroom.receive(quantity, of: productId, note: note, signature: signature) }
    }

    public func count(_ counted: Int, of productId: String, reason: StockCountReason?, note: String,
                      approvedBy: StaffPerson? = nil) -> Result<StockMovement, StockroomError> {
        let signature = signed(approvedBy)
        return answer { () throws(StockroomError) in try stockroom.count(counted, of: productId, reason: reason, note: note, signature: signature) }
    }

    /// Who is serving, with the manager who approved this change for them.
    private func signed(_ approver: StaffPerson?) -> StaffSignature? {
        guard let serving = signer() else { return nil }
        return approver.map(serving.approved(by:)) ?? serving
    }

    private func answer<T>(_ body: () throws(StockroomError) -> T) -> Result<T, StockroomError> {
        do { return .success(try body()) } catch { return .failure(error) }
    }
}
