import CheckoutKit
import Localization
import TerminalUI

/// The shopper's saved cards: default first; make one the default, remove one (after a yes).
public enum SavedCardsFeature {
    public struct State: Equatable, Sendable {
        public var cards: [SavedCard]
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public var confirmingRemoval: SavedCard?
        /// What the last change came to (worded when drawn).
        public var message: Notice?
        public init(cards: [SavedCard]) { self.cards = cards }
        var selected: SavedCard? { cards.indices.contains(selection) ? cards[selection] : nil }
    }

    /// What the screen tells the shopper after a change, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        /// The card named ("Visa •••• 4242") is the default now.
        case madeDefault(card: String)
        case removed(card: String)
        case refused(AccountError)
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case makeDefault
        case askToRemove
        case confirmRemoval(Bool)
        /// The account's answer: how the change went, and the cards as they are now (re-read).
        case done(Notice, cards: [SavedCard])
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        switch action {
        case .moveUp: state.list.moveUp(count: state.cards.count)
        case .moveDown: state.list.moveDown(count: state.cards.count)
        case .makeDefault:
            guard let card = state.selected else { return .none }
            let name = "\(card.card.brand) •••• \(card.card.lastFour)"
            return .run { client, send in
                let error = client.setDefaultCard(card.card.id)
                send(.done(error.map(Notice.refused) ?? .madeDefault(card: name), cards: client.savedCards()))
            }
        case .askToRemove:
            state.confirmingRemoval = state.selected
        case .confirmRemoval(let yes):
            guard let card = state.confirmingRemoval else { return .none }
            state.confirmingRemoval = nil
            guard yes else { return .none }
            let name = "\(card.card.brand) •••• \(card.card.lastFour)"
            return .run { client, send in
                let error = client.removeCard(card.card.id)
                send(.done(error.map(Notice.refused) ?? .removed(card: name), cards: client.savedCards()))
            }
        case let .done(notice, cards):
            // The list re-sorts (default first): the selection stays on the same card if it is there.
            let selectedID = state.selected?.card.id
            state.cards = cards
            if let index = state.cards.firstIndex(where: { $0.card.id == selectedID }) {
                state.list = ListSelection(index)
            } else {
                state.list.clamp(count: state.cards.count)
            }
            state.message = notice
        }
        return .none
    }

    static let listKeys = ListKeyMap<Action>(up: .moveUp, down: .moveDown)

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        if state.confirmingRemoval != nil { return .confirmRemoval(key == .character("y") || key == .character("Y")) }
        if let action = listKeys.action(for: key) { return action }
        switch key {
        case .character("d"): return .makeDefault
        case .character("r"), .delete, .backspace: return .askToRemove
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        if state.confirmingRemoval != nil { return [KeyHint("y", "Remove"), KeyHint("n", "Keep")] }
        return [KeyHint("↑↓", "Move"), KeyHint("d", "Make default"), KeyHint("r", "Remove"), KeyHint("Esc", "Back")]
    }

    /// A notice in the current language.
    static func words(_ notice: Notice) -> String {
        switch notice {
        case .madeDefault(let card): tr("{0} is now your default card.", card)
        case .removed(let card): tr("Removed {0}.", card)
        case .refused(let error): error.message
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Saved cards"), into: &frame, in: area)
        if state.cards.isEmpty {
            ScreenDrawing.text(tr("No saved cards. Tick \"Save this card\" when you pay."), into: &frame, in: ScreenDrawing.row(area, 2), role: .muted)
        }
        for (index, card) in state.cards.prefix(max(0, area.height - 4)).enumerated() {
            let option = PaymentOption.saved(card)
            ScreenDrawing.selectableRow(option.title, detail: option.detail, selected: index == state.selection,
                                        enabled: !card.isExpired, into: &frame, in: ScreenDrawing.row(area, 2 + index))
        }
        let bottom = ScreenDrawing.row(area, area.height - 1)
        if let card = state.confirmingRemoval {
            ScreenDrawing.text(tr("Remove {0} •••• {1}? y = yes, any other key = no", card.card.brand, card.card.lastFour), into: &frame,
                               in: bottom, role: .warning, attributes: .bold)
        } else if let message = state.message {
            ScreenDrawing.text(words(message), into: &frame, in: bottom, role: .success)
        }
    }
}
