import Localization
import TerminalUI

/// The account's front: log in or sign up for a guest; saved cards, orders, subscriptions, the
/// payments PIN (set, or changed once there is one) and log out for a shopper.
public enum AccountFeature {
    public enum Item: String, Equatable, Sendable {
        case logIn = "Log in"
        case signUp = "Sign up"
        case savedCards = "Saved cards"
        case orders = "Order history"
        case subscriptions = "Subscriptions"
        case setPIN = "Set payments PIN"
        case changePIN = "Change payments PIN"
        case logOut = "Log out"

        /// The menu line, in the current language (`rawValue` is the English one).
        var title: String {
            switch self {
            case .logIn: tr("Log in")
            case .signUp: tr("Sign up")
            case .savedCards: tr("Saved cards")
            case .orders: tr("Order history")
            case .subscriptions: tr("Subscriptions")
            case .setPIN: tr("Set payments PIN")
            case .changePIN: tr("Change payments PIN")
            case .logOut: tr("Log out")
            }
        }
    }

    public struct State: Equatable, Sendable {
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        /// What the last sign-in or log-out came to (worded when drawn).
        public var message: Notice?
        /// Whether the shopper has a payments PIN (the menu offers to change it rather than set it).
        public var hasPaymentsPIN: Bool
        public init(hasPaymentsPIN: Bool = false) { self.hasPaymentsPIN = hasPaymentsPIN }
    }

    /// What the menu tells the shopper, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        case loggedOut
        /// Signed in as this email; `broughtCart`: the guest's jars went into the account.
        case welcome(email: String, broughtCart: Bool)
        case pinSet
        case pinChanged
    }

    /// A notice in the current language.
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .loggedOut: tr("Logged out. Your cart and saved cards stay with your account.")
        case let .welcome(email, broughtCart):
            broughtCart ? tr("Welcome, {0}. Your cart came with you.", email) : tr("Welcome, {0}.", email)
        case .pinSet: tr("Payments PIN set. Your saved cards and bids ask for it.")
        case .pinChanged: tr("Payments PIN changed.")
        }
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case pick(Int)
        case choose
        /// Whether the signed-in shopper has a payments PIN, as the account says now.
        case pinStatusLoaded(Bool)
        case delegate(Item)
    }

    static func items(signedIn: Bool, hasPIN: Bool) -> [Item] {
        signedIn ? [.savedCards, .orders, .subscriptions, hasPIN ? .changePIN : .setPIN, .logOut] : [.logIn, .signUp]
    }

    static func items(_ state: State, session: StoreSession) -> [Item] {
        items(signedIn: session.shopper != nil, hasPIN: state.hasPaymentsPIN)
    }

    public static func reduce(_ state: inout State, _ action: Action, session: StoreSession) -> Effect<Action, Void> {
        let items = items(state, session: session)
        switch action {
        case .moveUp: state.list.moveUp(count: items.count)
        case .moveDown: state.list.moveDown(count: items.count)
        case .pick(let index):
            guard state.list.select(index, count: items.count) else { return .none }
            return .send(.choose)
        case .choose:
            state.list.clamp(count: items.count)
            return .send(.delegate(items[state.selection]))
        case .pinStatusLoaded(let hasPIN):
            state.hasPaymentsPIN = hasPIN
        case .delegate: break
        }
        return .none
    }

    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown, enter: .choose, pick: Action.pick, tabMovesDown: true)

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        return listKeys.action(for: key)
    }

    /// "1-5" as far as there are lines (a guest has two).
    public static func keyHints(_ state: State, session: StoreSession) -> [KeyHint] {
        [KeyHint("↑↓", "Move")] + KeyHint.numbers(items(state, session: session).count, "Pick") + [KeyHint("Enter", "Open"), KeyHint("Esc", "Back")]
    }

    public static func draw(_ state: State, session: StoreSession, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Your account"), into: &frame, in: area)
        let line = session.shopper.map { tr("Logged in as {0}.", $0) } ?? tr("Shopping as a guest. Log in or sign up to save cards and subscribe.")
        ScreenDrawing.text(line, into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        for (index, item) in items(state, session: session).enumerated() {
            ScreenDrawing.selectableRow("\(index + 1)  \(item.title)", selected: index == state.selection,
                                        into: &frame, in: ScreenDrawing.row(area, 3 + index))
        }
        if let message = state.message {
            ScreenDrawing.text(words(message), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .success)
        }
    }
}
