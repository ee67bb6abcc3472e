import CheckoutKit

/// The catalog's reads (issue 18): each asks the database for a window of the list, never the
/// whole shop, and comes back as `.loaded`. A new window (the shelves, a filter, a jump to an
/// end) replaces any read still under way; the rows read ahead go on the window they were
/// asked for, or nowhere (`apply` checks the anchor).
extension CatalogFeature {
    enum Reading: Hashable, Sendable {
        case window, ahead
    }

    /// The rows a new window holds: the tallest list drawn, and one more so that the first
    /// move does not read again at once.
    static var windowSize: Int { CatalogWindow.reach + 1 }

    /// The shop's size and the window the screen shows, read (again) where it stands.
    static func readShelves(_ state: State) -> Effect<Action, StoreClient> {
        let filter = state.filter ?? ""
        let first = state.window.start > 0 ? state.window.products.first : nil
        let start = first == nil ? 0 : state.window.start
        let anchor: CatalogAnchor = first.map { .startingAt(productID: $0.id) } ?? .first
        let asked = max(windowSize, state.selection - start + CatalogWindow.reach + 1)
        return replacingReads(.run { client, send in
            send(.loaded(Result { () throws(StoreError) in
                let count = try client.shelfCount("").get()
                let products = try client.shelf(filter, anchor, asked).get()
                return .shelves(productCount: count, window: CatalogWindow(read: products, start: start, asked: asked))
            }))
        })
    }

    /// The first rows of the list, selecting `index`; then picks it, when a number asked.
    static func readFirst(_ state: State, select index: Int, thenPick: Bool = false) -> Effect<Action, StoreClient> {
        let filter = state.filter ?? ""
        let asked = windowSize
        return replacingReads(.run { client, send in
            switch client.shelf(filter, .first, asked) {
            case .success(let products):
                let window = CatalogWindow(read: products, start: 0, asked: asked)
                guard !thenPick || window.product(at: index) != nil else { return }
                send(.loaded(.success(.window(window, select: index))))
                if thenPick { send(.pick(index)) }
            case .failure(let error):
                send(.loaded(.failure(error)))
            }
        })
    }

    /// The last rows of the list, selecting the last. Where they start in the list takes a count
    /// of every match, unless the list is shorter than a window.
    static func readLast(_ state: State) -> Effect<Action, StoreClient> {
        let filter = state.filter ?? ""
        let asked = windowSize
        return replacingReads(.run { client, send in
            send(.loaded(Result { () throws(StoreError) in
                let products = try client.shelf(filter, .last, asked).get()
                let count = products.count < asked ? products.count : try client.shelfCount(filter).get()
                let window = CatalogWindow(products: products, start: count - products.count, reachesEnd: true)
                return .window(window, select: max(0, count - 1))
            }))
        })
    }

    /// Rows after or before the window when the selection nears its edge.
    static func readAhead(_ state: State) -> Effect<Action, StoreClient> {
        let filter = state.filter ?? ""
        let asked = CatalogWindow.reach
        var reads: [Effect<Action, StoreClient>] = []
        if state.window.wantsMoreAfter(selection: state.selection), let last = state.window.products.last {
            reads.append(.run { client, send in
                send(.loaded(client.shelf(filter, .after(productID: last.id), asked).map { .after(anchor: last.id, $0, asked: asked) }))
            })
        }
        if state.window.wantsMoreBefore(selection: state.selection), let first = state.window.products.first {
            reads.append(.run { client, send in
                send(.loaded(client.shelf(filter, .before(productID: first.id), asked).map { .before(anchor: first.id, $0, asked: asked) }))
            })
        }
        return Effect.merge(reads).cancellable(id: Reading.ahead)
    }

    private static func replacingReads(_ read: Effect<Action, StoreClient>) -> Effect<Action, StoreClient> {
        .merge(.cancel(id: Reading.ahead), read.cancellable(id: Reading.window, cancelInFlight: true))
    }
}
