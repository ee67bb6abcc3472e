import Localization
import TerminalUI

/// The counter's front door: a menu of what it can do.
public enum HomeFeature {
    public enum Destination: String, CaseIterable, Equatable, Sendable {
        case honeyStore = "Honey Store"
        case auctions = "Auctions"
        /// The back office behind the operator PIN, at a staffed counter (a kiosk's is on F10).
        case operatorDesk = "Operator"
        case quit = "Quit"

        /// The menu line, in the current language (`rawValue` is the English one).
        var title: String {
            switch self {
            case .honeyStore: tr("Honey Store")
            case .auctions: tr("Auctions")
            case .operatorDesk: tr("Operator")
            case .quit: tr("Quit")
            }
        }

        var blurb: String {
            switch self {
            case .honeyStore: tr("Browse the honey jars, fill a cart and pay.")
            case .auctions: tr("Join a flight-upgrade auction with a start bid.")
            case .operatorDesk: tr("Orders, refunds, reprints and the day's reports (operator PIN).")
            case .quit: tr("Close the counter.")
            }
        }
    }

    public struct State: Equatable, Sendable {
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public var destinations = Destination.allCases

        public init() {}
        public var selected: Destination { destinations[selection] }
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case pick(Int)
        case activate
        /// Reported to the parent, which owns navigation.
        case open(Destination)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, Void> {
        switch action {
        case .moveUp:
            state.list.moveUp(count: state.destinations.count)
            return .none
        case .moveDown:
            state.list.moveDown(count: state.destinations.count)
            return .none
        case let .pick(index):
            guard state.list.select(index, count: state.destinations.count) else { return .none }
            return .send(.activate)
        case .activate:
            return .send(.open(state.selected))
        case .open:
            return .none
        }
    }

    public static func action(for event: InputEvent, in state: State, layout: Layout) -> Action? {
        switch event {
        case .key(.up), .key(.backTab): return .moveUp
        case .key(.down), .key(.tab): return .moveDown
        case .key(.enter), .key(.character(" ")): return .activate
        case let .key(.character(c)):
            guard let digit = c.wholeNumberValue, digit >= 1 else { return nil }
            return .pick(digit - 1)
        case let .mouse(.left, at: point):
            guard let row = layout.menuRow(at: point) else { return nil }
            return .pick(row)
        default: return nil
        }
    }

    /// The number keys named as far as there are destinations (a kiosk has no Quit line).
    public static func keyHints(_ state: State) -> [KeyHint] {
        [KeyHint("↑↓", "Move")] + KeyHint.numbers(state.destinations.count, "Pick") + [KeyHint("Enter", "Open")]
    }

    /// Where things are on screen, shared by drawing and by mouse hit-testing so they agree.
    public struct Layout {
        let menuOrigin: Point
        let menuWidth: Int
        let rowCount: Int

        init(in area: Rect, rowCount: Int) {
            let width = min(44, area.width)
            menuOrigin = Point(x: area.x + (area.width - width) / 2, y: area.y + min(6, max(0, area.height - rowCount * 2)))
            menuWidth = width
            self.rowCount = rowCount
        }

        func rowRect(_ index: Int) -> Rect {
            Rect(x: menuOrigin.x, y: menuOrigin.y + index * 2, width: menuWidth, height: 1)
        }

        func menuRow(at point: Point) -> Int? {
            (0..<rowCount).first { rowRect($0).contains(point) }
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        let layout = Layout(in: area, rowCount: state.destinations.count)
        frame.write(tr("Checkout Counter"), in: Rect(x: area.x, y: area.y + 1, width: area.width, height: 1), alignment: .center, style: Style(.title, .bold))
        frame.write(tr("A honey store, auctions and more, at your terminal"), in: Rect(x: area.x, y: area.y + 2, width: area.width, height: 1), alignment: .center, style: Style(.muted))
        for (index, destination) in state.destinations.enumerated() {
            let row = layout.rowRect(index)
            let isSelected = index == state.selection
            let style = isSelected ? Style(.selection, .reverse) : Style(.text)
            if isSelected { frame.focus = Point(x: row.x, y: row.y) }
            frame.fill(row, style: style)
            frame.write("\(isSelected ? "›" : " ") \(index + 1)  \(destination.title)", in: row, style: style)
        }
        let blurbRow = layout.rowRect(state.destinations.count)
        frame.write(state.selected.blurb, in: Rect(x: area.x, y: blurbRow.y + 1, width: area.width, height: 1), alignment: .center, style: Style(.muted))
    }
}
