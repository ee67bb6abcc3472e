import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// Parked sales on both engines: a cart parked under a name empties for the next customer, is
/// resumed at another counter of the shop (never merged into a cart unasked), reserves no stock,
/// is journaled with who did it, and is listed on the Z report while it waits.
@Suite struct ParkedSalesTests {
    static let anna = StaffSignature(doneBy: StaffPerson(id: StaffID(rawValue: "staff-2"), name: "Anna"))

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    static func parking(_ world: CommerceTestWorld, counter: String?) -> ParkedSales {
        ParkedSales(store: world.core.store, carts: world.carts, clock: world.clock, ids: world.core.ids,
                    events: CoreEventRecorder(clock: world.clock), counter: counter)
    }

    private func journal(_ world: CommerceTestWorld, _ kind: JournalKind) throws -> [String] {
        try world.core.store.read { tx in try tx.fetchValues(String.self, "SELECT body FROM journal_entries WHERE kind = ? ORDER BY seq", kind.rawValue) }
    }

    @Test(arguments: StorageBackend.allCases)
    func aParkedSaleEmptiesTheCartAndIsResumedAtAnotherCounter(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (front, back) = (Self.parking(world, counter: "front"), Self.parking(world, counter: "back"))
        _ = try world.carts.add(productId: "honey-acacia", quantity: 2, for: "front-cart")
        _ = try world.carts.add(productId: "honey-manuka", for: "front-cart")
        let stock = world.stock("honey-manuka")
        world.advance(.seconds(30))
        let parked = try front.park("front-cart", as: " Anna's basket ", signature: Self.anna)
        #expect(parked.name == "Anna's basket" && parked.counter == "front" && parked.signature == Self.anna)
        #expect(parked.total == euros(2 * 650 + 2400) && parked.itemCount == 3 && parked.lines.map(\.productId) == ["honey-acacia", "honey-manuka"])
        #expect(try world.carts.cart(for: "front-cart").isEmpty, "empty for the next customer")
        #expect(world.stock("honey-manuka") == stock, "nothing reserved")
        #expect(try world.core.store.read { tx in try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM stock_reservations") } == 0)
        #expect(try back.parked().map(\.id) == [parked.id], "the other counter sees it")

        let cart = try back.resume(parked.id, into: "back-cart", mode: .intoEmptyCart, signature: nil)
        #expect(cart.lines.map(\.id) == ["honey-acacia", "honey-manuka"] && cart.lines.map(\.quantity) == [2, 1])
        #expect(try back.parked().isEmpty && front.parked().isEmpty)
        #expect(throws: ParkingError.gone, "resumed once") { try front.resume(parked.id, into: "front-cart", mode: .intoEmptyCart, signature: nil) }
        #expect(throws: ParkingError.gone) { try front.discard(parked.id, signature: nil) }
        let sale = try world.orders.payInCash(sessionKey: "back-cart", tendered: euros(5000))
        #expect(sale.order.total == euros(3700))
        #expect(try journal(world, .saleParked).first?.contains("\"staff\":{\"id\":\"staff-2\",\"name\":\"Anna\"}") == true)
        #expect(try journal(world, .saleResumed).count == 1)
    }

    /// A discount given before parking (and a manager's approval of it) comes back with the
    /// sale, and a priced label's price too: the shopper pays what she was told at the first
    /// counter (it came back at the shelf's prices, €36.40 where €29.12 was promised).
    @Test(arguments: StorageBackend.allCases)
    func aParkedSaleKeepsItsDiscountsAndLabelPrices(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (front, back) = (Self.parking(world, counter: "front"), Self.parking(world, counter: "back"))
        _ = try world.carts.add(productId: "honey-acacia", for: "front-cart")
        _ = try world.carts.add(productId: "honey-manuka", unitPrice: euros(1875), for: "front-cart")
        let discounted = try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .percent(basisPoints: 1000),
                                                              reason: DiscountReason(rawValue: "loyalty"), givenBy: Self.anna.doneBy), for: "front-cart")
        #expect(discounted.total == euros(650 - 65 + 1875))
        let parked = try front.park("front-cart", as: "Jane", signature: Self.anna)
        #expect(parked.total == discounted.total)
        let cart = try back.resume(parked.id, into: "back-cart", mode: .intoEmptyCart, signature: nil)
        #expect(cart.total == discounted.total, "the discount and the label's price came back")
        let sale = try world.orders.payInCash(sessionKey: "back-cart", tendered: euros(5000))
        #expect(sale.order.total == discounted.total)

        // Added to a cart that holds jars already: the shelf's prices, no discount carried.
        _ = try world.carts.add(productId: "honey-acacia", for: "front-cart")
        _ = try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .percent(basisPoints: 1000),
                                                 reason: DiscountReason(rawValue: "loyalty")), for: "front-cart")
        let again = try front.park("front-cart", as: "Kim", signature: nil)
        _ = try world.carts.add(productId: "honey-clover", for: "back-cart")
        let merged = try back.resume(again.id, into: "back-cart", mode: .addingToCart, signature: nil)
        #expect(merged.total == euros(590 + 650))
        #expect(try world.core.store.read { tx in try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.session_key LIKE 'parked:%'") } == 0,
                "no parked cart keeps jars once its sale is resumed")
    }

    @Test(arguments: StorageBackend.allCases)
    func aNameIsCheckedAtTheFieldAndParkedOnceAtATime(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let parking = Self.parking(world, counter: nil)
        #expect(throws: ParkingError.emptyCart) { try parking.park("till", as: "Anna", signature: nil) }
        _ = try world.carts.add(productId: "honey-clover", for: "till")
        #expect(throws: ParkingError.nameMissing) { try parking.park("till", as: "  ", signature: nil) }
        #expect(throws: ParkingError.nameTooLong) { try parking.park("till", as: String(repeating: "a", count: ParkedSales.maximumNameLength + 1), signature: nil) }
        let first = try parking.park("till", as: "Anna", signature: nil)
        _ = try world.carts.add(productId: "honey-clover", for: "till")
        #expect(throws: ParkingError.nameTaken, "names compare without case") { try parking.park("till", as: "ANNA", signature: nil) }
        #expect(try !world.carts.cart(for: "till").isEmpty, "a refused park keeps the cart")
        try parking.discard(first.id, signature: Self.anna)
        #expect(try journal(world, .saleDiscarded).first?.contains("Anna") == true)
        _ = try parking.park("till", as: "anna", signature: nil)
        #expect(try parking.parked().map(\.name) == ["anna"], "a name is free again once its sale is gone")
    }

    @Test(arguments: StorageBackend.allCases)
    func resumingIntoACartWithJarsAsksFirstAndNeverMergesUnasked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let parking = Self.parking(world, counter: nil)
        _ = try world.carts.add(productId: "honey-clover", quantity: 2, for: "till")
        let parked = try parking.park("till", as: "Ben", signature: nil)
        _ = try world.carts.add(productId: "honey-clover", for: "till")
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        #expect(throws: ParkingError.cartNotEmpty(items: 2)) { try parking.resume(parked.id, into: "till", mode: .intoEmptyCart, signature: nil) }
        #expect(try world.carts.cart(for: "till").itemCount == 2, "the cart as it was")
        let merged = try parking.resume(parked.id, into: "till", mode: .addingToCart, signature: nil)
        #expect(merged.quantity(of: "honey-clover") == 3 && merged.quantity(of: "honey-acacia") == 1)

        let again = try parking.park("till", as: "Ben", signature: nil)
        _ = try world.carts.add(productId: "honey-wildflower", for: "till")
        let replaced = try parking.resume(again.id, into: "till", mode: .replacingCart, signature: nil)
        #expect(replaced.lines.map(\.id) == ["honey-clover", "honey-acacia"] && replaced.quantity(of: "honey-wildflower") == 0)
    }

    @Test(arguments: StorageBackend.allCases)
    func aParkedSaleReservesNothingAndIsCheckedWhenPaid(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let parking = Self.parking(world, counter: nil)
        _ = try world.carts.add(productId: "honey-manuka", quantity: 3, for: "a")
        let parked = try parking.park("a", as: "Cleo", signature: nil)
        // Meanwhile another customer buys the last jars.
        _ = try world.carts.add(productId: "honey-manuka", quantity: 3, for: "b")
        _ = try world.orders.payInCash(sessionKey: "b", tendered: euros(10_000))
        #expect(world.stock("honey-manuka") == 0)
        let cart = try parking.resume(parked.id, into: "a", mode: .intoEmptyCart, signature: nil)
        #expect(cart.quantity(of: "honey-manuka") == 3, "resumed as it was parked")
        #expect(throws: OrderError.self, "the shelf is checked at payment") { try world.orders.payInCash(sessionKey: "a", tendered: euros(10_000)) }
    }

    @Test(arguments: StorageBackend.allCases)
    func salesLeftParkedAreListedOnTheZReport(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend, counterName: "front")
        let parking = Self.parking(world, counter: "front")
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        world.advance(.seconds(10))
        let parked = try parking.park("till", as: "Dora", signature: Self.anna)
        let reports = DayReports(store: world.core.store, clock: world.clock, counter: "front")
        #expect(try reports.current().parked.map(\.name) == ["Dora"])
        let z = try reports.close()
        #expect(z.parked == [DayReport.Parked(name: "Dora", counter: "front", parkedAt: parked.parkedAt, parkedBy: "Anna", items: 1,
                                              totalMinor: 650, currency: "EUR")])
        #expect(try reports.closed().first?.parked == z.parked, "saved with the report")
        let entry = try #require(try journal(world, .zReport).last)
        #expect(entry.contains("\"parked\":[{") && entry.contains("Dora"))
        _ = try parking.resume(parked.id, into: "till", mode: .intoEmptyCart, signature: nil)
        world.advance(.seconds(10))
        #expect(try reports.close().parked == [], "resumed: no longer left")
    }
}
