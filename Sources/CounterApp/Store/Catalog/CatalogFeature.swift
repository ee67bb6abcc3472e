import CheckoutKit
import Localization
import TerminalUI

/// The store's front: every product from the database with its price and stock. Number keys
/// open a line; with more than nine products `/` starts a type-ahead filter.
public enum CatalogFeature {
    public struct State: Equatable, Sendable {
        public var products: [Product] = [] {
            didSet {
                searchKeys = []
                refilter(among: nil)
            }
        }
        public var isLoading = true
        /// Why the shelves could not be read (the store's error, worded when drawn).
        public var loadError: StoreError?
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        /// The type-ahead filter; nil when not filtering.
        public var filter: String? {
            didSet {
                // A letter typed at the end can only narrow what already matched.
                let narrowing = oldValue.map { !$0.isEmpty && (filter?.hasPrefix($0) ?? false) } ?? false
                refilter(among: narrowing ? matches : nil)
            }
        }
        /// Each product's name, as stored and as shown, lowercased: what the filter searches.
        /// Made when the first letter is typed, so that a long catalog opens without the cost.
        private(set) var searchKeys: [[UInt8]] = []
        /// The indices the filter lets through; nil when nothing is filtered out.
        private(set) var matches: [Int]?

        public init() {}

        /// Equal by what a test or a screen can tell apart: the search caches are derived.
        public static func == (lhs: State, rhs: State) -> Bool {
            lhs.products == rhs.products && lhs.isLoading == rhs.isLoading && lhs.loadError == rhs.loadError
                && lhs.list == rhs.list && lhs.filter == rhs.filter
        }

        private mutating func refilter(among candidates: [Int]?) {
            guard let filter, !filter.isEmpty else {
                matches = nil
                return
            }
            if searchKeys.count != products.count { searchKeys = products.map(CatalogSearch.key(for:)) }
            matches = CatalogSearch.matches(filter, in: searchKeys, among: candidates)
        }

        /// The products the filter lets through, in catalogue order.
        public var visible: [Product] {
            guard let matches else { return products }
            return matches.map { products[$0] }
        }

        /// How many products the filter lets through, without building the list.
        public var visibleCount: Int { matches?.count ?? products.count }

        public var selected: Product? {
            guard (0..<visibleCount).contains(selection) else { return nil }
            return products[matches?[selection] ?? selection]
        }

        /// Long enough that picking by number runs out: filter instead.
        public var isLong: Bool { products.count > 9 }
    }

    public enum Action: Equatable, Sendable {
        case load
        case loaded(Result<[Product], StoreError>)
        case moveUp, moveDown
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
            return .run { client, send in client.loadProducts { send(.loaded($0)) } }
        case .loaded(.success(let products)):
            state.isLoading = false
            state.products = products
            state.loadError = nil
            state.list.clamp(count: products.count)
            return .none
        case .loaded(.failure(let error)):
            state.isLoading = false
            state.loadError = error
            return .none
        case .moveUp:
            state.list.moveUp(count: state.visibleCount)
            return .none
        case .moveDown:
            state.list.moveDown(count: state.visibleCount)
            return .none
        case .pick(let index):
            guard state.list.select(index, count: state.visibleCount) else { return .none }
            return .send(.open)
        case .open:
            guard let product = state.selected else { return .none }
            return .send(.delegate(.openProduct(product)))
        case .startFilter:
            state.filter = ""
            state.list = ListSelection()
            return .none
        case .filterTyped(let character):
            state.filter = (state.filter ?? "") + String(character)
            state.list = ListSelection()
            return .none
        case .filterErased:
            if var filter = state.filter, !filter.isEmpty {
                filter.removeLast()
                state.filter = filter
            } else {
                state.filter = nil
            }
            state.list = ListSelection()
            return .none
        case .endFilter:
            state.filter = nil
            state.list = ListSelection()
            return .none
        case .delegate:
            return .none
        }
    }

    /// The shelf: a numbered list that Tab and Shift+Tab move through too.
    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .open, pick: Action.pick,
                                             tabMovesDown: true, backTabMovesUp: true)
    /// While filtering, digits and letters are typed into the filter.
    static let filteringKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .open)

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
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
        if state.filter != nil { return [KeyHint(tr("type"), "Filter"), KeyHint("Enter", "Open"), KeyHint("Esc", "Stop filtering")] }
        var hints = [KeyHint("↑↓", "Move"), KeyHint("1-9", "Pick"), KeyHint("Enter", "Details"), KeyHint("c", "Cart"), KeyHint("a", "Account")]
        if state.isLong { hints.append(KeyHint("/", "Filter")) }
        hints.append(KeyHint("Esc", "Back"))
        return hints
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Honey Store"), into: &frame, in: area)
        if state.isLoading {
            ScreenDrawing.text(tr("Loading the shelves…"), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
            return
        }
        if let error = state.loadError {
            ScreenDrawing.text(error.message, into: &frame, in: ScreenDrawing.row(area, 2), role: .error)
            return
        }
        let top = 2
        if let filter = state.filter {
            ScreenDrawing.text(tr("Filter: {0}", filter) + "▏", into: &frame, in: ScreenDrawing.row(area, 1), role: .accent)
        } else {
            ScreenDrawing.text(tr("Pick a jar to read about it and add it to your cart."), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        }
        let shown = state.visible
        let listHeight = max(0, area.height - top - 2)
        let offset = ScreenDrawing.scrollOffset(selected: state.selection, count: shown.count, height: listHeight)
        if shown.isEmpty {
            ScreenDrawing.text(tr("No product matches."), into: &frame, in: ScreenDrawing.row(area, top), role: .muted)
        }
        for (row, index) in (offset..<min(shown.count, offset + listHeight)).enumerated() {
            let product = shown[index]
            let stock = stockText(product.stock)
            let number = index < 9 ? "\(index + 1)" : " "
            let text = "\(number)  \(tr(product.name))"
            let detail = "\(stock)   \(product.price.formatted())"
            ScreenDrawing.selectableRow(text, detail: detail, selected: index == state.selection,
                                        enabled: product.stock != 0, into: &frame, in: ScreenDrawing.row(area, top + row))
        }
    }

    static func stockText(_ stock: Int?) -> String {
        switch stock {
        case nil: ""
        case 0?: tr("Out of stock")
        case let n?: tr("{0} in stock", n)
        }
    }
}
