import CheckoutKit
import Localization
import TerminalUI

/// The catalogue drawn: the products (name; price, stock, "low"), a product's movements, or a
/// form over the whole screen with its fields and the problem at the one it is about.
extension CatalogueFeature {
    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        if let form = state.form {
            drawForm(form, state, into: &frame, in: area)
            return
        }
        if let history = state.history {
            drawHistory(history, into: &frame, in: area)
            return
        }
        ScreenDrawing.title(state.showingLow ? tr("Catalogue · low stock") : tr("Catalogue"), into: &frame, in: area)
        guard let products = state.products else {
            ScreenDrawing.text(tr("One moment…"), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
            return
        }
        if products.isEmpty {
            ScreenDrawing.text(state.showingLow ? tr("No product is running low.") : tr("No product yet: a adds one."), into: &frame,
                               in: ScreenDrawing.row(area, 2), role: .muted)
        }
        let height = max(1, area.height - 4)
        let offset = ScreenDrawing.scrollOffset(selected: state.list.index, count: products.count, height: height)
        for (row, index) in (offset..<min(products.count, offset + height)).enumerated() {
            let item = products[index]
            let stock = item.isLow ? tr("{0} in stock · low", item.stock) : tr("{0} in stock", item.stock)
            ScreenDrawing.selectableRow(tr(item.product.name), detail: "\(item.product.price.formatted())  \(stock)", selected: index == state.list.index,
                                        into: &frame, in: ScreenDrawing.row(area, 2 + row))
        }
        if let message = state.message {
            let good: Bool = if case .refused = message { false } else { true }
            ScreenDrawing.text(CatalogueWords.notice(message), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: good ? .success : .error)
        }
    }

    private static func drawHistory(_ history: History, into frame: inout Frame, in area: Rect) {
        let product = history.product
        ScreenDrawing.title(tr("{0} · movements", tr(product.product.name)), into: &frame, in: area)
        ScreenDrawing.text(tr("{0} · {1} in stock · low at {2} · tax {3}", product.product.price.formatted(), product.stock, product.lowStockAt,
                              CatalogueWords.category(product.taxCategory)), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        let height = max(0, area.height - 3)
        for (row, movement) in history.movements.prefix(height).enumerated() {
            // The products found on the shelf when the books of stock began open them at time 0:
            // no moment to show.
            let when = movement.at.timeIntervalSince1970 == 0 ? "" : DateText.dayAndTime(movement.at) + "  "
            var text = "\(when)\(CatalogueWords.kind(movement.kind)) \(CatalogueWords.signed(movement.quantity))"
            if let reason = movement.reason { text += " · " + CatalogueWords.reason(reason) }
            if !movement.note.isEmpty { text += " · " + movement.note }
            if let who = movement.signature?.doneBy.name { text += " · " + who }
            ScreenDrawing.selectableRow(text, detail: "→ \(movement.stockAfter)", selected: false, into: &frame, in: ScreenDrawing.row(area, 3 + row))
        }
    }

    private static func drawForm(_ form: CatalogueForm, _ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(CatalogueWords.title(form), into: &frame, in: area)
        if let product = form.product {
            ScreenDrawing.text(tr("{0} · {1} in stock", product.product.price.formatted(), product.stock), into: &frame, in: ScreenDrawing.row(area, 1),
                               role: .muted)
        }
        var row = 2
        for (index, field) in form.fields.enumerated() {
            let focused = index == form.focus
            let value: String = switch field {
            case .category: state.taxCategories.indices.contains(form.category) ? "‹ \(CatalogueWords.category(state.taxCategories[form.category])) ›" : ""
            case .reason: "‹ \(CatalogueWords.reason(form.chosenReason)) ›"
            default: form.text(field)
            }
            let line = CatalogueWords.label(field) + ": " + value
            let rect = ScreenDrawing.row(area, row)
            ScreenDrawing.selectableRow(line + (focused && !CatalogueForm.isChoice(field) ? "▏" : ""), selected: focused, into: &frame, in: rect)
            if focused { frame.focus = Point(x: rect.x + 1 + line.count, y: rect.y) }
            row += 1
            if let problem = form.problem, problem.field == field {
                ScreenDrawing.text("  " + CatalogueWords.problem(problem.reason), into: &frame, in: ScreenDrawing.row(area, row), role: .error)
                row += 1
            }
        }
        if let problem = form.problem, problem.field == nil {
            ScreenDrawing.text(CatalogueWords.problem(problem.reason), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .error)
        } else if state.isBusy {
            ScreenDrawing.text(tr("One moment…"), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .muted)
        }
    }
}
