import Foundation
import GRDB
import Testing
@testable import PaymentsCore

/// The catalog's windows and filter (issue 18) on both engines: SQLite walks its FTS5 tables, a
/// server its own index (`CatalogServerSearch`); a shopper sees the same list either way.
@Suite struct CatalogOnBothEnginesTests {
    /// A counter's catalog on a fresh database: the four seeded jars, then `count` more named
    /// "Jar <n>" (positions 10, 11...), written through the store as another counter would.
    private func catalog(_ backend: StorageBackend, jars count: Int) throws -> (catalog: Catalog, store: any CoreStore) {
        let store = try backend.freshStore().openStore(commerce: true)
        let catalog = try Catalog(store: store)
        for index in 0..<count { try insert(store, id: "jar-\(index)", position: 10 + index, name: "Jar \(index)", stock: 5) }
        return (catalog, store)
    }

    private func insert(_ store: any CoreStore, id: String, position: Int, name: String, stock: Int = 1) throws {
        try store.write { tx in
            try tx.execute("""
                INSERT INTO products (id, position, name, description, price_minor, currency, stock, image) VALUES (?, ?, ?, '', 100, 'EUR', ?, '')
                """, id, position, name, stock)
        }
    }

    private func ids(_ products: [Product]) -> [String] { products.map(\.id) }

    @Test(arguments: StorageBackend.allCases)
    func windowsFollowOneAnotherBothWaysInTheListsOrder(_ backend: StorageBackend) throws {
        let (catalog, _) = try catalog(backend, jars: 6)
        let all = try catalog.products()
        #expect(ids(all) == ["honey-acacia", "honey-clover", "honey-manuka", "honey-wildflower"] + (0..<6).map { "jar-\($0)" })
        var seen: [Product] = []
        var window = try catalog.products(.everything, from: .first, limit: 3)
        while !window.isEmpty {
            seen += window
            window = try catalog.products(.everything, from: .after(productID: window.last!.id), limit: 3)
        }
        #expect(seen == all, "windows after windows are the whole list, each product once, with its stock")
        #expect(try catalog.count(.everything) == 10)
        #expect(ids(try catalog.products(.everything, from: .last, limit: 2)) == ["jar-4", "jar-5"])
        #expect(ids(try catalog.products(.everything, from: .before(productID: "jar-1"), limit: 3)) == ["honey-manuka", "honey-wildflower", "jar-0"])
        #expect(ids(try catalog.products(.everything, from: .startingAt(productID: "jar-4"), limit: 5)) == ["jar-4", "jar-5"])
        #expect(try catalog.products(.everything, from: .before(productID: "honey-acacia"), limit: 3).isEmpty)
        #expect(try catalog.products(.everything, from: .first, limit: 0).isEmpty)
    }

    /// The server has no rowid: products of one position stay in the order they were written.
    @Test(arguments: StorageBackend.allCases)
    func equalPositionsKeepTheOrderTheyWereWrittenIn(_ backend: StorageBackend) throws {
        let (catalog, store) = try catalog(backend, jars: 0)
        for id in ["b", "a", "c"] { try insert(store, id: id, position: 2, name: "Tie " + id) }
        #expect(ids(try catalog.products()) == ["honey-acacia", "honey-clover", "honey-manuka", "b", "a", "c", "honey-wildflower"])
        #expect(ids(try catalog.products(.everything, from: .after(productID: "b"), limit: 2)) == ["a", "c"])
        #expect(ids(try catalog.products(.everything, from: .before(productID: "c"), limit: 2)) == ["b", "a"])
    }

    @Test(arguments: StorageBackend.allCases)
    func theFilterFindsTheTextAnywhereInTheNameIgnoringCase(_ backend: StorageBackend) throws {
        let (catalog, store) = try catalog(backend, jars: 12)
        try insert(store, id: "ete", position: 99, name: "Jar ÉTÉ")
        try insert(store, id: "odd", position: 100, name: "Fifty % off_now \"x\" \\")
        func names(_ text: String, alsoNamed: Set<String> = []) throws -> [String] {
            try catalog.products(CatalogFilter(text: text, alsoNamed: alsoNamed), from: .first, limit: 100).map(\.name)
        }
        #expect(try names("HON") == ["Acacia honey", "Clover honey", "Manuka honey", "Wildflower honey"])
        #expect(try names("ov") == ["Clover honey"])
        #expect(try names("1") == ["Jar 1", "Jar 10", "Jar 11"])
        #expect(try names("r 1") == ["Jar 1", "Jar 10", "Jar 11"])
        #expect(try names("été") == ["Jar ÉTÉ"])
        #expect(try names("é") == ["Jar ÉTÉ"], "fewer than three letters, beyond ASCII, ignoring case")
        #expect(try names("%") == ["Fifty % off_now \"x\" \\"], "LIKE's wildcards are letters here")
        #expect(try names("_") == ["Fifty % off_now \"x\" \\"])
        #expect(try names("\\") == ["Fifty % off_now \"x\" \\"], "and so is LIKE's escape")
        #expect(try names("\"x\"") == ["Fifty % off_now \"x\" \\"], "a quote is a letter")
        #expect(try names("honey c").isEmpty)
        #expect(try names("q").isEmpty)
        #expect(try catalog.count(CatalogFilter(text: "zzz")) == 0)
        #expect(try catalog.count(CatalogFilter(text: "jar 1")) == 3)
        #expect(try catalog.count(CatalogFilter(text: "a")) == 15)
        // Names matched another way (a translation) join in their place, once each.
        #expect(try names("ka ", alsoNamed: ["Acacia honey", "Jar 3", "Manuka honey"]) == ["Acacia honey", "Manuka honey", "Jar 3"])
        #expect(try catalog.count(CatalogFilter(text: "ka ", alsoNamed: ["Acacia honey", "Jar 3", "Manuka honey"])) == 3)
        #expect(try names("zzz", alsoNamed: ["Jar 3"]) == ["Jar 3"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aFilteredListPagesBothWaysByItsOwnMatches(_ backend: StorageBackend) throws {
        let (catalog, _) = try catalog(backend, jars: 40)
        let filter = CatalogFilter(text: "jar 1")
        #expect(ids(try catalog.products(filter, from: .first, limit: 100)) == ["jar-1"] + (10...19).map { "jar-\($0)" })
        #expect(ids(try catalog.products(filter, from: .after(productID: "jar-5"), limit: 2)) == ["jar-10", "jar-11"])
        #expect(ids(try catalog.products(filter, from: .before(productID: "jar-12"), limit: 2)) == ["jar-10", "jar-11"])
        #expect(ids(try catalog.products(filter, from: .last, limit: 2)) == ["jar-18", "jar-19"])
        #expect(try catalog.products(filter, from: .after(productID: "jar-19"), limit: 2).isEmpty)
        let short = CatalogFilter(text: "9")
        #expect(ids(try catalog.products(short, from: .after(productID: "jar-9"), limit: 2)) == ["jar-19", "jar-29"])
        #expect(ids(try catalog.products(short, from: .last, limit: 2)) == ["jar-29", "jar-39"])
    }

    /// Another counter's writes to the shelf are in the next window, on both engines: the
    /// server's filter reads the names themselves, so nothing has to keep an index beside them.
    @Test(arguments: StorageBackend.allCases)
    func anotherCountersWritesAreSeenInTheNextWindow(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let catalog = try Catalog(store: try location.openStore(commerce: true))
        let other = try location.openStore(commerce: true)
        for index in 0..<6 { try insert(other, id: "jar-\(index)", position: 10 + index, name: "Jar \(index)", stock: 5) }
        try insert(other, id: "late", position: 11, name: "Late jar", stock: 2)
        try other.write { tx in
            try tx.execute("UPDATE products SET stock = 0 WHERE id = 'jar-2'")
            try tx.execute("UPDATE products SET name = 'Renamed jar' WHERE id = 'jar-3'")
            try tx.execute("DELETE FROM products WHERE id = 'jar-5'")
        }
        let next = try catalog.products(.everything, from: .after(productID: "jar-0"), limit: 4)
        #expect(ids(next) == ["jar-1", "late", "jar-2", "jar-3"])
        #expect(next.map(\.stock) == [5, 2, 0, 5])
        #expect(ids(try catalog.products(CatalogFilter(text: "renamed"), from: .first, limit: 5)) == ["jar-3"])
        #expect(try catalog.products(CatalogFilter(text: "jar 3"), from: .first, limit: 5).isEmpty)
        #expect(try catalog.products(CatalogFilter(text: "jar 5"), from: .first, limit: 5).isEmpty)
        #expect(ids(try catalog.products(.everything, from: .after(productID: "jar-5"), limit: 2)) == ["honey-acacia", "honey-clover"])
    }

    /// Four counters opening the catalog on a new server at the same moment: each finds the
    /// server's index made once (the first makes it, the others wait for it under the lock).
    @Test(arguments: StorageBackend.allCases)
    func countersOpeningTheCatalogTogetherOnANewServerAllOpenIt(_ backend: StorageBackend) throws {
        let location = try backend.freshStore(ownDatabase: true)
        let stores = StoreBox(try (0..<4).map { _ in try location.openStore(commerce: true) })
        let outcomes = runTogether(4) { index -> Int in try Catalog(store: stores.all[index]).products().count }
        #expect(outcomes.map { (try? $0.get()).map(String.init) ?? "threw \($0)" } == Array(repeating: "4", count: 4))
    }

    /// Stores handed to threads, one each.
    final class StoreBox: @unchecked Sendable {
        let all: [any CoreStore]
        init(_ all: [any CoreStore]) { self.all = all }
    }
}
