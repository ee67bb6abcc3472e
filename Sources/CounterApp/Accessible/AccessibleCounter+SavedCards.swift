import CheckoutKit
import Localization
import TerminalUI

/// Saved cards as lines, through the saved cards screen's feature: make one the default, remove
/// one (after a yes), add one (the payments PIN first while saved payments are locked; the card
/// typed as at the checkout), each said with the screen's words.
extension AccessibleCounter {
    func savedCards() throws {
        while true {
            let cards = client.savedCards()
            say("")
            say(tr("Saved cards"))
            if cards.isEmpty { say(tr("No saved cards yet.")) }
            let lines = cards.map(describe)
            let choice = try choose(lines + [tr("Add a card"), tr("Back to your account")])
            if choice <= cards.count {
                try manage(cards, at: choice - 1)
            } else if choice == cards.count + 1 {
                try addCard()
            } else {
                return
            }
        }
    }

    /// "Saved card Visa ending 4242, expires 12/30, default".
    private func describe(_ saved: SavedCard) -> String {
        let card = saved.card
        let line = tr("Saved card {0} ending {1}, expires {2}", card.brand, card.lastFour, "\(card.expiryMonth)/\(card.expiryYear % 100)")
        let detail = PaymentOption.saved(saved).detail
        return detail.isEmpty ? line : tr("{0}, {1}", line, detail)
    }

    private func manage(_ cards: [SavedCard], at index: Int) throws {
        var state = SavedCardsFeature.State(cards: cards)
        state.list = ListSelection(index)
        let screen = feature(state, SavedCardsFeature.reduce)
        let card = cards[index].card
        say(describe(cards[index]))
        switch try choose([tr("Make default"), tr("Remove"), tr("Back to your saved cards")]) {
        case 1:
            screen.send(.makeDefault)
        case 2:
            say(tr("Remove {0}?", spokenName(card)))
            screen.send(.askToRemove)
            screen.send(.confirmRemoval(try choose([tr("Remove"), tr("Keep")]) == 1))
        default:
            return
        }
        if let message = screen.state.message { say(SavedCardsFeature.words(message.naming(spokenName(card)))) }
    }

    private func addCard() throws {
        let screen = feature(SavedCardsFeature.State(cards: client.savedCards()), SavedCardsFeature.reduce)
        say("")
        say(tr("Add a card"))
        screen.send(.add(.start))
        var typed: PaymentCard?
        while let adding = screen.state.adding {
            switch adding {
            case .unlocking(let unlock):
                try unlockSavedCards(unlock, prompt: tr("Your saved cards are locked. Enter your payments PIN to add a card."),
                                     typed: { if case .unlocking(let typed)? = screen.state.adding { typed.pin.value } else { nil } },
                                     send: { screen.send(.add(.unlock($0))) })
            case .form:
                guard let card = try enterCard(back: tr("Back to your saved cards")) else {
                    screen.send(.add(.cardForm(.delegate(.cancel))))
                    continue
                }
                typed = card
                screen.send(.add(.cardForm(.delegate(.cardReady(card, saveCard: true)))))
            case .checking(let card):
                say(tr("Asking your bank about {0}… Nothing is charged.", typed.map(spokenName) ?? card))
                let answered = try awaitAnswer { () -> Bool? in
                    if case .checking? = screen.state.adding { nil } else { true }
                }
                // Nothing left that could answer (the core's own timeout always does).
                guard answered != nil else { return say(tr("The card's bank did not answer. Nothing was saved or charged; try again.")) }
            case .challenge(let challenge):
                screen.send(.add(.challenge(.delegate(.answer(try askCode(for: challenge.challenge))))))
            }
        }
        if let message = screen.state.message, let typed { say(SavedCardsFeature.words(message.naming(spokenName(typed)))) }
    }
}

extension SavedCardsFeature.Notice {
    /// The same notice with the card named as `name` (the screen's name has bullets).
    func naming(_ name: String) -> Self {
        switch self {
        case .madeDefault: .madeDefault(card: name)
        case .removed: .removed(card: name)
        case .added: .added(card: name)
        case .alreadySaved: .alreadySaved(card: name)
        case .refused: self
        }
    }
}
