import CheckoutKit
import Localization
import TerminalUI

/// The till drawn from its state: open (since when, its figures so far, what moved in and out)
/// or closed (the float to suggest); a form at the bottom, or the count over the whole screen.
extension TillFeature {
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .opened(let float): tr("The till is open with a float of {0}.", float.formatted())
        case let .moved(.noSale, _): tr("No sale recorded.")
        case let .moved(kind, amount): tr("{0} recorded: {1}.", TillWords.name(kind), amount.formatted())
        case .closed(let difference): tr("The till is closed. Difference {0}.", difference.formatted())
        case .refused(let error): TillWords.refusal(error)
        }
    }

    static func words(_ printout: Printout) -> String {
        switch printout {
        case let .printed(destination, true): tr("Slip printed on {0}; the drawer opened.", destination)
        case let .printed(destination, false): tr("Slip printed on {0}.", destination)
        case let .notPrinted(failure, true): tr("Not printed: {0}. The drawer did not open.", failure.description)
        case let .notPrinted(failure, false): tr("Not printed: {0}.", failure.description)
        }
    }

    static func words(_ problem: Problem) -> String {
        switch problem {
        case .amount(let error): error.message
        case .refused(let error): TillWords.refusal(error)
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        if case let .counting(count) = state.entry {
            drawCount(count, into: &frame, in: area)
            return
        }
        if case let .approving(count, pin, wrong) = state.entry {
            drawApproval(count, pin: pin, wrong: wrong, into: &frame, in: area)
            return
        }
        switch state.status {
        case let .open(session, movements)?: drawOpen(session, movements, into: &frame, in: area)
        case let .closed(suggested)?:
            ScreenDrawing.title(tr("Till · closed"), into: &frame, in: area)
            ScreenDrawing.text(tr("Open the till with the float counted into the drawer."), into: &frame, in: ScreenDrawing.row(area, 2))
            let suggestion = suggested.map { tr("Suggested float: {0} (the cash left in at the last close).", $0.formatted()) }
                ?? tr("No till was closed at this counter before: count the float.")
            ScreenDrawing.text(suggestion, into: &frame, in: ScreenDrawing.row(area, 3), role: .muted)
        case nil:
            ScreenDrawing.title(tr("Till"), into: &frame, in: area)
        }
        drawBottom(state, into: &frame, in: area)
        if let approval = state.approval { ManagerApprovalFeature.draw(approval, into: &frame, in: area) }
    }

    private static func drawOpen(_ session: TillSession, _ movements: [CashMovement], into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Till · open since {0}", DateText.dayAndTime(session.openedAt)), into: &frame, in: area)
        var row = 2
        for (index, figure) in TillWords.figures(session.figures).enumerated() {
            let rect = ScreenDrawing.row(area, row)
            let isExpected = index == 5
            ScreenDrawing.text("  " + figure.label, into: &frame, in: rect, attributes: isExpected ? .bold : [])
            frame.write((session.money(figure.minorUnits)?.formatted() ?? "") + " ", in: rect, alignment: .trailing,
                        style: Style(.text, isExpected ? .bold : []))
            row += 1
        }
        // The newest movements that fit above the form's two rows.
        let room = max(0, area.height - row - 3)
        guard room > 0, !movements.isEmpty else { return }
        row += 1
        for movement in movements.suffix(room) {
            ScreenDrawing.selectableRow("\(DateText.dayAndTime(movement.at))  \(TillWords.name(movement.kind)) · \(movement.reason)",
                                        detail: movement.kind == .noSale ? "" : movement.amount.formatted(), selected: false,
                                        into: &frame, in: ScreenDrawing.row(area, row))
            row += 1
        }
    }

    private static func drawBottom(_ state: State, into frame: inout Frame, in area: Rect) {
        let bottom = ScreenDrawing.row(area, area.height - 1)
        switch state.entry {
        case let .opening(amount, problem):
            field(tr("Float counted: {0}", amount), problem, into: &frame, in: area)
        case .moving(let movement):
            if movement.kind == .noSale {
                field(tr("No sale, reason: {0}", movement.reason), movement.problem, into: &frame, in: area)
            } else if movement.onReason {
                field(tr("{0} {1}, reason: {2}", TillWords.name(movement.kind), movement.amount, movement.reason), movement.problem, into: &frame, in: area)
            } else {
                field(tr("{0}, amount: {1}", TillWords.name(movement.kind), movement.amount), movement.problem, into: &frame, in: area)
            }
        case .counting, .approving, nil:
            if let printout = state.printout {
                let good: Bool = if case .printed = printout { true } else { false }
                ScreenDrawing.text(words(printout), into: &frame, in: ScreenDrawing.row(area, area.height - 2), role: good ? .muted : .warning)
            }
            if state.isBusy {
                ScreenDrawing.text(tr("One moment…"), into: &frame, in: bottom, role: .muted)
            } else if let message = state.message {
                let good: Bool = if case .refused = message { false } else { true }
                ScreenDrawing.text(words(message), into: &frame, in: bottom, role: good ? .success : .error)
            }
        }
    }

    private static func field(_ prompt: String, _ problem: Problem?, into frame: inout Frame, in area: Rect) {
        let row = ScreenDrawing.row(area, area.height - 2)
        ScreenDrawing.text(prompt + "▏", into: &frame, in: row, role: .focus, attributes: .bold)
        frame.focus = Point(x: row.x + prompt.count, y: row.y)
        if let problem {
            ScreenDrawing.text(words(problem), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .error)
        }
    }

    /// One line per coin and note (a window of them around the selection on a small screen), then
    /// the note and the cash left in; the running total, the expected cash and the difference.
    private static func drawCount(_ count: TillCount, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Close the till · count the drawer"), into: &frame, in: area)
        let money = { (minor: Int64) in Money(minorUnits: minor, currency: count.currency).formatted() }
        let summary = tr("Counted {0} · expected {1} · difference {2}", count.countedTotal.formatted(), money(count.expected),
                         count.difference.formatted())
        ScreenDrawing.text(summary, into: &frame, in: ScreenDrawing.row(area, 1), attributes: .bold)
        let height = max(1, area.height - 6)
        let selectedLine = min(count.selection, count.pieces.count - 1)
        let offset = ScreenDrawing.scrollOffset(selected: max(0, selectedLine), count: count.pieces.count, height: height)
        for (row, index) in (offset..<min(count.pieces.count, offset + height)).enumerated() {
            let piece = count.pieces[index]
            let typed = count.quantities[index]
            let subtotal = Int64(typed).map { money($0 * piece.minorUnits) } ?? ""
            let cursor = index == count.selection ? "▏" : ""
            ScreenDrawing.selectableRow("\(TillWords.piece(piece, count.currency.code))  × \(typed)\(cursor)", detail: subtotal,
                                        selected: index == count.selection, into: &frame, in: ScreenDrawing.row(area, 2 + row))
        }
        let noteRow = ScreenDrawing.row(area, area.height - 3)
        ScreenDrawing.selectableRow(tr("Note: {0}", count.note) + (count.selection == count.noteRow ? "▏" : ""), selected: count.selection == count.noteRow,
                                    into: &frame, in: noteRow)
        let leftRow = ScreenDrawing.row(area, area.height - 2)
        ScreenDrawing.selectableRow(tr("Left in the drawer: {0}", count.leftIn) + (count.selection == count.leftInRow ? "▏" : ""),
                                    selected: count.selection == count.leftInRow, into: &frame, in: leftRow)
        if let problem = count.problem {
            ScreenDrawing.text(words(problem), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .error)
        }
    }

    private static func drawApproval(_ count: TillCount, pin: String, wrong: Bool, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Close the till · approve the difference"), into: &frame, in: area)
        ScreenDrawing.text(tr("Counted {0} · expected {1} · difference {2}", count.countedTotal.formatted(),
                              Money(minorUnits: count.expected, currency: count.currency).formatted(), count.difference.formatted()),
                           into: &frame, in: ScreenDrawing.row(area, 2), attributes: .bold)
        ScreenDrawing.text(tr("The difference is above the shop's limit. Type the operator PIN to close anyway."), into: &frame,
                           in: ScreenDrawing.row(area, 4), role: .warning)
        let prompt = tr("Operator PIN: {0}", String(repeating: "•", count: pin.count))
        let row = ScreenDrawing.row(area, 6)
        ScreenDrawing.text(prompt + "▏", into: &frame, in: row, role: .focus, attributes: .bold)
        frame.focus = Point(x: row.x + prompt.count, y: row.y)
        if wrong { ScreenDrawing.text(tr("Wrong PIN."), into: &frame, in: ScreenDrawing.row(area, 7), role: .error) }
    }
}
