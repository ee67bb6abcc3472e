@_spi(Core) import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
import Localization
@_spi(Testing) import PaymentsCore
import TerminalUI
import Testing

/// The store over a real core in memory: the four honey jars, then `jars` more named "Jar 0",
/// "Jar 1"... (positions 10, 11...). `all` is the whole list, read at once: what the catalog's
/// windows must be slices of.
final class ShelfWorld {
    let services: CheckoutServices
    let client: StoreClient
    private(set) var all: [Product] = []

    init(jars: Int, extraNames: [String] = []) throws {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator())
        try services.core.database.queue.write { db in
            for (index, name) in ((0..<jars).map { "Jar \($0)" } + extraNames).enumerated() {
                try db.execute(sql: """
                    INSERT INTO products (id, position, name, description, price_minor, currency, stock, image)
                    VALUES (?, ?, ?, '', 100, 'EUR', 5, '')
                    """, arguments: ["jar-\(index)", 10 + index, name])
            }
        }
        client = StoreClient.live(services: services, timers: timers)
        try reread()
    }

    func reread() throws { all = try services.commerce.catalog.products() }

    func window(_ range: Range<Int>, reachesEnd: Bool = false) -> CatalogWindow {
        CatalogWindow(products: Array(all[range]), start: range.lowerBound, reachesEnd: reachesEnd)
    }

    func store() -> TestStore<CatalogFeature.State, CatalogFeature.Action, StoreClient> {
        TestStore(initialState: CatalogFeature.State(), environment: client) { CatalogFeature.reduce(&$0, $1) }
    }

    /// Sends `.load` and receives the shelves: `count` products, `window` held.
    func load(_ store: TestStore<CatalogFeature.State, CatalogFeature.Action, StoreClient>, count: Int, window: CatalogWindow) {
        store.send(.load)
        store.receive(.loaded(.success(.shelves(productCount: count, window: window)))) {
            $0.isLoading = false
            $0.productCount = count
            $0.window = window
        }
    }
}

/// The catalog screen holds a window of the list around the selection (issue 18): each test
/// says what the window is after each key, and which reads the keys cause.
@Suite struct CatalogFeatureTests {
    @Test func loadsTheShelvesAndANumberOpensALine() {
        let world = StoreWorld()
        let store = TestStore(initialState: CatalogFeature.State(), environment: world.client) { CatalogFeature.reduce(&$0, $1) }
        store.send(.load)
        store.receive(.loaded(.success(.shelves(productCount: 2, window: StoreWorld.shelf)))) {
            $0.isLoading = false
            $0.productCount = 2
            $0.window = StoreWorld.shelf
        }
        store.send(.pick(1)) { $0.list = ListSelection(1) }
        store.receive(.open)
        store.receive(.delegate(.openProduct(StoreWorld.manuka)))
        store.send(.pick(7))
        store.finish()
    }

    @Test func numberKeysPickAndTheFilterOnlyWhenTheListIsLong() {
        var state = CatalogFeature.State()
        state.productCount = 2
        #expect(CatalogFeature.action(for: .key(.character("2")), in: state) == .pick(1))
        #expect(CatalogFeature.action(for: .key(.character("/")), in: state) == nil)
        state.productCount = 12
        #expect(CatalogFeature.action(for: .key(.character("/")), in: state) == .startFilter)
        state.filter = "1"
        #expect(CatalogFeature.action(for: .key(.character("q")), in: state) == .filterTyped("q"))
    }

    /// The footer lists only keys that act: the numbers there are, nothing to move or open on an
    /// empty shelf, the filter and the paging keys for a long list.
    @Test func theFooterListsOnlyKeysThatAct() {
        var state = CatalogFeature.State()
        #expect(CatalogFeature.keyHints(state).map(\.key) == ["c", "a", "Esc"])
        state.productCount = 4
        #expect(CatalogFeature.keyHints(state).map(\.key) == ["↑↓", "1-4", "Enter", "c", "a", "Esc"])
        state.productCount = 304
        #expect(CatalogFeature.keyHints(state).map(\.key) == ["↑↓", "1-9", "Enter", "c", "a", "/", "Esc", "PgUp PgDn", "Home End"])
    }

    /// The rows a window reads at a time (`reach`): the tests say where each read starts and ends
    /// in terms of it.
    private let reach = CatalogWindow.reach

    /// Down reads the next rows when the selection comes within `reach` of the window's end; the
    /// read that comes back short marks the end, and Down from there wraps to the top.
    @Test func downReadsAheadAndWrapsFromTheEnd() throws {
        let world = try ShelfWorld(jars: 2 * reach + 10 - 4)
        let count = 2 * reach + 10
        let store = world.store()
        world.load(store, count: count, window: world.window(0..<reach + 1))
        store.send(.moveDown) { $0.list = ListSelection(1) }
        store.receive(.loaded(.success(.after(anchor: world.all[reach].id, Array(world.all[reach + 1..<2 * reach + 1]), asked: reach)))) {
            $0.window = world.window(0..<2 * reach + 1)
        }
        for index in 2...reach { store.send(.moveDown) { $0.list = ListSelection(index) } }
        store.send(.moveDown) { $0.list = ListSelection(reach + 1) }
        store.receive(.loaded(.success(.after(anchor: world.all[2 * reach].id, Array(world.all[2 * reach + 1..<count]), asked: reach)))) {
            $0.window = world.window(0..<count, reachesEnd: true)
        }
        for index in reach + 2..<count { store.send(.moveDown) { $0.list = ListSelection(index) } }
        #expect(store.state.selected == world.all[count - 1])
        store.send(.moveDown) { $0.list = ListSelection(0) }
        store.send(.moveUp) { $0.list = ListSelection(count - 1) }
        store.finish()
    }

    /// Far down a long list the window lets go of the rows far above the selection, and reads
    /// them back when the selection goes up towards them.
    @Test func theWindowSlidesDownAndBackUp() throws {
        let count = 4 * reach + 11
        let world = try ShelfWorld(jars: count - 4)
        let store = world.store()
        world.load(store, count: count, window: world.window(0..<reach + 1))
        var index = 0
        func down(to target: Int) {
            while index < target {
                index += 1
                store.send(.moveDown) { [index] in $0.list = ListSelection(index) }
            }
        }
        down(to: 1)
        store.receive(.loaded(.success(.after(anchor: world.all[reach].id, Array(world.all[reach + 1..<2 * reach + 1]), asked: reach)))) {
            $0.window = world.window(0..<2 * reach + 1)
        }
        down(to: reach + 1)
        store.receive(.loaded(.success(.after(anchor: world.all[2 * reach].id, Array(world.all[2 * reach + 1..<3 * reach + 1]), asked: reach)))) {
            $0.window = world.window(0..<3 * reach + 1)
        }
        down(to: 2 * reach + 1)
        // Twice `reach` rows stay above the selection: the first row goes.
        store.receive(.loaded(.success(.after(anchor: world.all[3 * reach].id, Array(world.all[3 * reach + 1..<4 * reach + 1]), asked: reach)))) {
            $0.window = world.window(1..<4 * reach + 1)
        }
        down(to: 3 * reach + 1)
        store.receive(.loaded(.success(.after(anchor: world.all[4 * reach].id, Array(world.all[4 * reach + 1..<count]), asked: reach)))) {
            $0.window = world.window(reach + 1..<count, reachesEnd: true)
        }
        #expect(store.state.window.products.count == 3 * reach + 10, "the window, not the shop")
        for up in stride(from: 3 * reach, through: 2 * reach + 1, by: -1) { store.send(.moveUp) { $0.list = ListSelection(up) } }
        store.send(.moveUp) { $0.list = ListSelection(2 * reach) }
        // Read back above; twice `reach` rows stay below the selection.
        store.receive(.loaded(.success(.before(anchor: world.all[reach + 1].id, Array(world.all[1..<reach + 1]), asked: reach)))) {
            $0.window = world.window(1..<4 * reach)
        }
        #expect(store.state.selected == world.all[2 * reach])
        store.finish()
    }

    /// Up on the first line goes to the last: the last rows are read, and where they start takes
    /// a count. A number then picks from the top again, read back first.
    @Test func upFromTheTopReadsTheEndAndANumberReadsTheTopBack() throws {
        let count = 504
        let world = try ShelfWorld(jars: count - 4)
        let top = world.window(0..<reach + 1)
        let end = world.window(count - reach - 1..<count, reachesEnd: true)
        let store = world.store()
        world.load(store, count: count, window: top)
        store.send(.moveUp)
        store.receive(.loaded(.success(.window(end, select: count - 1)))) {
            $0.window = end
            $0.list = ListSelection(count - 1)
        }
        #expect(store.state.selected == world.all[count - 1])
        // Sold out meanwhile: the shelves read again where the shopper is show it.
        try world.services.core.database.queue.write { db in
            try db.execute(sql: "UPDATE products SET stock = 0 WHERE id = ?", arguments: [world.all[count - 1].id])
        }
        try world.reread()
        let soldOut = world.window(count - reach - 1..<count, reachesEnd: true)
        store.send(.load) { $0.isLoading = true }
        store.receive(.loaded(.success(.shelves(productCount: count, window: soldOut)))) {
            $0.isLoading = false
            $0.window = soldOut
        }
        #expect(store.state.selected?.stock == 0)
        store.send(.moveDown)
        store.receive(.loaded(.success(.window(top, select: 0)))) {
            $0.window = top
            $0.list = ListSelection(0)
        }
        store.send(.moveUp)
        store.receive(.loaded(.success(.window(soldOut, select: count - 1)))) {
            $0.window = soldOut
            $0.list = ListSelection(count - 1)
        }
        store.send(.pick(2))
        store.receive(.loaded(.success(.window(top, select: 2)))) {
            $0.window = top
            $0.list = ListSelection(2)
        }
        store.receive(.pick(2))
        // Two lines down, the window reads ahead as a move there would.
        store.receive(.loaded(.success(.after(anchor: world.all[reach].id, Array(world.all[reach + 1..<2 * reach + 1]), asked: reach)))) {
            $0.window = world.window(0..<2 * reach + 1)
        }
        store.receive(.open)
        store.receive(.delegate(.openProduct(world.all[2])))
        store.finish()
    }

    /// The filter ignores case, narrows as letters are added, widens again as they are erased,
    /// and finds a product by its shown name in Chinese as well as by its stored one. Each key
    /// reads the first rows that match.
    @Test func theFilterNarrowsWidensAndReadsBothNames() throws {
        let world = try ShelfWorld(jars: 0, extraNames: ["Jar ÉTÉ"] + (1...7).map { "Filler \($0)" })
        let everything = world.window(0..<12, reachesEnd: true)
        func window(_ names: [String]) -> CatalogWindow {
            CatalogWindow(products: world.all.filter { names.contains($0.name) }, start: 0, reachesEnd: true)
        }
        let honeys = ["Acacia honey", "Clover honey", "Manuka honey", "Wildflower honey"]
        let store = world.store()
        func start() {
            store.send(.startFilter) {
                $0.filter = ""
                $0.list = ListSelection()
            }
            store.receive(.loaded(.success(.window(everything, select: 0)))) { $0.window = everything }
        }
        func type(_ character: Character, _ names: [String]) {
            store.send(.filterTyped(character)) { [filter = store.state.filter ?? ""] in $0.filter = filter + String(character) }
            store.receive(.loaded(.success(.window(window(names), select: 0)))) { $0.window = window(names) }
        }
        func erase(_ names: [String]) {
            store.send(.filterErased) { [filter = store.state.filter ?? ""] in $0.filter = String(filter.dropLast()) }
            store.receive(.loaded(.success(.window(window(names), select: 0)))) { $0.window = window(names) }
        }
        func stop() {
            store.send(.endFilter) { $0.filter = nil }
            store.receive(.loaded(.success(.window(everything, select: 0)))) { $0.window = everything }
        }
        world.load(store, count: 12, window: everything)
        store.send(.moveDown) { $0.list = ListSelection(1) }
        start()
        type("H", honeys)
        type("O", honeys)
        type("N", honeys)
        type("E", honeys)
        type("Y", honeys)
        type(" ", [])
        type("C", [])
        #expect(store.state.window.isEmptyList)
        var frame = Frame(size: Size(columns: 60, rows: 8))
        CatalogFeature.draw(store.state, into: &frame, in: Rect(x: 0, y: 0, width: 60, height: 8))
        #expect(frame.text.contains("No product matches."))
        erase([])
        for _ in 0..<5 { erase(honeys) }
        erase(world.all.map(\.name))
        #expect(store.state.filter == "")
        store.send(.filterErased) { $0.filter = nil }
        store.receive(.loaded(.success(.window(everything, select: 0))))
        start()
        type("o", ["Acacia honey", "Clover honey", "Manuka honey", "Wildflower honey"])
        type("v", ["Clover honey"])
        erase(honeys)
        stop()
        start()
        type("é", ["Jar ÉTÉ"])
        type("t", ["Jar ÉTÉ"])
        type("é", ["Jar ÉTÉ"])
        stop()
        Language.$current.withValue(.simplifiedChinese) {
            start()
            type("麦", ["Manuka honey"])
            type("卢", ["Manuka honey"])
            type("卡", ["Manuka honey"])
            stop()
            start()
            for character in "manuka" { type(character, ["Manuka honey"]) }
            stop()
        }
        store.finish()
    }
}
