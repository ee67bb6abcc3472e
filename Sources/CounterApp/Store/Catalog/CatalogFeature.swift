import CheckoutKit
import Localization
import TerminalUI

/// The store's front: the products from the database with their price and stock. Number keys
/// open a line; with more than nine products `/` starts a type-ahead filter.
///
/// The screen holds a window of the list around the selection, not the shop (issue 18): moving
/// near the window's edge reads the next rows by an effect (`CatalogFeature+Reading.swift`).
public enum CatalogFeature {
    public struct State: Equatable, Sendable {
        /// The rows held: what the screen draws, and a little around it.
        public var window = CatalogWindow()
        /// How many products the shop has, unfiltered.
        public var productCount = 0
        public var isLoading = true
        /// Why the shelves could not be read (the store's error, worded when drawn).
        public var loadError: StoreError?
        /// The selected line, an index into the (filtered) list.
        public var list = ListSelection()
        public var selection: Int { list.index }
        /// The type-ahead filter; nil when not filtering.
        public var filter: String?

        public init() {}

        public var selected: Product? { window.product(at: selection) }

        /// Long enough that picking by number runs out: filter instead.
        public var isLong: Bool { productCount > 9 }
    }

    /// What a read brought back, and which line to select with it.
    public enum Read: Equatable, Sendable {
        /// The first load, or the shelves read again: the shop's size and the window.
        case shelves(productCount: Int, window: CatalogWindow)
        /// A new window (a new filter, a jump to either end), with the line to select.
        case window(CatalogWindow, select: Int)
        /// Rows after the window's last, `anchor`, of `asked`.
        case after(anchor: String, [Product], asked: Int)
        /// Rows before the window's first, `anchor`, of `asked`.
        case before(anchor: String, [Product], asked: Int)
    }

    public enum Action: Equatable, Sendable {
        case load
        case loaded(Result<Read, StoreError>)
        case moveUp, moveDown
        /// PgUp and PgDn: `rows` lines, the page the terminal shows.
        case pageUp(rows: Int), pageDown(rows: Int)
        /// Home and End.
        case moveToFirst, moveToLast
        case pick(Int)
        case open
        case startFilter
        case filterTyped(Character)
        case filterErased
        case endFilter
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case openProduct(Product)
        case openCart
        case openAccount
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        switch action {
        case .load:
            state.isLoading = true
            return readShelves(state)
        case .loaded(.success(let read)):
            apply(read, to: &state)
            return readAhead(state)
        case .loaded(.failure(let error)):
            state.isLoading = false
            state.loadError = error
            return .none
        case .moveUp:
            if state.selection > state.window.start {
                state.list = ListSelection(state.selection - 1)
                return readAhead(state)
            }
            // The line above is not held yet (a read failed): read it first.
            guard state.window.start == 0 else { return readAhead(state) }
            // From the first line to the last: held when the window reaches the end.
            guard let count = state.window.count else { return readLast(state) }
            state.list.moveUp(count: count)
            return readAhead(state)
        case .moveDown:
            if state.window.product(at: state.selection + 1) != nil {
                state.list = ListSelection(state.selection + 1)
                return readAhead(state)
            }
            // The window holds the line after the selection unless the list ends there
            // (`readAhead`), or a read failed: read it first.
            guard state.window.reachesEnd else { return readAhead(state) }
            // From the last line to the first.
            guard state.window.start > 0 else {
                state.list = ListSelection()
                return readAhead(state)
            }
            return readFirst(state, select: 0)
        case .pageUp(let rows):
            return pageUp(&state, rows: rows)
        case .pageDown(let rows):
            return pageDown(&state, rows: rows)
        case .moveToFirst:
            return moveToFirst(&state)
        case .moveToLast:
            return moveToLast(&state)
        case .pick(let index):
            guard index >= 0 else { return .none }
            if state.window.product(at: index) != nil {
                state.list = ListSelection(index)
                return .send(.open)
            }
            // A number picks a line from the top while the window is further down.
            return state.window.start > index ? readFirst(state, select: index, thenPick: true) : .none
        case .open:
            guard let product = state.selected else { return .none }
            return .send(.delegate(.openProduct(product)))
        case .startFilter:
            state.filter = ""
            state.list = ListSelection()
            return readFirst(state, select: 0)
        case .filterTyped(let character):
            state.filter = (state.filter ?? "") + String(character)
            state.list = ListSelection()
            return readFirst(state, select: 0)
        case .filterErased:
            if var filter = state.filter, !filter.isEmpty {
                filter.removeLast()
                state.filter = filter
            } else {
                state.filter = nil
            }
            state.list = ListSelection()
            return readFirst(state, select: 0)
        case .endFilter:
            state.filter = nil
            state.list = ListSelection()
            return readFirst(state, select: 0)
        case .delegate:
            return .none
        }
    }

    private static func apply(_ read: Read, to state: inout State) {
        switch read {
        case let .shelves(productCount, window):
            state.isLoading = false
            state.loadError = nil
            state.productCount = productCount
            state.window = window
            // The shelves read again may have fewer lines than the selection.
            if let count = window.count { state.list.clamp(count: count) }
        case let .window(window, select):
            state.window = window
            state.list = ListSelection(select)
        case let .after(anchor, products, asked):
            guard state.window.products.last?.id == anchor else { return }
            state.window.append(products, asked: asked, selection: state.selection)
        case let .before(anchor, products, asked):
            guard state.window.products.first?.id == anchor else { return }
            let shift = state.window.prepend(products, asked: asked, selection: state.selection)
            state.list = ListSelection(state.selection + shift)
        }
    }

    /// The shelf: a numbered list that Tab and Shift+Tab move through too.
    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .open, pick: Action.pick,
                                             tabMovesDown: true, backTabMovesUp: true)
    /// While filtering, digits and letters are typed into the filter.
    static let filteringKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .open)

    /// `size`: the terminal's, for the lines a page moves; without it, a page is what 80x24 shows.
    public static func action(for event: InputEvent, in state: State, size: Size = Size(columns: 80, rows: 24)) -> Action? {
        guard case let .key(key) = event else { return nil }
        if pages(state), let action = pagingAction(for: key, size: size) { return action }
        if state.filter != nil {
            if let action = filteringKeys.action(for: key) { return action }
            switch key {
            case .escape: return .endFilter
            case .backspace: return .filterErased
            case let .character(c) where !c.isNewline: return .filterTyped(c)
            default: return nil
            }
        }
        if let action = listKeys.action(for: key) { return action }
        switch key {
        case .character("c"): return .delegate(.openCart)
        case .character("a"): return .delegate(.openAccount)
        case .character("/") where state.isLong: return .startFilter
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        // "type" is no key cap but a word: it is shown in the current language.
        let paging = pages(state) ? pagingHints : []
        if state.filter != nil {
            return [KeyHint(tr("type"), "Filter"), KeyHint("Enter", "Open"), KeyHint("Esc", "Stop filtering")] + paging
        }
        // Only keys that act: 1-4 picks in a shop of four jars, and an empty shelf has nothing to pick.
        let count = state.productCount
        var hints = KeyHint.move(count) + KeyHint.numbers(count, "Pick") + (count > 0 ? [KeyHint("Enter", "Details")] : [])
            + [KeyHint("c", "Cart"), KeyHint("a", "Account")]
        if state.isLong { hints.append(KeyHint("/", "Filter")) }
        hints.append(KeyHint("Esc", "Back"))
        // Last: where the footer is too narrow, these give way first (`?` lists them).
        return hints + paging
    }
}
