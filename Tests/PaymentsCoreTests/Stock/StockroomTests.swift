import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// The catalogue in the back office, on both engines: a product added, a price changed and kept
/// with its time, stock received and counted, the low-stock list; every change a signed row and
/// a journal entry; and a product's stock always the sum of its movements, sales and refunds
/// included, which the audit holds it to.
@Suite struct StockroomTests {
    typealias Ledger = LedgerAuditTests.Ledger

    /// Mia, the shop's manager: changing the catalogue is a manager's (a cashier's needs approval).
    static func mia(_ world: CommerceTestWorld) throws -> StaffSignature {
        let staff = Staff(store: world.core.store, clock: world.clock, ids: world.core.ids, hasher: PasswordHasher(iterations: 1_000))
        return StaffSignature(doneBy: try staff.add(name: "Mia", role: .manager, pin: "1111").person)
    }

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    static func stockroom(_ world: CommerceTestWorld, counter: String? = "front") -> Stockroom {
        Stockroom(store: world.core.store, clock: world.clock, ids: world.core.ids, tax: .german, currency: .eur, counter: counter)
    }

    private func journal(_ world: CommerceTestWorld, kind: JournalKind) throws -> [String] {
        try world.core.store.read { tx in try tx.fetchValues(String.self, "SELECT body FROM journal_entries WHERE kind = ? ORDER BY seq", kind.rawValue) }
    }

    @Test(arguments: StorageBackend.allCases)
    func aProductAddedIsOnTheShelfWithItsStockPriceAndJournalEntry(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let world = ledger.world
        let room = Self.stockroom(world)
        let manager = try Self.mia(world)
        world.advance(.seconds(5))
        let added = try room.add(NewProduct(name: "  Heather honey ", price: euros(890), taxCategory: "food", stock: 10, lowStockAt: 2),
                                 signature: manager)
        #expect(added.product.name == "Heather honey" && added.stock == 10 && added.taxCategory == "food" && added.lowStockAt == 2)
        let shelf = try #require(try world.catalog.product(id: added.id))
        #expect(shelf.price == euros(890) && shelf.stock == 10)
        #expect(try world.catalog.products().last?.id == added.id, "after the others")
        #expect(try world.catalog.products(CatalogFilter(text: "heather"), from: .first, limit: 5).map(\.id) == [added.id], "found by name")
        let movements = try room.movements(of: added.id)
        #expect(movements.map(\.kind) == [.opening] && movements.map(\.quantity) == [10])
        #expect(movements.first?.signature == manager && movements.first?.counter == "front")
        #expect(try room.price(of: added.id, at: world.clock.now) == euros(890))
        let entry = try #require(try journal(world, kind: .productAdded).last)
        #expect(entry.contains("\"name\":\"Heather honey\"") && entry.contains("\"staff\":{\"id\":\"\(manager.doneBy.id.rawValue)\",\"name\":\"Mia\"}"))
        // Sold like any jar, at its price and VAT.
        _ = try world.carts.add(productId: added.id, quantity: 2, for: "till")
        let sale = try world.orders.payInCash(sessionKey: "till", tendered: euros(2000))
        #expect(sale.order.total == euros(1780))
        #expect(try room.movements(of: added.id).map(\.quantity) == [-2, 10])
        #expect(try ledger.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aNewProductIsRefusedWhatItCannotBe(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let room = Self.stockroom(world)
        func adding(_ name: String, _ price: Int64 = 100, _ category: String = "food", _ stock: Int = 1) -> StockroomError? {
            do { _ = try room.add(NewProduct(name: name, price: euros(price), taxCategory: category, stock: stock), signature: nil); return nil } catch {
                return error
            }
        }
        #expect(adding(" ") == .nameMissing)
        #expect(adding(String(repeating: "x", count: Stockroom.maximumNameLength + 1)) == .nameTooLong)
        #expect(adding("acacia HONEY") == .nameTaken)
        #expect(adding("Free honey", 0) == .invalidPrice)
        #expect(adding("Odd honey", 100, "jewellery") == .unknownTaxCategory("jewellery"))
        #expect(adding("Many honey", 100, "food", -1) == .invalidQuantity(-1))
        #expect(try world.catalog.products().count == 4, "nothing written")
        #expect(room.taxCategories.contains("food") && room.taxCategories.contains("general"))
    }

    @Test(arguments: StorageBackend.allCases)
    func aPriceChangeKeepsItsTimeAndOrdersKeepTheirPrice(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let room = Self.stockroom(world)
        let manager = try Self.mia(world)
        world.advance(.seconds(60))
        _ = try world.carts.add(productId: "honey-acacia", for: "before")
        let before = try world.orders.payInCash(sessionKey: "before", tendered: euros(650))
        let monday = world.clock.now
        world.advance(.seconds(3600))
        let change = try room.changePrice(of: "honey-acacia", to: euros(690), signature: manager)
        #expect(change.old == euros(650) && change.price == euros(690) && change.signature == manager)
        #expect(throws: StockroomError.samePrice) { try room.changePrice(of: "honey-acacia", to: euros(690), signature: manager) }
        #expect(throws: StockroomError.invalidPrice) { try room.changePrice(of: "honey-acacia", to: euros(-1), signature: manager) }
        #expect(throws: StockroomError.unknownProduct("nothing")) { try room.changePrice(of: "nothing", to: euros(1), signature: manager) }
        #expect(try room.price(of: "honey-acacia", at: monday) == euros(650), "what a jar cost then")
        #expect(try room.price(of: "honey-acacia", at: world.clock.now) == euros(690))
        #expect(try room.prices(of: "honey-acacia").map(\.price) == [euros(690), euros(650)])
        #expect(try world.orders.order(id: before.order.id)?.lines.first?.unitPrice == euros(650), "the order froze its line")
        _ = try world.carts.add(productId: "honey-acacia", for: "after")
        #expect(try world.carts.cart(for: "after").total == euros(690))
        let entry = try #require(try journal(world, kind: .priceChanged).last)
        #expect(entry.contains("\"old_minor\":650") && entry.contains("\"price_minor\":690") && entry.contains("Mia"))
    }

    @Test(arguments: StorageBackend.allCases)
    func stockReceivedAndCountedAreMovementsWithTheirReasons(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let world = ledger.world
        let room = Self.stockroom(world)
        let manager = try Self.mia(world)
        let clover = world.stock("honey-clover")
        let received = try room.receive(5, of: "honey-clover", note: "Imker Schulz, note 118", signature: manager)
        #expect(received.kind == .received && received.quantity == 5 && received.stockAfter == clover + 5 && received.note == "Imker Schulz, note 118")
        #expect(throws: StockroomError.invalidQuantity(0)) { try room.receive(0, of: "honey-clover", note: "", signature: manager) }
        #expect(throws: StockroomError.reasonMissing, "a difference needs its reason") {
            try room.count(clover + 3, of: "honey-clover", reason: nil, note: "", signature: manager)
        }
        #expect(throws: StockroomError.reasonMissing, "other needs a note") {
            try room.count(clover + 3, of: "honey-clover", reason: .other, note: " ", signature: manager)
        }
        let counted = try room.count(clover + 3, of: "honey-clover", reason: .damaged, note: "two jars cracked", signature: manager)
        #expect(counted.kind == .counted && counted.quantity == -2 && counted.reason == .damaged && counted.stockAfter == clover + 3)
        let same = try room.count(clover + 3, of: "honey-clover", reason: nil, note: "", signature: manager)
        #expect(same.quantity == 0 && same.reason == nil, "a count that agrees is recorded too, with no reason")
        #expect(world.stock("honey-clover") == clover + 3)
        #expect(try journal(world, kind: .stockReceived).count == 1 && journal(world, kind: .stockCounted).count == 2)
        #expect(try journal(world, kind: .stockCounted).first?.contains("\"reason\":\"damaged\"") == true)
        // stock now = start + received + counted differences - sold + returned, and the audit agrees.
        let all = try room.movements(of: "honey-clover", limit: 100)
        #expect(all.reduce(0) { $0 + $1.quantity } == clover + 3)
        #expect(all.contains { $0.kind == .sold } && all.contains { $0.kind == .returned }, "the fixture sold and refunded clover")
        #expect(try ledger.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func stockChangedBehindTheMovementsIsNamedByTheAudit(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        #expect(try ledger.audit() == [], "every sale, refund and hold of the fixture moved stock by the book")
        let stock = ledger.world.stock("honey-wildflower")
        try ledger.write("UPDATE products SET stock = stock + 4 WHERE id = 'honey-wildflower'")
        #expect(try ledger.audit() == [.stockDisagreesWithMovements(productId: "honey-wildflower", stock: stock + 4, moved: stock)])
    }

    @Test(arguments: StorageBackend.allCases)
    func theLowStockListIsTheProductsAtOrBelowTheirLevel(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let room = Self.stockroom(world)
        // The seed: Manuka 3 (the default level 3), the others above.
        #expect(try room.lowStock().map(\.id) == ["honey-manuka"])
        let empty = try room.add(NewProduct(name: "Lime honey", price: euros(700), taxCategory: "food", stock: 0), signature: nil)
        #expect(try room.lowStock().map(\.id) == [empty.id, "honey-manuka"], "the emptiest first")
        _ = try room.receive(10, of: "honey-manuka", note: "", signature: nil)
        #expect(try room.lowStock().map(\.id) == [empty.id])
        #expect(try room.products(matching: "HONEY").count == 5 && room.products(matching: "lime").map(\.id) == [empty.id])
    }
}
