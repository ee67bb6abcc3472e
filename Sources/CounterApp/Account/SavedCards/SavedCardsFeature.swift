import CheckoutKit
import Foundation
import TerminalUI

/// The shopper's saved cards: default first; make one the default, remove one (after a yes), add
/// one with the store's card form (the PIN first when her saved payments are locked).
public enum SavedCardsFeature {
    public struct State: Equatable, Sendable {
        public var cards: [SavedCard]
        /// The selected line (the toolkit's wrap-around list selection).
        public var list = ListSelection()
        public var selection: Int { list.index }
        public var confirmingRemoval: SavedCard?
        /// What the last change came to (worded when drawn).
        public var message: Notice?
        /// A card being added, over the list (which stays as it was underneath).
        public var adding: Adding?
        public init(cards: [SavedCard]) { self.cards = cards }
        var selected: SavedCard? { cards.indices.contains(selection) ? cards[selection] : nil }
    }

    /// Adding a card: the PIN first when saved payments are locked, then the card form, then the
    /// card's bank checks it (nothing is charged), with its 3-D Secure question if it has one.
    public enum Adding: Equatable, Sendable {
        case unlocking(PaymentsUnlockFeature.State)
        case form(CardFormFeature.State)
        /// Waiting for the bank's answer about the card named ("Visa •••• 3184").
        case checking(card: String)
        case challenge(ChallengeFeature.State)
    }

    /// What the screen tells the shopper after a change, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        /// The card named ("Visa •••• 4242") is the default now.
        case madeDefault(card: String)
        case removed(card: String)
        case added(card: String)
        /// The same card number was saved before: that card was refreshed, none added.
        case alreadySaved(card: String)
        case refused(AccountError)

        var isProblem: Bool { if case .refused = self { true } else { false } }
    }

    public enum Action: Equatable, Sendable {
        case moveUp, moveDown
        case makeDefault
        case askToRemove
        case confirmRemoval(Bool)
        /// The account's answer: how the change went, and the cards as they are now (re-read).
        case done(Notice, cards: [SavedCard])
        /// The cards as another counter left them (one saved or removed there).
        case cardsChanged([SavedCard])
        case add(AddAction)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        switch action {
        case .moveUp: state.list.moveUp(count: state.cards.count)
        case .moveDown: state.list.moveDown(count: state.cards.count)
        case .makeDefault:
            guard let card = state.selected else { return .none }
            let name = cardName(card.card)
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
            let name = cardName(card.card)
            return .run { client, send in
                let error = client.removeCard(card.card.id)
                send(.done(error.map(Notice.refused) ?? .removed(card: name), cards: client.savedCards()))
            }
        case let .done(notice, cards):
            show(notice, cards: cards, in: &state)
        case let .cardsChanged(cards):
            state.cards = cards
            state.list = ListSelection(min(state.selection, max(cards.count - 1, 0)))
        case .add(let action):
            return reduceAdding(&state, action).map(Action.add)
        }
        return .none
    }

    /// The list re-read after a change, and what the change came to. The list re-sorts (default
    /// first): the selection stays on `keep` (else the card selected before) if it is there.
    static func show(_ notice: Notice, cards: [SavedCard], keep: String? = nil, in state: inout State) {
        let selectedID = keep ?? state.selected?.card.id
        state.cards = cards
        if let index = state.cards.firstIndex(where: { $0.card.id == selectedID }) {
            state.list = ListSelection(index)
        } else {
            state.list.clamp(count: state.cards.count)
        }
        state.message = notice
    }

    static func cardName(_ card: PaymentCard) -> String { CardNaming.screen.name(card) }
}
