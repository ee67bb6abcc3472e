import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// Issue 18: a filter of one or two letters is found through the index of each name's letters
/// and letter pairs (`catalog_grams`), and finds what reading every name would: the text
/// anywhere in the name, ignoring case, at any length, before and after the products change.
/// A server has no such table (`CatalogServerSearch`: trigrams of the names lowered by ICU): the
/// same filters find the same products there, accents and cases beyond ASCII included.
@Suite struct CatalogGramsTests {
    /// Names with what a filter trips on: cases, letters beyond ASCII, Chinese, FTS5's and
    /// LIKE's special characters, quotes, a one-letter name, and digits.
    private static let names = [
        "Acacia HONEY", "clover honey", "Crème brûlée", "CRÈME fraîche", "été", "Jar ÉTÉ", "Zürich mix", "ZÜRICH",
        "蜂蜜", "百花蜂蜜 Jar", "50% off_now", "O'Brien's \"best\"", "x", "Ab", "a.b-c", "Ωmega ω", "Ærø æble",
    ]

    /// The four seeded jars, then `names` twice over (the second time numbered), so that every
    /// gram is held by several products far apart in the list.
    private func world(_ backend: StorageBackend) throws -> CommerceTestWorld {
        let world = try CommerceTestWorld(backend)
        for (index, name) in (Self.names + Self.names.enumerated().map { "\($1) \($0)" }).enumerated() {
            try world.shelve(id: "p-\(index)", position: 10 + index, name: name, stock: 5)
        }
        return world
    }

    /// Every one- and two-letter piece of every name, in the case written and in both others,
    /// then longer pieces and filters that match nothing.
    private func filters(_ all: [Product]) -> [String] {
        var pieces = Set<String>()
        for product in all {
            let scalars = Array(product.name.unicodeScalars)
            for start in scalars.indices {
                for length in 1...2 where start + length <= scalars.count {
                    var piece = String.UnicodeScalarView()
                    piece.append(contentsOf: scalars[start..<start + length])
                    let text = String(piece)
                    pieces.formUnion([text, text.lowercased(), text.uppercased()])
                }
            }
        }
        let longer = ["hon", "HONEY", "ème", "RÈM", "zür", "蜂蜜 ", "% o", "'s \"", "jar 1", "ωmeg", "ÆRØ"]
        let nothing = ["q", "Q", "qq", "zz", "yn", "ß", "蜜蜂", "xyz", "Ω Ω", "_%", "\"\""]
        return pieces.sorted() + longer + nothing
    }

    /// What the filter means, read the slow way: every product whose name, lowercased, holds the
    /// text lowercased.
    private func scan(_ all: [Product], _ text: String) -> [String] {
        all.filter { $0.name.lowercased().contains(text.lowercased()) }.map(\.id)
    }

    private func expectEveryFilterFindsWhatAScanFinds(_ world: CommerceTestWorld, _ comment: Comment) throws {
        let all = try world.catalog.products()
        var checked = 0
        for text in filters(all) {
            let filter = CatalogFilter(text: text)
            let expected = scan(all, text)
            let found = try world.catalog.products(filter, from: .first, limit: 1_000).map(\.id)
            #expect(found == expected, "\(comment): filter \(text.debugDescription)")
            #expect(try world.catalog.count(filter) == expected.count, "\(comment): count of \(text.debugDescription)")
            checked += 1
        }
        #expect(checked > 150, "the filters are many: every piece of every name")
        // FTS5 checks its index's structure by a write that changes nothing (a server keeps its
        // own index, and has no such table).
        if world.core.store.engine == .sqlite {
            try world.core.store.write { tx in try tx.execute("INSERT INTO catalog_grams (catalog_grams) VALUES ('integrity-check')") }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func everyShortFilterFindsWhatReadingEveryNameFinds(_ backend: StorageBackend) throws {
        let world = try world(backend)
        let all = try world.catalog.products()
        #expect(scan(all, "é").count == 6, "the seeded names do hold the letters asked for")
        try expectEveryFilterFindsWhatAScanFinds(world, "seeded")
    }

    /// A short filter's matches page both ways in the list's order, window by window, as a
    /// long filter's do.
    @Test(arguments: StorageBackend.allCases)
    func aShortFilterPagesBothWaysThroughItsMatches(_ backend: StorageBackend) throws {
        let world = try world(backend)
        let all = try world.catalog.products()
        for text in ["e", "É", "er", "蜂", " ", "."] {
            let filter = CatalogFilter(text: text)
            let expected = scan(all, text)
            var forward: [String] = []
            var window = try world.catalog.products(filter, from: .first, limit: 3)
            while let last = window.last {
                forward += window.map(\.id)
                window = try world.catalog.products(filter, from: .after(productID: last.id), limit: 3)
            }
            #expect(forward == expected, "forward through \(text.debugDescription)")
            var backward: [String] = []
            window = try world.catalog.products(filter, from: .last, limit: 3)
            while let first = window.first {
                backward = window.map(\.id) + backward
                window = try world.catalog.products(filter, from: .before(productID: first.id), limit: 3)
            }
            #expect(backward == expected, "backward through \(text.debugDescription)")
        }
    }

    /// The triggers keep the index beside the products, whoever writes them: a new product, a
    /// rename, a move in the list, a stock change, a deletion. (The server keeps its own.)
    @Test(arguments: StorageBackend.allCases)
    func theIndexFollowsEveryWriteToTheProducts(_ backend: StorageBackend) throws {
        let world = try world(backend)
        try world.shelve(id: "new", position: 15, name: "Quince jam QQ")
        try world.core.store.write { tx in
            try tx.execute("UPDATE products SET name = 'Renamed yz' WHERE id = 'p-0'")
            try tx.execute("UPDATE products SET name = '' WHERE id = 'p-1'")
            try tx.execute("UPDATE products SET position = 1 WHERE id = 'p-2'")
            try tx.execute("UPDATE products SET position = 99, name = 'Moved and renamed ÿ' WHERE id = 'p-3'")
            try tx.execute("UPDATE products SET stock = 0 WHERE id = 'p-4'")
            try tx.execute("DELETE FROM products WHERE id IN ('p-5', 'p-8')")
        }
        #expect(try world.catalog.products(CatalogFilter(text: "q"), from: .first, limit: 10).map(\.id) == ["new"])
        #expect(try world.catalog.products(CatalogFilter(text: "YZ"), from: .first, limit: 10).map(\.id) == ["p-0"])
        #expect(try world.catalog.products(CatalogFilter(text: "Ÿ"), from: .first, limit: 10).map(\.id) == ["p-3"])
        #expect(try world.catalog.products(CatalogFilter(text: "蜂"), from: .first, limit: 1).map(\.id) == ["p-9"],
                "the first of the Chinese names is no longer p-8")
        #expect(try world.catalog.products(CatalogFilter(text: "cr"), from: .first, limit: 1).map(\.id) == ["p-2"],
                "moved to the top of the list, it is found first")
        let soldOut = try world.catalog.products(CatalogFilter(text: "ét"), from: .first, limit: 10)
        #expect(soldOut.first { $0.id == "p-4" }?.stock == 0, "the stock is read with the window")
        try expectEveryFilterFindsWhatAScanFinds(world, "after the writes")
    }

    /// The ledger's audit reads every table for card numbers in clear: the index is read row by
    /// row like any table, and a name's grams hold no run of digits to read a card number from.
    // SQLite-only: `catalog_grams` is SQLite's FTS5 table; a server's trigram index is no table.
    @Test func theAuditReadsTheIndexLikeEveryTable() throws {
        let world = try world(.sqlite)
        try world.shelve(id: "card", position: 99, name: "Jar 4242 4242 4242 4242")
        let violations = try world.core.store.read { tx in try CardNumberScan.violations(tx) }
        let tables = Set(violations.compactMap { violation -> String? in
            if case let .cardNumberInClear(table, _, _, _) = violation { table } else { nil }
        })
        #expect(tables.contains("products"), "the name in clear is found where it is")
        #expect(!tables.contains { $0.hasPrefix("catalog_grams") }, "found in \(tables.sorted())")
    }
}
