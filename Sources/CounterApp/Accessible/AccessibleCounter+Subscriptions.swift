import CheckoutKit
import Localization

/// Subscriptions as lines, through the subscriptions screen's feature: the plans (subscribing
/// asks first, saying what is charged now, and a card's 3-D Secure check is asked as at the
/// checkout), and the shopper's own (cancel now, after a yes, or at the period's end).
extension AccessibleCounter {
    func subscriptions() throws {
        while true {
            let screen = feature(SubscriptionsFeature.State(), SubscriptionsFeature.reduce)
            screen.send(.reload)
            let state = screen.state
            say("")
            say(tr("Subscriptions"))
            say(SubscriptionsFeature.payingWords(state, naming: .spoken))
            let plans = state.plans.map { tr("Subscribe to {0}: {1} a {2}", tr($0.name), $0.price.formatted(), SubscriptionsFeature.every($0)) }
            let rows = state.rows.map { row -> String in
                let (text, next) = SubscriptionsFeature.words(row)
                return tr("Yours: {0}, {1}", text, next)
            }
            let choice = try choose(plans + rows + [tr("Back to your account")])
            if choice <= plans.count {
                try subscribe(to: choice - 1, on: screen)
            } else if choice <= plans.count + rows.count {
                try manage(subscription: choice - plans.count - 1, on: screen)
            } else {
                return
            }
        }
    }

    private func subscribe(to plan: Int, on screen: Store<SubscriptionsFeature.State, SubscriptionsFeature.Action, StoreClient>) throws {
        screen.send(.askSubscribe(planIndex: plan))
        guard let confirming = screen.state.confirming, let question = SubscriptionsFeature.question(confirming, screen.state, naming: .spoken) else {
            if let message = screen.state.message { say(SubscriptionsFeature.words(message)) }
            return
        }
        say(question)
        guard try choose([tr("Subscribe and pay"), tr("Back to the subscriptions")]) == 1 else {
            screen.send(.dismiss)
            return
        }
        screen.send(.confirm)
        // Locked saved cards: the PIN first, as on the screen; going back subscribes to nothing.
        while let unlocking = screen.state.unlocking {
            try unlockSavedCards(unlocking.step, prompt: tr("Your saved cards are locked. Enter your payments PIN to subscribe to {0}.",
                                                         tr(screen.state.plans[plan].name)),
                                 typed: { screen.state.unlocking?.step.pin.value }, send: { screen.send(.unlock($0)) })
        }
        if let message = screen.state.message { say(SubscriptionsFeature.words(message)) }
        while screen.state.isSubscribing {
            if let challenge = screen.state.challenge?.challenge {
                screen.send(.challenge(.delegate(.answer(try askCode(for: challenge)))))
                continue
            }
            guard try awaitAnswer({ !screen.state.isSubscribing || screen.state.challenge != nil ? true : nil }) != nil else { return }
        }
        if let message = screen.state.message { say(SubscriptionsFeature.words(message)) }
    }

    private func manage(subscription index: Int, on screen: Store<SubscriptionsFeature.State, SubscriptionsFeature.Action, StoreClient>) throws {
        for _ in 0..<index { screen.send(.moveDown) }
        let row = screen.state.rows[index]
        say(SubscriptionsFeature.words(row).text)
        guard row.subscription.state != .canceled else {
            say(SubscriptionError.alreadyCanceled.message)
            return
        }
        switch try choose([tr("Cancel now"), tr("Cancel at period end"), tr("Back to the subscriptions")]) {
        case 1:
            screen.send(.askCancelNow)
            guard let confirming = screen.state.confirming, let question = SubscriptionsFeature.question(confirming, screen.state, naming: .spoken) else { return }
            say(question)
            guard try choose([tr("Cancel now"), tr("Keep it")]) == 1 else {
                screen.send(.dismiss)
                return
            }
            screen.send(.confirm)
        case 2:
            screen.send(.cancel(atPeriodEnd: true))
        default:
            return
        }
        if let message = screen.state.message { say(SubscriptionsFeature.words(message)) }
    }
}
