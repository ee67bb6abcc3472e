import TerminalUI

extension AppFeature {
    /// A left click on a numbered line picks it, as its number key would: the rows are found
    /// with the same arithmetic the screens draw with (list origin, scroll offset).
    static func clickAction(at point: Point, in state: State, size: Size) -> Action? {
        let area = storeArea(size)
        guard area.contains(point) else { return nil }
        switch state.top {
        case let .catalog(catalog) where catalog.filter == nil && !catalog.isLoading:
            let height = max(0, area.height - 4)
            let offset = ScreenDrawing.scrollOffset(selected: catalog.selection, count: catalog.visibleCount, height: height)
            let row = point.y - (area.y + 2)
            guard (0..<height).contains(row), (0..<catalog.visibleCount).contains(offset + row) else { return nil }
            return .catalog(.pick(offset + row))
        case let .checkout(checkout) where checkout.phase == .choosing:
            let body = area.inset(top: 3, left: 0, bottom: 0, right: 0)
            let height = max(0, body.height - 4)
            let offset = ScreenDrawing.scrollOffset(selected: checkout.selection, count: checkout.options.count, height: height)
            let row = point.y - (body.y + 1)
            guard (0..<height).contains(row), checkout.options.indices.contains(offset + row) else { return nil }
            return .checkout(.pick(offset + row))
        case .account:
            let row = point.y - (area.y + 3)
            guard row >= 0, row < AccountFeature.items(signedIn: state.session.shopper != nil).count else { return nil }
            return .account(.pick(row))
        default:
            return nil
        }
    }
}
