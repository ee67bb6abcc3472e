import TerminalUI

/// The whole counter as one feature: a stack of screens, the help overlay, and quitting.
public enum AppFeature {
    public enum Screen: Equatable, Sendable {
        case home(HomeFeature.State)
        case comingSoon(ComingSoonFeature.State)
        case auction(AuctionFeature.State)
    }

    public struct State: Equatable, Sendable {
        /// The navigation stack; the last screen is the one shown. Never empty.
        public var stack: [Screen] = [.home(HomeFeature.State())]
        public var isShowingHelp = false
        public var exitStatus: Int32?
        /// A kiosk refuses `q` and Ctrl+C.
        public var isKiosk = false
        /// Something the person should know that belongs to no screen (a theme that could not
        /// be used, say), shown on the header line until they press a key.
        public var notice: String?

        public init(isKiosk: Bool = false, notice: String? = nil) {
            self.isKiosk = isKiosk
            self.notice = notice
        }

        public var top: Screen { stack[stack.count - 1] }
    }

    public enum Action: Equatable, Sendable {
        case home(HomeFeature.Action)
        case auction(AuctionFeature.Action)
        case dismissNotice
        case back
        case toggleHelp
        case quit
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
        reduce(&state, action, auctions: AuctionEnvironment())
    }

    public static func reduce(_ state: inout State, _ action: Action, auctions: AuctionEnvironment) -> Effect<Action> {
        switch action {
        case let .home(.open(destination)):
            switch destination {
            case .quit:
                return .send(.quit)
            case .honeyStore:
                state.stack.append(.comingSoon(.init(title: "Honey Store", message: "The store opens here soon. Esc goes back.")))
            case .auctions:
                state.stack.append(.auction(AuctionFeature.State()))
                return .send(.auction(.onAppear))
            }
            return .none
        case let .auction(auctionAction):
            guard case var .auction(auction) = state.top else { return .none }
            let effect = AuctionFeature.reduce(&auction, auctionAction, auctions)
            state.stack[state.stack.count - 1] = .auction(auction)
            return effect.map(Action.auction)
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
        case .dismissNotice:
            state.notice = nil
            return .none
        case .quit:
            if !state.isKiosk { state.exitStatus = 0 }
            return .none
        }
    }

    /// Keys that mean the same on every screen, then the top screen's own keys.
    public static func action(for event: InputEvent, in state: State, size: Size) -> Action? {
        if case .key(.control("c")) = event { return .quit }
        if state.notice != nil, case .key = event { return .dismissNotice }
        if state.isShowingHelp {
            if case .key = event { return .toggleHelp }
            return nil
        }
        if case let .auction(auction) = state.top, let mapped = AuctionFeature.action(for: event, in: auction, size: size) {
            return .auction(mapped)
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
        case .comingSoon, .auction:
            return nil
        }
    }

    public static func keyHints(for state: State) -> [KeyHint] {
        var hints: [KeyHint]
        switch state.top {
        case .home: hints = HomeFeature.keyHints
        case .comingSoon: hints = [KeyHint("Esc", "Back")]
        case let .auction(auction): hints = AuctionFeature.keyHints(for: auction)
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
        frame.fill(bounds, style: Style(.background))
        let header = bounds.splitTop(1).top
        frame.fill(header, style: Style(.title, .reverse))
        frame.write(" Checkout Counter", in: header, style: Style(.title, [.reverse, .bold]))
        if let notice = state.notice {
            frame.write(" " + notice, in: bounds.splitTop(2).top.splitBottom(1).bottom, style: Style(.warning, .bold))
        }
        let area = contentArea(frame.size)
        switch state.top {
        case let .home(home): HomeFeature.draw(home, into: &frame, in: area)
        case let .comingSoon(screen): ComingSoonFeature.draw(screen, into: &frame, in: area)
        case let .auction(auction): AuctionFeature.draw(auction, into: &frame, in: area)
        }
        Footer(keyHints(for: state)).draw(into: &frame, in: bounds.splitBottom(1).bottom)
        if state.isShowingHelp {
            HelpOverlay(hints: keyHints(for: state)).draw(into: &frame)
        }
    }
}
