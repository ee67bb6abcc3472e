import TerminalUI

/// The whole counter as one feature: a stack of screens, the help overlay, and quitting.
public enum AppFeature {
    public enum Screen: Equatable, Sendable {
        case home(HomeFeature.State)
        case comingSoon(ComingSoonFeature.State)
    }

    public struct State: Equatable, Sendable {
        /// The navigation stack; the last screen is the one shown. Never empty.
        public var stack: [Screen] = [.home(HomeFeature.State())]
        public var isShowingHelp = false
        public var exitStatus: Int32?
        /// A kiosk refuses `q` and Ctrl+C.
        public var isKiosk = false

        public init(isKiosk: Bool = false) {
            self.isKiosk = isKiosk
        }

        public var top: Screen { stack[stack.count - 1] }
    }

    public enum Action: Equatable, Sendable {
        case home(HomeFeature.Action)
        case back
        case toggleHelp
        case quit
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
        switch action {
        case let .home(.open(destination)):
            switch destination {
            case .quit:
                return .send(.quit)
            case .honeyStore:
                state.stack.append(.comingSoon(.init(title: "Honey Store", message: "The store opens here soon. Esc goes back.")))
            case .auctions:
                state.stack.append(.comingSoon(.init(title: "Auctions", message: "Auctions open here soon. Esc goes back.")))
            }
            return .none
        case let .home(homeAction):
            guard case var .home(home) = state.top else { return .none }
            let effect = HomeFeature.reduce(&home, homeAction)
            state.stack[state.stack.count - 1] = .home(home)
            return effect.map(Action.home)
        case .back:
            if state.isShowingHelp {
                state.isShowingHelp = false
            } else if state.stack.count > 1 {
                state.stack.removeLast()
            }
            return .none
        case .toggleHelp:
            state.isShowingHelp.toggle()
            return .none
        case .quit:
            if !state.isKiosk { state.exitStatus = 0 }
            return .none
        }
    }

    /// Keys that mean the same on every screen, then the top screen's own keys.
    public static func action(for event: InputEvent, in state: State, size: Size) -> Action? {
        if case .key(.control("c")) = event { return .quit }
        if state.isShowingHelp {
            if case .key = event { return .toggleHelp }
            return nil
        }
        switch event {
        case .key(.escape): return .back
        case .key(.character("?")): return .toggleHelp
        case .key(.character("q")): return .quit
        default: break
        }
        switch state.top {
        case let .home(home):
            let layout = HomeFeature.Layout(in: contentArea(size), rowCount: home.destinations.count)
            return HomeFeature.action(for: event, in: home, layout: layout).map(Action.home)
        case .comingSoon:
            return nil
        }
    }

    public static func keyHints(for state: State) -> [KeyHint] {
        var hints: [KeyHint]
        switch state.top {
        case .home: hints = HomeFeature.keyHints
        case .comingSoon: hints = [KeyHint("Esc", "Back")]
        }
        hints.append(KeyHint("?", "Keys"))
        if !state.isKiosk { hints.append(KeyHint("q", "Quit")) }
        return hints
    }

    static func contentArea(_ size: Size) -> Rect {
        Rect(size: size).inset(top: 1, left: 0, bottom: 1, right: 0)
    }

    public static func draw(_ state: State, into frame: inout Frame) {
        let bounds = frame.bounds
        Draw.fill(bounds, style: Style(.background), into: &frame)
        let header = bounds.splitTop(1).top
        Draw.fill(header, style: Style(.title, .reverse), into: &frame)
        Draw.text(" Checkout Counter", at: Point(x: 0, y: 0), width: header.width, style: Style(.title, [.reverse, .bold]), into: &frame)
        let area = contentArea(frame.size)
        switch state.top {
        case let .home(home): HomeFeature.draw(home, into: &frame, in: area)
        case let .comingSoon(screen): ComingSoonFeature.draw(screen, into: &frame, in: area)
        }
        let footer = bounds.splitBottom(1).bottom
        let hints = keyHints(for: state).map { "\($0.key) \($0.label)" }.joined(separator: "  ")
        Draw.text(" " + hints, at: Point(x: 0, y: footer.y), width: footer.width, style: Style(.footer), into: &frame)
        if state.isShowingHelp {
            let box = bounds.centered(width: 40, height: keyHints(for: state).count + 4)
            Draw.fill(box, style: Style(.text), into: &frame)
            Draw.text(" Keys", at: Point(x: box.x, y: box.y), width: box.width, style: Style(.title, .bold), into: &frame)
            for (index, hint) in keyHints(for: state).enumerated() {
                Draw.text("  \(hint.key)  \(hint.label)", at: Point(x: box.x, y: box.y + 2 + index), width: box.width, style: Style(.text), into: &frame)
            }
        }
    }
}
