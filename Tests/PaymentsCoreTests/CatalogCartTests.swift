import Clocks
import Foundation
import PaymentsCore
import Testing

@Suite struct CatalogCartTests {
    @Test(arguments: StorageBackend.allCases)
    func firstRunSeedsTheFourHoneyJars(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let products = try world.catalog.products()
        #expect(products.map(\.id) == ["honey-acacia", "honey-clover", "honey-manuka", "honey-wildflower"])
        #expect(products.map(\.price.minorUnits) == [650, 590, 2400, 720])
        #expect(products.allSatisfy { $0.price.currency == .eur && !$0.image.isEmpty && !$0.detail.isEmpty })
        #expect(products.map(\.stock) == [12, 20, 3, 8])
    }

    @Test(arguments: StorageBackend.allCases)
    func addingMergesLinesAndTotalsAreComputedFromLines(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", for: "kiosk-1")
        try world.carts.add(productId: "honey-manuka", quantity: 1, for: "kiosk-1")
        let cart = try world.carts.add(productId: "honey-acacia", quantity: 2, for: "kiosk-1")
        #expect(cart.lines.map(\.product.id) == ["honey-acacia", "honey-manuka"])
        #expect(cart.lines.map(\.quantity) == [3, 1])
        #expect(cart.lines.map(\.total?.minorUnits) == [1950, 2400])
        #expect(cart.total == Money(minorUnits: 4350, currency: .eur))
        #expect(cart.itemCount == 4)
        #expect(world.eventTypes(world.cartId("kiosk-1") ?? "") == ["cart.created", "cart.line_added", "cart.line_added", "cart.line_added"])
    }

    @Test(arguments: StorageBackend.allCases)
    func quantityZeroRemovesAndEmptyClears(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-clover", quantity: 2, for: "s")
        try world.carts.add(productId: "honey-wildflower", for: "s")
        var cart = try world.carts.setQuantity(5, productId: "honey-clover", for: "s")
        #expect(cart.total.minorUnits == 5 * 590 + 720)
        cart = try world.carts.setQuantity(0, productId: "honey-clover", for: "s")
        #expect(cart.lines.map(\.product.id) == ["honey-wildflower"])
        cart = try world.carts.remove(productId: "honey-wildflower", for: "s")
        #expect(cart.isEmpty && cart.total.minorUnits == 0)
        try world.carts.add(productId: "honey-clover", for: "s")
        #expect(try world.carts.empty(for: "s").isEmpty)
    }

    @Test(arguments: StorageBackend.allCases)
    func cartsBelongToTheirSessionKey(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-clover", for: "alice")
        #expect(try world.carts.cart(for: "bob").isEmpty)
        #expect(try world.carts.cart(for: "alice").itemCount == 1)
        #expect(world.cartId("alice") != nil && world.cartId("alice") != world.cartId("bob"))
    }

    @Test(arguments: StorageBackend.allCases)
    func badQuantitiesAndProductsAreRefused(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(throws: CartError.unknownProduct("honey-nope")) { try world.carts.add(productId: "honey-nope", for: "s") }
        #expect(throws: CartError.invalidQuantity(0)) { try world.carts.add(productId: "honey-clover", quantity: 0, for: "s") }
        #expect(throws: CartError.invalidQuantity(-1)) { try world.carts.setQuantity(-1, productId: "honey-clover", for: "s") }
        #expect(throws: CartError.notEnoughStock(productId: "honey-manuka", available: 3)) {
            try world.carts.add(productId: "honey-manuka", quantity: 4, for: "s")
        }
    }
}
