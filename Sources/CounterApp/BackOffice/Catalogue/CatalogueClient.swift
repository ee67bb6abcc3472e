import CheckoutKit
import Foundation

/// What the catalogue screen's effects reach: CheckoutKit's `CatalogueController`. Closures, so
/// a test can stand in for each.
public struct CatalogueClient {
    public var products: () -> Result<[StockedProduct], StockroomError>
    public var lowStock: () -> Result<[StockedProduct], StockroomError>
    public var movements: (_ productId: String) -> Result<[StockMovement], StockroomError>
    /// Each change with the manager who approved it for a cashier (nil: the one serving's own).
    public var add: (_ product: NewProduct, _ approvedBy: StaffPerson?) -> Result<StockedProduct, StockroomError>
    public var changePrice: (_ productId: String, _ price: Money, _ approvedBy: StaffPerson?) -> Result<PriceChange, StockroomError>
    public var receive: (_ quantity: Int, _ productId: String, _ note: String, _ approvedBy: StaffPerson?) -> Result<StockMovement, StockroomError>
    public var count: (_ counted: Int, _ productId: String, _ reason: StockCountReason?, _ note: String, _ approvedBy: StaffPerson?)
        -> Result<StockMovement, StockroomError>
    /// The shop's currency and tax categories (its settings).
    public var currency: Currency
    public var taxCategories: [String]

    public init(products: @escaping () -> Result<[StockedProduct], StockroomError>,
                lowStock: @escaping () -> Result<[StockedProduct], StockroomError>,
                movements: @escaping (String) -> Result<[StockMovement], StockroomError>,
                add: @escaping (NewProduct, StaffPerson?) -> Result<StockedProduct, StockroomError>,
                changePrice: @escaping (String, Money, StaffPerson?) -> Result<PriceChange, StockroomError>,
                receive: @escaping (Int, String, String, StaffPerson?) -> Result<StockMovement, StockroomError>,
                count: @escaping (Int, String, StockCountReason?, String, StaffPerson?) -> Result<StockMovement, StockroomError>,
                currency: Currency = .eur, taxCategories: [String] = ["food", "general"]) {
        self.products = products
        self.lowStock = lowStock
        self.movements = movements
        self.add = add
        self.changePrice = changePrice
        self.receive = receive
        self.count = count
        self.currency = currency
        self.taxCategories = taxCategories
    }

    /// Before the core is open: nothing can be read.
    public static var unavailable: CatalogueClient {
        CatalogueClient(products: { .failure(.storage) }, lowStock: { .failure(.storage) }, movements: { _ in .failure(.storage) },
                        add: { _, _ in .failure(.storage) }, changePrice: { _, _, _ in .failure(.storage) }, receive: { _, _, _, _ in .failure(.storage) },
                        count: { _, _, _, _, _ in .failure(.storage) })
    }

    public static func live(_ catalogue: CatalogueController) -> CatalogueClient {
        CatalogueClient(products: { catalogue.products(matching: "") }, lowStock: catalogue.lowStock, movements: catalogue.movements(of:),
                        add: catalogue.add(_:approvedBy:), changePrice: catalogue.changePrice(of:to:approvedBy:),
                        receive: catalogue.receive(_:of:note:approvedBy:), count: catalogue.count(_:of:reason:note:approvedBy:), currency: catalogue.currency, taxCategories: catalogue.taxCategories)
    }
}
