@_spi(Core) import CheckoutKit
@testable import CounterApp
import Foundation
@_spi(Testing) import PaymentsCore
import TerminalUI
import Testing

/// PgUp, PgDn, Home and End in the catalog (issue 18): a page or an end at a time in a list too
/// long for number keys; the ends read by keyset from the database, a page within the window.
@Suite struct CatalogPagingKeysTests {
    private let reach = CatalogWindow.reach

    private static func jar(_ index: Int) -> Product {
        Product(id: "jar-\(index)", name: "Jar \(index)", detail: "", price: Money(minorUnits: 100, currency: .eur), stock: 5)
    }

    /// A page is the lines the terminal shows; the keys act only in a list longer than nine
    /// lines, and while filtering only when the matches are (or may be) that many.
    @Test func thePagingKeysActInALongListByThePageShown() {
        var state = CatalogFeature.State()
        state.productCount = 4
        for key in [Key.pageUp, .pageDown, .home, .end] {
            #expect(CatalogFeature.action(for: .key(key), in: state) == nil, "a shop of four: \(key) does nothing")
        }
        state.productCount = 304
        #expect(CatalogFeature.action(for: .key(.pageDown), in: state, size: Size(columns: 80, rows: 24)) == .pageDown(rows: 17))
        #expect(CatalogFeature.action(for: .key(.pageUp), in: state, size: Size(columns: 100, rows: 40)) == .pageUp(rows: 33))
        #expect(CatalogFeature.action(for: .key(.pageDown), in: state) == .pageDown(rows: 17), "without a size, what 80x24 shows")
        #expect(CatalogFeature.action(for: .key(.pageDown), in: state, size: Size(columns: 200, rows: 200)) == .pageDown(rows: reach),
                "no further than the window holds below the selection")
        #expect(CatalogFeature.action(for: .key(.home), in: state) == .moveToFirst)
        #expect(CatalogFeature.action(for: .key(.end), in: state) == .moveToLast)
        state.filter = "jar"
        #expect(CatalogFeature.action(for: .key(.end), in: state) == .moveToLast, "matches not yet counted: the list may be long")
        state.window = CatalogWindow(products: (0..<3).map(Self.jar), start: 0, reachesEnd: true)
        #expect(CatalogFeature.action(for: .key(.end), in: state) == nil, "three matches")
        #expect(!CatalogFeature.keyHints(state).contains { $0.key == "PgUp PgDn" })
        state.window = CatalogWindow(products: (0..<10).map(Self.jar), start: 0, reachesEnd: true)
        #expect(CatalogFeature.action(for: .key(.home), in: state) == .moveToFirst)
        #expect(CatalogFeature.keyHints(state).map(\.key).suffix(2) == ["PgUp PgDn", "Home End"])
    }

    /// PgDn moves a page and reads ahead as Down would; PgUp comes back; at the top PgUp does
    /// nothing.
    @Test func pageDownAndUpMoveAPageAndReadAhead() throws {
        let count = 504
        let world = try ShelfWorld(jars: count - 4)
        let store = world.store()
        world.load(store, count: count, window: world.window(0..<reach + 1))
        store.send(.pageDown(rows: 17)) { $0.list = ListSelection(17) }
        store.receive(.loaded(.success(.after(anchor: world.all[reach].id, Array(world.all[reach + 1..<2 * reach + 1]), asked: reach)))) {
            $0.window = world.window(0..<2 * reach + 1)
        }
        store.send(.pageDown(rows: 17)) { $0.list = ListSelection(34) }
        #expect(store.state.selected == world.all[34])
        store.send(.pageUp(rows: 17)) { $0.list = ListSelection(17) }
        store.send(.pageUp(rows: 17)) { $0.list = ListSelection(0) }
        store.send(.pageUp(rows: 17))
        store.finish()
    }

    /// End reads the last lines (keyset from the end, and a count for their place); Home reads
    /// the first again; each does nothing where the selection already is.
    @Test func homeAndEndReadTheEndsOfALongList() throws {
        let count = 504
        let world = try ShelfWorld(jars: count - 4)
        let top = world.window(0..<reach + 1)
        let end = world.window(count - reach - 1..<count, reachesEnd: true)
        let store = world.store()
        world.load(store, count: count, window: top)
        store.send(.moveToFirst)
        store.send(.moveToLast)
        store.receive(.loaded(.success(.window(end, select: count - 1)))) {
            $0.window = end
            $0.list = ListSelection(count - 1)
        }
        #expect(store.state.selected == world.all[count - 1])
        store.send(.moveToLast)
        store.send(.pageDown(rows: 17))
        store.send(.pageUp(rows: 17)) { $0.list = ListSelection(count - 18) }
        // Fewer than `reach` lines held above the selection: the lines above are read.
        store.receive(.loaded(.success(.before(anchor: world.all[count - reach - 1].id,
                                               Array(world.all[count - 2 * reach - 1..<count - reach - 1]), asked: reach)))) {
            $0.window = world.window(count - 2 * reach - 1..<count, reachesEnd: true)
        }
        store.send(.moveToFirst)
        store.receive(.loaded(.success(.window(top, select: 0)))) {
            $0.window = top
            $0.list = ListSelection(0)
        }
        store.finish()
    }

    /// In a list the window holds whole, the keys move without reading; a page stops at the last
    /// line.
    @Test func inAListHeldWholeTheKeysMoveWithoutReading() throws {
        let world = try ShelfWorld(jars: 26)
        let store = world.store()
        world.load(store, count: 30, window: world.window(0..<30, reachesEnd: true))
        store.send(.pageDown(rows: 17)) { $0.list = ListSelection(17) }
        store.send(.pageDown(rows: 17)) { $0.list = ListSelection(29) }
        store.send(.pageDown(rows: 17))
        store.send(.moveToFirst) { $0.list = ListSelection(0) }
        store.send(.moveToLast) { $0.list = ListSelection(29) }
        store.finish()
    }

    /// The screen, played as a tape on a shop of 204 jars at 80x24: a page down (17 lines), the
    /// end, a page up, home; `?` names the keys, and so does the footer where it has the room.
    @Test func theKeysOnTheScreen() throws {
        let tape = """
            Press Enter
            Expect "Acacia honey"
            ExpectNot "Jar 13"
            Press PgDn
            Expect "›    Jar 13"
            Snapshot "a-page-down"
            Press End
            Expect "Jar 199"
            Snapshot "the-end"
            Press PgUp
            Expect "Jar 182"
            ExpectNot "Jar 199"
            Press Home
            Expect "› 1  Acacia honey"
            Press ?
            Expect "PgUp PgDn"
            Snapshot "keys"
            Press Esc
            Resize 130x24
            Expect "PgUp PgDn Page  Home End First, last"
            Snapshot "wide-footer"
            """
        let failure = try TapeFolder.play(tape, goldens: "store/long-shelf-paging.snapshots") {
            CounterApplication(makeServices: { clock, timers in
                let services = try CounterApplication.services(database: ":memory:")(clock, timers)
                try services.core.database.queue.write { db in
                    for index in 0..<200 {
                        try db.execute(sql: "INSERT INTO products (id, position, name, description, price_minor, currency, stock, image) VALUES (?, ?, ?, '', 100, 'EUR', 5, '')",
                                       arguments: ["jar-\(index)", 10 + index, "Jar \(index)"])
                    }
                }
                return services
            })
        }
        #expect(failure == nil, "\(failure ?? "")")
    }
}
