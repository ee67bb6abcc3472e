import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// Issue 18: the catalog is read a window at a time, in the list's order, under the shopper's
/// filter, without reading the rest of the shop.
@Suite struct CatalogPagingTests {
    /// The four seeded jars, then `count` more named "Jar <n>" (positions 10, 11...).
    private func world(_ backend: StorageBackend, jars count: Int) throws -> CommerceTestWorld {
        let world = try CommerceTestWorld(backend)
        for index in 0..<count { try world.shelve(id: "jar-\(index)", position: 10 + index, name: "Jar \(index)", stock: 5) }
        return world
    }

    private func ids(_ products: [Product]) -> [String] { products.map(\.id) }

    @Test(arguments: StorageBackend.allCases)
    func windowsFollowOneAnotherInTheListsOrderToTheEnd(_ backend: StorageBackend) throws {
        let world = try world(backend, jars: 6)
        let all = try world.catalog.products()
        #expect(all.count == 10)
        var seen: [Product] = []
        var window = try world.catalog.products(.everything, from: .first, limit: 3)
        while !window.isEmpty {
            #expect(window.count <= 3)
            seen += window
            window = try world.catalog.products(.everything, from: .after(productID: window.last!.id), limit: 3)
        }
        #expect(seen == all, "windows after windows are the whole list, each product once, with its stock")
        #expect(try world.catalog.count(.everything) == 10)
        // The boundaries: the last window is short; nothing after the last; nothing before the first.
        #expect(ids(try world.catalog.products(.everything, from: .after(productID: "jar-3"), limit: 3)) == ["jar-4", "jar-5"])
        #expect(try world.catalog.products(.everything, from: .after(productID: "jar-5"), limit: 3).isEmpty)
        #expect(try world.catalog.products(.everything, from: .before(productID: "honey-acacia"), limit: 3).isEmpty)
        #expect(try world.catalog.products(.everything, from: .first, limit: 0).isEmpty)
    }

    @Test(arguments: StorageBackend.allCases)
    func backwardsAndFromTheEndTheWindowIsStillInListOrder(_ backend: StorageBackend) throws {
        let world = try world(backend, jars: 6)
        #expect(ids(try world.catalog.products(.everything, from: .last, limit: 2)) == ["jar-4", "jar-5"])
        #expect(ids(try world.catalog.products(.everything, from: .before(productID: "jar-1"), limit: 3))
                == ["honey-manuka", "honey-wildflower", "jar-0"])
        #expect(ids(try world.catalog.products(.everything, from: .before(productID: "honey-clover"), limit: 3)) == ["honey-acacia"])
        #expect(ids(try world.catalog.products(.everything, from: .startingAt(productID: "jar-4"), limit: 5)) == ["jar-4", "jar-5"])
        #expect(ids(try world.catalog.products(.everything, from: .last, limit: 50)) == ids(try world.catalog.products()))
    }

    /// A product's place is its position, then the order it was written in: equal positions do
    /// not reorder between windows.
    @Test(arguments: StorageBackend.allCases)
    func equalPositionsKeepTheOrderTheyWereWrittenIn(_ backend: StorageBackend) throws {
        let world = try world(backend, jars: 0)
        for id in ["b", "a", "c"] { try world.shelve(id: id, position: 2, name: "Tie " + id) }
        let order = ["honey-acacia", "honey-clover", "honey-manuka", "b", "a", "c", "honey-wildflower"]
        #expect(ids(try world.catalog.products()) == order)
        #expect(ids(try world.catalog.products(.everything, from: .after(productID: "b"), limit: 2)) == ["a", "c"])
        #expect(ids(try world.catalog.products(.everything, from: .before(productID: "c"), limit: 2)) == ["b", "a"])
    }

    /// The filter the shopper had: the name contains the text, ignoring case, at any length of text.
    @Test(arguments: StorageBackend.allCases)
    func theFilterFindsTheTextAnywhereInTheNameIgnoringCase(_ backend: StorageBackend) throws {
        let world = try world(backend, jars: 12)
        try world.shelve(id: "ete", position: 99, name: "Jar ÉTÉ")
        try world.shelve(id: "odd", position: 100, name: "Fifty % off_now \"x\"")
        func names(_ text: String, alsoNamed: Set<String> = []) throws -> [String] {
            try world.catalog.products(CatalogFilter(text: text, alsoNamed: alsoNamed), from: .first, limit: 100).map(\.name)
        }
        #expect(try names("HON") == ["Acacia honey", "Clover honey", "Manuka honey", "Wildflower honey"])
        #expect(try names("ov") == ["Clover honey"])
        #expect(try names("1") == ["Jar 1", "Jar 10", "Jar 11"])
        #expect(try names("r 1") == ["Jar 1", "Jar 10", "Jar 11"])
        #expect(try names("été") == ["Jar ÉTÉ"])
        #expect(try names("é") == ["Jar ÉTÉ"], "fewer than three letters, beyond ASCII, ignoring case")
        #expect(try names("%") == ["Fifty % off_now \"x\""], "LIKE's wildcards are letters here")
        #expect(try names("_") == ["Fifty % off_now \"x\""])
        #expect(try names("\"x\"") == ["Fifty % off_now \"x\""], "a quote is a letter, not FTS5 syntax")
        #expect(try names("honey c").isEmpty)
        #expect(try names("zzz").isEmpty)
        #expect(try names("q").isEmpty)
        #expect(try world.catalog.count(CatalogFilter(text: "zzz")) == 0)
        #expect(try world.catalog.count(CatalogFilter(text: "q")) == 0)
        #expect(try world.catalog.count(CatalogFilter(text: "jar 1")) == 3)
        #expect(try world.catalog.count(CatalogFilter(text: "a")) == 15)
        // Names matched another way (a translation) join in their place, once each.
        #expect(try names("ka ", alsoNamed: ["Acacia honey", "Jar 3", "Manuka honey"]) == ["Acacia honey", "Manuka honey", "Jar 3"])
        #expect(try world.catalog.count(CatalogFilter(text: "ka ", alsoNamed: ["Acacia honey", "Jar 3", "Manuka honey"])) == 3)
        #expect(try names("zzz", alsoNamed: ["Jar 3"]) == ["Jar 3"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aFilteredListPagesBothWaysByItsOwnMatches(_ backend: StorageBackend) throws {
        let world = try world(backend, jars: 40)
        let filter = CatalogFilter(text: "jar 1")
        let matches = try world.catalog.products(filter, from: .first, limit: 100)
        #expect(ids(matches) == ["jar-1"] + (10...19).map { "jar-\($0)" })
        #expect(ids(try world.catalog.products(filter, from: .after(productID: "jar-1"), limit: 2)) == ["jar-10", "jar-11"])
        // The anchor need not match the filter: the window starts after its place in the list.
        #expect(ids(try world.catalog.products(filter, from: .after(productID: "jar-5"), limit: 2)) == ["jar-10", "jar-11"])
        #expect(ids(try world.catalog.products(filter, from: .before(productID: "jar-12"), limit: 2)) == ["jar-10", "jar-11"])
        #expect(ids(try world.catalog.products(filter, from: .last, limit: 2)) == ["jar-18", "jar-19"])
        #expect(try world.catalog.products(filter, from: .after(productID: "jar-19"), limit: 2).isEmpty)
    }

    /// Products written while the shopper pages through show up in their place; stock is read
    /// with each window; a product the shopper holds that left the shelf anchors no window.
    @Test(arguments: StorageBackend.allCases)
    func productsAddedOrSoldOutWhilePagingAreSeenInTheNextWindow(_ backend: StorageBackend) throws {
        let world = try world(backend, jars: 6)
        let first = try world.catalog.products(.everything, from: .first, limit: 5)
        #expect(first.last?.id == "jar-0")
        try world.shelve(id: "late", position: 11, name: "Late jar", stock: 2)
        try world.core.store.write { tx in
            try tx.execute("UPDATE products SET stock = 0 WHERE id = 'jar-2'")
            try tx.execute("UPDATE products SET name = 'Renamed jar' WHERE id = 'jar-3'")
        }
        let next = try world.catalog.products(.everything, from: .after(productID: "jar-0"), limit: 4)
        #expect(ids(next) == ["jar-1", "late", "jar-2", "jar-3"])
        #expect(next.map(\.stock) == [5, 2, 0, 5])
        #expect(try world.catalog.products(CatalogFilter(text: "renamed"), from: .first, limit: 5).map(\.id) == ["jar-3"])
        #expect(try world.catalog.products(CatalogFilter(text: "jar 3"), from: .first, limit: 5).isEmpty)
        try world.core.store.write { tx in try tx.execute("DELETE FROM products WHERE id = 'jar-5'") }
        #expect(try world.catalog.products(CatalogFilter(text: "jar 5"), from: .first, limit: 5).isEmpty)
        #expect(ids(try world.catalog.products(.everything, from: .after(productID: "jar-5"), limit: 2)) == ["honey-acacia", "honey-clover"])
        #expect(try world.catalog.count(.everything) == 10)
    }
}
