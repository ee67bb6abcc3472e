import CheckoutKit
import Localization
import TerminalUI

/// The shelf drawn from the window the state holds: the rows from the scroll offset on, as many
/// as fit and are held.
extension CatalogFeature {
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
        if state.window.isEmptyList {
            ScreenDrawing.text(tr("No product matches."), into: &frame, in: ScreenDrawing.row(area, top), role: .muted)
        }
        let listHeight = listHeight(area)
        let offset = scrollOffset(state, height: listHeight)
        for (row, index) in (offset..<offset + listHeight).enumerated() {
            guard let product = state.window.product(at: index) else { break }
            let stock = stockText(product.stock)
            let number = index < 9 ? "\(index + 1)" : " "
            let text = "\(number)  \(tr(product.name))"
            let detail = "\(stock)   \(product.price.formatted())"
            ScreenDrawing.selectableRow(text, detail: detail, selected: index == state.selection,
                                        enabled: product.stock != 0, into: &frame, in: ScreenDrawing.row(area, top + row))
        }
    }

    static func listHeight(_ area: Rect) -> Int { max(0, area.height - 4) }

    /// The first line drawn. The list's length is not known in a long list, and not needed:
    /// the offset keeps the selection on the last row, which never runs past the list's end.
    static func scrollOffset(_ state: State, height: Int) -> Int {
        ScreenDrawing.scrollOffset(selected: state.selection, count: max(state.window.end, state.selection + 1), height: height)
    }

    static func stockText(_ stock: Int?) -> String {
        switch stock {
        case nil: ""
        case 0?: tr("Out of stock")
        case let n?: tr("{0} in stock", n)
        }
    }
}
