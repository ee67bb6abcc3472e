import TerminalUI

/// A left click on a numbered line picks it, as its number key would: the rows are found with
/// the same arithmetic the screens draw with (list origin, scroll offset). Each screen kind
/// names its click map in `ScreenKinds`; `area` is the store's area the screen is drawn in.
extension AppFeature {
    static func clickAction(at point: Point, in state: State, size: Size) -> Action? {
        let area = storeArea(size)
        guard area.contains(point) else { return nil }
        return state.top.kind.click(point, state.top, state.session, area)
    }
}

extension CatalogFeature {
    static func action(forClickAt point: Point, in catalog: State, area: Rect) -> Action? {
        guard catalog.filter == nil, !catalog.isLoading else { return nil }
        let height = listHeight(area)
        let offset = scrollOffset(catalog, height: height)
        let row = point.y - (area.y + 2)
        guard (0..<height).contains(row), catalog.window.product(at: offset + row) != nil else { return nil }
        return .pick(offset + row)
    }
}

extension CheckoutFeature {
    static func action(forClickAt point: Point, in checkout: State, area: Rect) -> Action? {
        guard checkout.phase == .choosing else { return nil }
        let body = area.inset(top: 3, left: 0, bottom: 0, right: 0)
        let height = max(0, body.height - 4)
        let offset = ScreenDrawing.scrollOffset(selected: checkout.selection, count: checkout.options.count, height: height)
        let row = point.y - (body.y + 1)
        guard (0..<height).contains(row), checkout.options.indices.contains(offset + row) else { return nil }
        return .pick(offset + row)
    }
}

extension AccountFeature {
    static func action(forClickAt point: Point, in state: State, session: StoreSession, area: Rect) -> Action? {
        let row = point.y - (area.y + 3)
        guard row >= 0, row < items(state, session: session).count else { return nil }
        return .pick(row)
    }
}
