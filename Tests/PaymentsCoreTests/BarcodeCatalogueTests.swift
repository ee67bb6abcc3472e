import Clocks
import Foundation
import GRDB
@_spi(Testing) @testable import PaymentsCore
import Testing

/// The codes products carry, on both engines: the seeded jars', a code given to a product, what a
/// scanned code names, and a priced label's line paid at its price.
@Suite struct BarcodeCatalogueTests {
    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    @Test(arguments: StorageBackend.allCases)
    func theFourJarsCarryTheirCodes(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let barcodes = world.commerce.barcodes
        for (id, ean) in [("honey-acacia", "2000000000015"), ("honey-clover", "2000000000022"),
                          ("honey-manuka", "2000000000039"), ("honey-wildflower", "2000000000046")] {
            let scanned = try barcodes.lookup(ean)
            #expect(scanned.product.id == id && scanned.labelPrice == nil && scanned.price == scanned.product.price)
            #expect(try barcodes.codes(of: id).contains(ean))
        }
        #expect(try barcodes.codes(of: "honey-acacia") == ["2000000000015", "2300001000008"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aCodeNoProductCarriesAndADamagedCodeAreTypedErrors(_ backend: StorageBackend) throws {
        let barcodes = try CommerceTestWorld(backend).commerce.barcodes
        #expect(throws: BarcodeLookupError.notInCatalogue("4006381333931")) { try barcodes.lookup("4006381333931") }
        #expect(throws: BarcodeLookupError.invalid("2000000000016", .wrongCheckDigit)) { try barcodes.lookup("2000000000016") }
        #expect(throws: BarcodeLookupError.invalid("1234", .wrongLength(4))) { try barcodes.lookup("1234") }
        // The article's own code is the catalogue's, not a label: it has no price to sell at.
        #expect(throws: BarcodeLookupError.invalid("2300001000008", .noPrice)) { try barcodes.lookup("2300001000008") }
        #expect(throws: BarcodeLookupError.notInCatalogue(Barcode.inStorePriced(article: "00099", minorUnits: 100))) {
            try barcodes.lookup(Barcode.inStorePriced(article: "00099", minorUnits: 100))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aPricedLabelNamesItsArticleAtItsPrice(_ backend: StorageBackend) throws {
        let barcodes = try CommerceTestWorld(backend).commerce.barcodes
        let scanned = try barcodes.lookup(Barcode.inStorePriced(article: "00003", minorUnits: 1_875))
        #expect(scanned.product.id == "honey-manuka" && scanned.labelPrice == euros(1_875) && scanned.price == euros(1_875))
    }

    @Test(arguments: StorageBackend.allCases)
    func aProductIsGivenCodesAndEveryCodeIsChecked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let barcodes = world.commerce.barcodes
        #expect(try barcodes.addCode("4006381333931", to: "honey-clover").code == "4006381333931")
        #expect(try barcodes.addCode("036000291452", to: "honey-clover").code == "0036000291452", "UPC-A kept as EAN-13")
        #expect(try barcodes.addCode("96385074", to: "honey-clover").symbology == .ean8)
        #expect(try barcodes.addCode("4006381333931", to: "honey-clover").code == "4006381333931", "again: harmless")
        #expect(try barcodes.lookup("4006381333931").product.id == "honey-clover")
        #expect(try barcodes.lookup("0036000291452").product.id == "honey-clover")
        #expect(try barcodes.lookup("036000291452").product.id == "honey-clover")
        #expect(try barcodes.codes(of: "honey-clover").count == 5)
        #expect(world.eventTypes("honey-clover").filter { $0 == "catalog.barcode_added" }.count == 3)

        #expect(throws: BarcodeAssignmentError.carriedByAnother(code: "2000000000015", productId: "honey-acacia")) {
            try barcodes.addCode("2000000000015", to: "honey-clover")
        }
        #expect(throws: BarcodeAssignmentError.invalid("4006381333932", .wrongCheckDigit)) { try barcodes.addCode("4006381333932", to: "honey-clover") }
        #expect(throws: BarcodeAssignmentError.unknownProduct("honey-heather")) { try barcodes.addCode("5012345678900", to: "honey-heather") }
        let label = Barcode.inStorePriced(article: "00002", minorUnits: 100)
        #expect(throws: BarcodeAssignmentError.pricedLabel(article: Barcode.inStoreArticleCode(article: "00002"))) {
            try barcodes.addCode(label, to: "honey-clover")
        }
        #expect(try barcodes.codes(of: "honey-clover").count == 5, "nothing refused was written")
    }

    @Test(arguments: StorageBackend.allCases)
    func aPricedLineIsPlacedAndPaidAtTheLabelsPrice(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let label = try world.commerce.barcodes.lookup(Barcode.inStorePriced(article: "00001", minorUnits: 320))
        try world.carts.add(productId: label.product.id, unitPrice: label.labelPrice, for: "s")
        let cart = try world.carts.add(productId: label.product.id, unitPrice: label.labelPrice, for: "s")
        #expect(cart.lines.map(\.quantity) == [2] && cart.lines[0].product.price == euros(320) && cart.total == euros(640))
        try world.carts.add(productId: "honey-clover", for: "s")

        // One product, one line, one price: the shelf's price or another label's is refused.
        #expect(throws: CartError.pricedDifferently(productId: "honey-acacia")) { try world.carts.add(productId: "honey-acacia", for: "s") }
        #expect(throws: CartError.pricedDifferently(productId: "honey-acacia")) {
            try world.carts.add(productId: "honey-acacia", unitPrice: euros(300), for: "s")
        }
        #expect(throws: CartError.pricedDifferently(productId: "honey-clover")) {
            try world.carts.add(productId: "honey-clover", unitPrice: euros(300), for: "s")
        }
        // A label at the shelf's own price is the shelf's line.
        #expect(try world.carts.add(productId: "honey-clover", unitPrice: euros(590), for: "s").quantity(of: "honey-clover") == 2)
        // The cart's quantity keys keep the line's price.
        #expect(try world.carts.setQuantity(3, productId: "honey-acacia", for: "s").lines[0].product.price == euros(320))

        let sale = try world.orders.payInCash(sessionKey: "s", tendered: euros(5_000))
        #expect(sale.order.lines.map(\.unitPrice) == [euros(320), euros(590)])
        #expect(sale.order.total == euros(3 * 320 + 2 * 590))
        #expect(try world.core.store.read { tx in try MoneyLedger.balance(tx, orderId: sale.order.id) } == 3 * 320 + 2 * 590)
        #expect(world.stock("honey-acacia") == 9, "a labelled jar is a jar off the shelf")
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
    }

    // SQLite only: a file from before barcodes; a server gets them by the schema mirror, which
    // the tests above open on every time.
    @Test func aDatabaseFromBeforeBarcodesGetsTheJarsCodes() throws {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        CoreMigrations.register(in: &migrator)
        CommerceMigrations.register(in: &migrator)
        try migrator.migrate(queue, upTo: JournalMigrations.identifier)
        // A shop that took Manuka off its shelves before.
        try queue.write { db in
            try db.execute(sql: "INSERT INTO carts (id, session_key, created_at) VALUES ('c', 's', 0)")
            try db.execute(sql: "INSERT INTO cart_lines (cart_id, product_id, quantity, added_seq) VALUES ('c', 'honey-acacia', 2, 1)")
            try db.execute(sql: "DELETE FROM products WHERE id = 'honey-manuka'")
        }
        try migrator.migrate(queue)
        try queue.read { db in
            let codes = try Row.fetchAll(db, sql: "SELECT code, product_id FROM product_barcodes ORDER BY code").map { "\($0["code"] as String) \($0["product_id"] as String)" }
            #expect(codes == ["2000000000015 honey-acacia", "2000000000022 honey-clover", "2000000000046 honey-wildflower",
                              "2300001000008 honey-acacia", "2300002000007 honey-clover", "2300004000005 honey-wildflower"])
            #expect(try Bool.fetchOne(db, sql: "SELECT unit_price_minor IS NULL FROM cart_lines") == true, "a cart kept is at the shelf's price")
        }
    }
}
