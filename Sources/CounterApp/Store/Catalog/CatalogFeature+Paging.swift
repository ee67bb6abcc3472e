import TerminalUI

/// PgUp, PgDn, Home and End in the catalog: a page or the whole list at a time, in a list too
/// long for number keys (more than nine lines). The ends are read from the database by keyset
/// (`readFirst`, `readLast`), however long the list; a page moves within the window, which holds
/// `CatalogWindow.reach` lines on either side of the selection once its reads are in.
extension CatalogFeature {
    /// The lines a page moves: those the list shows in a terminal of `size`.
    static func pageRows(_ size: Size) -> Int {
        max(1, min(CatalogWindow.reach, listHeight(AppFeature.storeArea(size))))
    }

    /// The paging keys act in a list longer than the nine lines number keys pick: the shop's
    /// when not filtering, the filter's matches (as far as known) when filtering.
    static func pages(_ state: State) -> Bool {
        state.filter == nil ? state.isLong : (state.window.count ?? .max) > 9
    }

    static func pagingAction(for key: Key, size: Size) -> Action? {
        switch key {
        case .pageUp: .pageUp(rows: pageRows(size))
        case .pageDown: .pageDown(rows: pageRows(size))
        case .home: .moveToFirst
        case .end: .moveToLast
        default: nil
        }
    }

    static let pagingHints = [KeyHint("PgUp PgDn", "Page"), KeyHint("Home End", "First, last")]

    /// `rows` lines down, stopping at the last.
    static func pageDown(_ state: inout State, rows: Int) -> Effect<Action, StoreClient> {
        let lastHeld = state.window.end - 1
        // On the last line held: the list ends here, or the lines after it are still being read.
        guard state.selection < lastHeld else { return state.window.reachesEnd ? .none : readAhead(state) }
        state.list = ListSelection(min(state.selection + rows, lastHeld))
        return readAhead(state)
    }

    /// `rows` lines up, stopping at the first.
    static func pageUp(_ state: inout State, rows: Int) -> Effect<Action, StoreClient> {
        let firstHeld = state.window.start
        guard state.selection > firstHeld else { return firstHeld == 0 ? .none : readAhead(state) }
        state.list = ListSelection(max(state.selection - rows, firstHeld))
        return readAhead(state)
    }

    static func moveToFirst(_ state: inout State) -> Effect<Action, StoreClient> {
        guard state.selection > 0 else { return .none }
        guard state.window.start == 0 else { return readFirst(state, select: 0) }
        state.list = ListSelection()
        return readAhead(state)
    }

    static func moveToLast(_ state: inout State) -> Effect<Action, StoreClient> {
        guard let count = state.window.count else { return readLast(state) }
        guard state.selection < count - 1 else { return .none }
        state.list = ListSelection(count - 1)
        return readAhead(state)
    }
}
