import CheckoutKit
import Localization
import TerminalUI

/// Step 1: the auction's terms, scrollable, the "I have read and accept" box, Continue (which
/// does nothing but say why until the box is ticked), and the tips when the auction has some.
public enum AuctionTerms {
    public enum Focus: Equatable, Sendable { case accept, continueButton }

    public struct State: Equatable, Sendable {
        /// The first terms line in view.
        public var offset = 0
        public var accepted = false
        public var tipPage = 0
        public var focus: Focus = .accept
        /// Why Continue did nothing.
        /// What stops Continue (worded when drawn).
        public var warning: Warning?

        public init() {}
    }

    public enum Action: Equatable, Sendable {
        case scroll(to: Int)
        case toggleAccept
        case focus(Focus)
        case showTip(Int)
        case continueTapped
        case flowChanged(AuctionFlowSnapshot)
    }

    static var acceptLabel: String { tr("I have read and accept the auction terms") }
    /// What the terms step warns about, as a value: `words(_:)` says it.
    public enum Warning: Equatable, Sendable {
        /// Continue was pressed before the terms were accepted.
        case mustAccept
    }

    static func words(_ warning: Warning) -> String {
        switch warning {
        case .mustAccept: tr("Tick “I have read and accept the auction terms” to continue.")
        }
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, AuctionEnvironment> {
        switch action {
        case .scroll(let offset):
            state.offset = max(0, offset)
            return .none
        case .toggleAccept:
            state.accepted.toggle()
            state.warning = nil
            return .none
        case .focus(let focus):
            state.focus = focus
            return .none
        case .showTip(let page):
            state.tipPage = max(0, page)
            return .none
        case .continueTapped:
            guard state.accepted else {
                state.warning = .mustAccept
                return .none
            }
            state.warning = nil
            return .run { environment, send in
                if let snapshot = environment.withFlow({ flow, _ in flow.acceptTerms() }) { send(.flowChanged(snapshot)) }
            }
        case .flowChanged:
            return .none
        }
    }

    /// Where the terms, the tips and the controls go in the body.
    struct Layout {
        let termsBox: Rect
        let termsText: Rect
        let tipsBox: Rect?
        let acceptRow: Rect
        let buttonRow: Rect
        let warningRow: Rect

        /// The terms box grows to fit its text (and scrolls when the screen is too short), the
        /// tips sit under it, then the controls: on a tall screen nothing floats far apart.
        init(body: Rect, context: UpgradeContext) {
            let tipsHeight = context.hasTips ? 5 : 0
            let lineCount = AuctionTerms.text(context).wrapped(toWidth: max(1, body.width - 4)).count
            let room = max(3, body.height - 4 - tipsHeight)
            termsBox = Rect(x: body.x, y: body.y, width: body.width, height: min(room, lineCount + 2))
            tipsBox = context.hasTips ? Rect(x: body.x, y: termsBox.maxY, width: body.width, height: tipsHeight) : nil
            let controlsTop = (tipsBox ?? termsBox).maxY
            acceptRow = Rect(x: body.x, y: controlsTop + 1, width: body.width, height: 1)
            buttonRow = Rect(x: body.x, y: controlsTop + 2, width: body.width, height: 1)
            warningRow = Rect(x: body.x, y: controlsTop + 3, width: body.width, height: 1)
            termsText = termsBox.inset(top: 1, left: 2, bottom: 1, right: 2)
        }

        func lines(_ context: UpgradeContext) -> [String] {
            AuctionTerms.text(context).wrapped(toWidth: termsText.width)
        }

        func maxOffset(_ context: UpgradeContext) -> Int {
            max(0, lines(context).count - termsText.height)
        }
    }

    /// The seeded terms are the counter's own text: each paragraph is translated here.
    static func text(_ context: UpgradeContext) -> String { context.terms.map { tr($0) }.joined(separator: "\n\n") }

    static func action(for event: InputEvent, in state: State, context: UpgradeContext, body: Rect) -> Action? {
        let layout = Layout(body: body, context: context)
        if case .mouse(.left, let point) = event {
            if layout.acceptRow.contains(point), point.x < layout.acceptRow.x + 4 + acceptLabel.displayWidth { return .toggleAccept }
            if layout.buttonRow.contains(point), point.x < layout.buttonRow.x + Button(tr("Continue")).width { return .continueTapped }
            if let tips = layout.tipsBox, tips.contains(point) { return .showTip((state.tipPage + 1) % context.tips.count) }
            return nil
        }
        guard case .key(let key) = event else { return nil }
        let maxOffset = layout.maxOffset(context)
        let page = max(1, layout.termsText.height - 1)
        func scroll(_ target: Int) -> Action? {
            let clamped = min(max(0, target), maxOffset)
            return clamped == state.offset ? nil : .scroll(to: clamped)
        }
        switch key {
        case .up: return scroll(state.offset - 1)
        case .down: return scroll(state.offset + 1)
        case .pageUp: return scroll(state.offset - page)
        case .pageDown: return scroll(state.offset + page)
        case .home: return scroll(0)
        case .end: return scroll(maxOffset)
        case .left where context.hasTips:
            return state.tipPage > 0 ? .showTip(state.tipPage - 1) : nil
        case .right where context.hasTips:
            return state.tipPage < context.tips.count - 1 ? .showTip(state.tipPage + 1) : nil
        case .tab, .backTab:
            return .focus(state.focus == .accept ? .continueButton : .accept)
        case .character(" "):
            return state.focus == .accept ? .toggleAccept : .continueTapped
        case .enter:
            return state.focus == .accept ? .toggleAccept : .continueTapped
        case .character("c"):
            return .continueTapped
        default:
            return nil
        }
    }

    static func keyHints(_ state: State, hasTips: Bool) -> [KeyHint] {
        // Space and Enter press what has the focus: the box, or Continue.
        let onBox = state.focus == .accept
        var hints = [KeyHint("↑↓", "Scroll"), KeyHint("Tab", "Next"),
                     onBox ? KeyHint("Space", state.accepted ? "Untick" : "Accept") : KeyHint("Enter", "Continue")]
        if hasTips { hints.append(KeyHint("←→", "Tips")) }
        // On the box, `c` is the way on: the footer keeps it as the step's primary action.
        if onBox { hints.append(KeyHint("c", "Continue").primary) }
        hints.append(KeyHint("Esc", "Leave"))
        return hints
    }

    static func draw(_ state: State, context: UpgradeContext, into frame: inout Frame, in body: Rect) {
        let layout = Layout(body: body, context: context)
        let lines = layout.lines(context)
        let offset = min(state.offset, max(0, lines.count - layout.termsText.height))
        let title = lines.count > layout.termsText.height
            ? tr("Auction terms {0}-{1} of {2} lines", offset + 1, min(lines.count, offset + layout.termsText.height), lines.count)
            : tr("Auction terms")
        frame.drawBox(layout.termsBox, title: title, border: .rounded)
        for (row, line) in lines.dropFirst(offset).prefix(layout.termsText.height).enumerated() {
            frame.write(line, in: Rect(x: layout.termsText.x, y: layout.termsText.y + row, width: layout.termsText.width, height: 1))
        }
        if offset + layout.termsText.height < lines.count {
            frame.write("▼", at: Point(x: layout.termsBox.maxX - 2, y: layout.termsBox.maxY - 1), style: WidgetLook.accent)
        }
        if offset > 0 {
            frame.write("▲", at: Point(x: layout.termsBox.maxX - 2, y: layout.termsBox.y), style: WidgetLook.accent)
        }
        if let tipsBox = layout.tipsBox {
            let page = min(state.tipPage, context.tips.count - 1)
            let inside = frame.drawBox(tipsBox, title: tr("Tip {0} of {1}  ← →", page + 1, context.tips.count), border: .rounded, style: Style(.accent))
            TextBlock(tr(context.tips[page])).draw(into: &frame, in: inside.inset(top: 0, left: 1, bottom: 0, right: 1))
        }
        Checkbox(acceptLabel).draw(into: &frame, in: layout.acceptRow, state: CheckboxState(isChecked: state.accepted),
                                   focused: state.focus == .accept)
        Button(tr("Continue"), isDisabled: !state.accepted).draw(into: &frame, in: layout.buttonRow, focused: state.focus == .continueButton)
        if let warning = state.warning {
            frame.write(words(warning), in: layout.warningRow, style: Style(.error, .bold))
        } else if !state.accepted {
            frame.write(tr("Continue opens once the terms are accepted."), in: layout.warningRow, style: WidgetLook.muted)
        }
    }
}
