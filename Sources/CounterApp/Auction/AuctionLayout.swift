import CheckoutKit
import Localization
import TerminalUI

/// Where the auction screens put things, shared by drawing and by key mapping (a scrolled
/// text needs the same width in both). The content column is at most `maxWidth` wide and
/// centred, so 200 columns read like 80.
enum AuctionLayout {
    static let maxWidth = 96
    /// Title, step line, blank line.
    static let headerHeight = 3

    /// The content column inside the app's content area.
    static func column(in area: Rect) -> Rect {
        let width = min(maxWidth, max(0, area.width - 2))
        return Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
    }

    /// What is left for a step under its header.
    static func body(in area: Rect) -> Rect {
        column(in: area).splitTop(headerHeight).rest
    }

    /// The steps and their English names (translated where drawn).
    static let stepNames: [(AuctionJoinFlow.Step, String)] = [(.terms, "Terms"), (.review, "Review"), (.payment, "Payment"), (.joining, "Start bid")]

    /// "Upgrade to Business · LX 318 LHR → ZRH" and "1 Terms › 2 Review › 3 Payment › 4 Start bid",
    /// the step on screen highlighted. Returns the body.
    static func drawHeader(context: UpgradeContext, step: AuctionJoinFlow.Step, into frame: inout Frame, in area: Rect) -> Rect {
        let column = column(in: area)
        let title = tr("{0} upgrade · {1} {2} · {3}", AuctionText.cabin(context.upgradeCabin), context.flightNumber, context.route,
                       DateText.dayWithWeekday(context.departure))
        frame.write(title, in: column.splitTop(1).top, style: WidgetLook.title)
        let current: AuctionJoinFlow.Step = if case .joined = step { .joining } else { step }
        var x = column.x
        let line = Rect(x: column.x, y: column.y + 1, width: column.width, height: 1)
        for (index, (candidate, name)) in stepNames.enumerated() {
            if index > 0 { x += frame.write(" › ", at: Point(x: x, y: line.y), style: WidgetLook.muted, clip: line) }
            let style = candidate == current ? Style(.accent, [.bold, .underline]) : WidgetLook.muted
            x += frame.write("\(index + 1) \(tr(name))", at: Point(x: x, y: line.y), style: style, clip: line)
        }
        return column.splitTop(headerHeight).rest
    }

    /// The clear error instead of an empty flow: which auction (`title`, the seeded English title,
    /// translated here), which field (`message`, already translated).
    static func drawContextError(title: String, message: String, into frame: inout Frame, in area: Rect) {
        let column = column(in: area)
        let box = column.inset(top: 2, left: 0, bottom: 0, right: 0).splitTop(8).top
        let inside = frame.drawBox(box, title: tr("This auction cannot open"), border: .rounded, style: Style(.error), titleStyle: Style(.error, .bold))
        let text = inside.inset(top: 1, left: 2, bottom: 0, right: 2)
        frame.write(tr(title), in: text.splitTop(1).top, style: WidgetLook.title)
        TextBlock(message, style: WidgetLook.error).draw(into: &frame, in: text.inset(top: 2, left: 0, bottom: 0, right: 0).splitTop(2).top)
        frame.write(tr("Its details are incomplete, so it cannot be joined. Enter goes back to the list."),
                    in: text.inset(top: 4, left: 0, bottom: 0, right: 0).splitTop(1).top, style: WidgetLook.muted)
    }

    /// A label and its value on one row: "Start bid   €150.00".
    static func field(_ label: String, _ value: String, labelWidth: Int = 14, valueStyle: Style = WidgetLook.text, into frame: inout Frame, at row: Rect) {
        frame.write(label, in: Rect(x: row.x, y: row.y, width: min(labelWidth, row.width), height: 1), style: WidgetLook.muted)
        frame.write(value, in: Rect(x: row.x + labelWidth, y: row.y, width: max(0, row.width - labelWidth), height: 1), style: valueStyle)
    }
}
