import TerminalUI

/// One kind of screen on the counter's stack, as the counter sees it: where its state sits in
/// `AppFeature.Screen` and its actions in `AppFeature.Action`, what it needs of the world, and
/// its reducer, keys, key hints and drawing. `ScreenKinds` lists one for each screen case, and
/// routing, drawing and key mapping each go through that one table.
struct ScreenKind<State, Action, Environment> {
    /// The screen's name, as its heading or the menu that opens it says (the window title).
    var name: () -> String
    /// Store screens carry the cart badge in the header.
    var isStore: Bool
    /// Store screens sit in from the edges, under a blank row (`AppFeature.storeArea`).
    var drawsInStoreArea: Bool
    var embedState: (State) -> AppFeature.Screen
    var extractState: (AppFeature.Screen) -> State?
    var embedAction: (Action) -> AppFeature.Action
    var extractAction: (AppFeature.Action) -> Action?
    /// The screen's part of the counter's environment, for its effects.
    var environment: (AppEnvironment) -> Environment
    /// The screen's reducer; the session (cart, shopper) is read, never written, by a screen.
    var reduce: (inout State, Action, StoreSession) -> Effect<Action, Environment>
    /// What the screen starts when it is pushed (a load, a timer).
    var appear: (State) -> Effect<Action, Environment> = { _ in .none }
    /// The screen's own keys (the terminal's size, for screens that lay out by it).
    var action: (InputEvent, State, Size) -> Action?
    /// The keys that act now, for the footer and `?` (the session: a cart's keys need jars).
    var keyHints: (State, StoreSession) -> [KeyHint]
    /// Whether a text field has the keys (then `q` and `?` are typed, not obeyed).
    var hasTextFocus: (State) -> Bool
    var draw: (State, StoreSession, inout Frame, Rect) -> Void
    /// A left click in the store's area (`StoreClicks.swift`): numbered lines are picked.
    var click: (Point, State, StoreSession, Rect) -> Action? = { _, _, _, _ in nil }
}

/// A `ScreenKind` with its types forgotten, so that the table can hold every kind and the
/// counter can ask the kind of whichever screen is on top.
struct AnyScreenKind {
    let name: () -> String
    let isStore: Bool
    let drawsInStoreArea: Bool
    /// Runs the top screen's reducer on one of its actions. Nil when the action is not this
    /// kind's; no effect when the top screen is not of this kind (a late answer for a screen
    /// closed meanwhile is dropped).
    let route: (inout AppFeature.State, AppFeature.Action) -> Effect<AppFeature.Action, AppEnvironment>?
    let appear: (AppFeature.Screen) -> Effect<AppFeature.Action, AppEnvironment>
    let action: (InputEvent, AppFeature.Screen, Size) -> AppFeature.Action?
    let keyHints: (AppFeature.Screen, StoreSession) -> [KeyHint]
    let hasTextFocus: (AppFeature.Screen) -> Bool
    let draw: (AppFeature.Screen, StoreSession, inout Frame, Rect) -> Void
    let click: (Point, AppFeature.Screen, StoreSession, Rect) -> AppFeature.Action?

    init<State, Action, Environment>(_ kind: ScreenKind<State, Action, Environment>) {
        name = kind.name
        isStore = kind.isStore
        drawsInStoreArea = kind.drawsInStoreArea
        route = { state, action in
            guard let childAction = kind.extractAction(action) else { return nil }
            guard var screen = kind.extractState(state.top) else { return Effect.none }
            let effect = kind.reduce(&screen, childAction, state.session)
            state.stack[state.stack.count - 1] = kind.embedState(screen)
            return effect.map(kind.embedAction, environment: kind.environment)
        }
        appear = { screen in
            kind.extractState(screen).map { kind.appear($0).map(kind.embedAction, environment: kind.environment) } ?? .none
        }
        action = { event, screen, size in
            kind.extractState(screen).flatMap { kind.action(event, $0, size) }.map(kind.embedAction)
        }
        keyHints = { screen, session in kind.extractState(screen).map { kind.keyHints($0, session) } ?? [] }
        hasTextFocus = { screen in kind.extractState(screen).map(kind.hasTextFocus) ?? false }
        draw = { screen, session, frame, area in
            guard let state = kind.extractState(screen) else { return }
            kind.draw(state, session, &frame, area)
        }
        click = { point, screen, session, area in
            kind.extractState(screen).flatMap { kind.click(point, $0, session, area) }.map(kind.embedAction)
        }
    }

    /// A screen that only shows something: no actions, no keys of its own.
    init<State>(showing extractState: @escaping (AppFeature.Screen) -> State?, name: @escaping () -> String, isStore: Bool,
                drawsInStoreArea: Bool, keyHints: [KeyHint], draw: @escaping (State, inout Frame, Rect) -> Void) {
        self.name = name
        self.isStore = isStore
        self.drawsInStoreArea = drawsInStoreArea
        route = { _, _ in nil }
        appear = { _ in .none }
        action = { _, _, _ in nil }
        self.keyHints = { _, _ in keyHints }
        hasTextFocus = { _ in false }
        self.draw = { screen, _, frame, area in
            guard let state = extractState(screen) else { return }
            draw(state, &frame, area)
        }
        click = { _, _, _, _ in nil }
    }
}
