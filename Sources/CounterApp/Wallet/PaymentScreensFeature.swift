import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// The other ways to pay the store's picker offers (issue 8), as one screen of the app's stack:
/// the express sheet (seed 003), a bank payment or mandate (seed 004), the wallet counter
/// (seed 000). It starts the chosen feature, keeps the loop's time for their spinners, and tells
/// the parent when the shopper is done. (It lives with the wallet only because each engineer
/// owns their folders; it is the three methods' common entry.)
public enum PaymentScreensFeature {
    public enum Method: String, CaseIterable, Equatable, Sendable {
        case express = "Express pay"
        /// A single payment, or (m on its first step) a mandate for a subscription.
        case bank = "Bank payment"
        case wallet = "Wallet"

        /// The picker's second column, in the language in force.
        public var detail: String {
            switch self {
            case .express: tr("saved address and card")
            case .bank: tr("approve at your bank, or a mandate")
            case .wallet: tr("WeChat Pay, Alipay (QR)")
            }
        }
    }

    public enum Screen: Equatable, Sendable {
        case express(ExpressSheetFeature.State)
        case bank(BankPaymentFeature.State)
        case wallet(WalletCounterFeature.State)
    }

    public struct State: Equatable, Sendable {
        public var screen: Screen
        public var amount: Money
        public var itemDescription: String
        /// The loop's time at the last tick: the spinners are drawn from it.
        public var now: Date
        /// A tick is scheduled: the screen shows a spinner, or did at the last tick.
        public var isTicking = false
        /// When the screens opened: an order paid since then is the one they paid.
        public let openedAt: Date

        /// `itemDescription` is what the payment is created with; `shownDescription`, what the
        /// counter shows of it (the same text in the language in force; `itemDescription` if nil).
        public init(method: Method, amount: Money, itemDescription: String, shownDescription: String? = nil, goods: [SummaryItem],
                    localeCountry: String, now: Date) {
            self.amount = amount
            self.itemDescription = itemDescription
            self.now = now
            openedAt = now
            switch method {
            case .express: screen = .express(ExpressSheetFeature.State(goods: goods))
            case .bank: screen = .bank(BankPaymentFeature.State(kind: .payment, amount: amount, reference: "cart", localeCountry: localeCountry))
            case .wallet: screen = .wallet(WalletCounterFeature.State(itemDescription: shownDescription ?? itemDescription, amount: amount))
            }
        }
    }

    public enum Action: Equatable, Sendable {
        case start
        case express(ExpressSheetFeature.Action)
        case bank(BankPaymentFeature.Action)
        case wallet(WalletCounterFeature.Action)
        case tick(Date)
        /// A key the screen has no use for now (Esc while the bank answers): swallowed, so the
        /// flow is never left half-way.
        case ignored
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        /// The money went through while the screen still shows the method's own last step:
        /// the cart behind the badge is an order now.
        case paid
        /// The shopper is done; `paid` when the money is (probably) through.
        case close(paid: Bool)
        /// The shopper left while the bank decides: neither paid nor not paid yet (the settler
        /// records the bank's answer).
        /// The order the bank is deciding on, when the cart became one.
        case leftBeforeTheAnswer(order: String?)
    }

    static let tickInterval: Duration = .milliseconds(200)

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, PaymentScreensClient> {
        switch action {
        case .start:
            let effect: Effect<Action, PaymentScreensClient>
            switch state.screen {
            case let .express(s):
                effect = .run { client, send in client.express.open(s.goods) { send(.express($0)) } }
            case .bank:
                effect = .run { client, send in send(.bank(.loaded(countries: client.bankCountries()))) }
            case .wallet:
                let amount = state.amount, description = state.itemDescription
                effect = .run { client, send in client.wallet.open(amount, description) { send(.wallet($0)) } }
            }
            return .merge(effect, keepTicking(&state, whileWaiting: true))
        case let .tick(now):
            state.now = now
            state.isTicking = false
            return keepTicking(&state)
        case .ignored:
            return .none
        case .delegate:
            return .none
        case let .express(.close(paid)):
            return .send(.delegate(.close(paid: paid)))
        case let .express(action):
            guard case var .express(s) = state.screen else { return .none }
            let wasPaid = isPaid(state.screen)
            let effect = ExpressSheetFeature.reduce(&s, action)
            state.screen = .express(s)
            return .merge(effect.map(Action.express, environment: \.express), keepTicking(&state), told(wasPaid: wasPaid, state))
        case .bank(.close):
            guard case let .bank(s) = state.screen else { return .none }
            if s.leftBeforeTheAnswer, s.kind == .payment {
                return .send(.delegate(.leftBeforeTheAnswer(order: s.reference == "cart" ? nil : s.reference)))
            }
            return .send(.delegate(.close(paid: isPaid(s))))
        case let .bank(action):
            guard case var .bank(s) = state.screen else { return .none }
            let wasPaid = isPaid(state.screen)
            let effect = BankPaymentFeature.reduce(&s, action)
            state.screen = .bank(s)
            return .merge(effect.map(Action.bank, environment: \.bank), keepTicking(&state), told(wasPaid: wasPaid, state))
        case .wallet(.close):
            guard case let .wallet(s) = state.screen else { return .none }
            let paid = s.phase == .finished(.success) || s.phase == .finished(.possibleSuccess)
            return .send(.delegate(.close(paid: paid)))
        case let .wallet(action):
            guard case var .wallet(s) = state.screen else { return .none }
            let wasPaid = isPaid(state.screen)
            let effect = WalletCounterFeature.reduce(&s, action)
            state.screen = .wallet(s)
            return .merge(effect.map(Action.wallet, environment: \.wallet), keepTicking(&state), told(wasPaid: wasPaid, state))
        }
    }

    /// The spinners turn by the loop's clock: a tick every 200 ms while one is on screen, and
    /// none otherwise. A screen left waiting for hours (a bank that never answers, a kiosk's
    /// wallet code nobody scans) would otherwise wake the loop 18,000 times an hour to draw
    /// nothing new.
    private static func keepTicking(_ state: inout State, whileWaiting force: Bool = false) -> Effect<Action, PaymentScreensClient> {
        guard !state.isTicking, force || showsSpinner(state.screen) else { return .none }
        state.isTicking = true
        return .run { client, send in client.schedule(tickInterval) { send(.tick(client.now())) } }
    }

    /// Whether the screen draws a spinner (the views' waiting states).
    static func showsSpinner(_ screen: Screen) -> Bool {
        switch screen {
        case let .express(s): s.sheet?.isBusy ?? true
        case let .bank(s): if case .working = s.step { true } else { false }
        case let .wallet(s): s.phase == .inProgress || s.phase == .polling || s.phase == .opening
        }
    }

    /// The parent hears at once when the money went through (the badge must not show the cart
    /// that became the order while the method's last step is still on screen).
    private static func told(wasPaid: Bool, _ state: State) -> Effect<Action, PaymentScreensClient> {
        !wasPaid && isPaid(state.screen) ? .send(.delegate(.paid)) : .none
    }

    /// Whether the screen on show has seen the money go through.
    static func isPaid(_ screen: Screen) -> Bool {
        switch screen {
        case let .express(s): ExpressSheetFeature.isPaid(s)
        case let .bank(s): isPaid(s)
        // The wallet's order is marked paid when its run ends, after the counter shows success.
        case let .wallet(s): s.phase == .finished(.success) && s.runEnded
        }
    }

    /// A bank payment the bank has taken on (authorised or further, or waiting on the bank), or a
    /// mandate set up here that paid the cart's order.
    static func isPaid(_ state: BankPaymentFeature.State) -> Bool {
        if state.orderPaidByMandate != nil { return true }
        guard state.kind == .payment, case let .payment(.success(result))? = state.lastResult else { return false }
        return result != .redirect
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        let action: Action? = switch state.screen {
        case let .express(s): ExpressSheetFeature.action(for: event, in: s).map(Action.express)
        case let .bank(s): BankPaymentFeature.action(for: event, in: s).map(Action.bank)
        case let .wallet(s): WalletCounterFeature.action(for: event, in: s).map(Action.wallet)
        }
        if action == nil, event == .key(.escape) { return .ignored }
        return action
    }

    public static func hasTextFocus(_ state: State) -> Bool {
        if case let .express(s) = state.screen { return ExpressSheetFeature.hasTextFocus(s) }
        return false
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        switch state.screen {
        case let .express(s): ExpressSheetFeature.keyHints(for: s)
        case let .bank(s): BankPaymentFeature.keyHints(for: s)
        case let .wallet(s): WalletCounterFeature.keyHints(for: s)
        }
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        switch state.screen {
        case let .express(s): ExpressSheetFeature.draw(s, into: &frame, in: area, time: state.now)
        case let .bank(s): BankPaymentFeature.draw(s, into: &frame, in: area, time: state.now)
        case let .wallet(s): WalletCounterFeature.draw(s, into: &frame, in: area, time: state.now)
        }
    }
}

/// The three methods' clients, built once when the app opens the core.
public struct PaymentScreensClient {
    public var express: ExpressClient
    public var bank: BankClient
    public var wallet: WalletClient
    public var bankCountries: () -> [BankPaymentFeature.Country]
    /// Where bank payments fall back to when the preferred country has no banks.
    public var localeCountry: String
    public var now: () -> Date
    public var schedule: (Duration, @escaping () -> Void) -> Void

    public static var unavailable: PaymentScreensClient {
        PaymentScreensClient(
            express: ExpressClient(open: { _, _ in }, selectContact: { _ in }, selectShippingMethod: { _ in }, selectCard: { _ in },
                                   setBilling: { _ in }, pay: { _ in }, cancel: {}),
            bank: BankClient(start: { _, _ in }, answerPage: { _ in }, resume: { _, _, _ in }, status: { _, _, _ in },
                             revoke: { _, _ in }, after: { _, _ in }),
            wallet: .unavailable, bankCountries: { [] }, localeCountry: "GB", now: { Date(timeIntervalSince1970: 0) }, schedule: { _, _ in })
    }

    public static func live(services: CheckoutServices, localeCountry: String = BankClient.localeCountry()) -> PaymentScreensClient {
        PaymentScreensClient(
            express: .live(services: services),
            bank: .live(services: services, localeCountry: localeCountry),
            wallet: .live(services: services),
            bankCountries: { BankClient.countries(services: services, localeCountry: localeCountry) },
            localeCountry: localeCountry,
            now: { services.clock.now },
            schedule: { delay, action in services.scheduler.schedule(after: delay, action) }
        )
    }
}

extension PaymentScreensFeature.State {
    /// The chosen method for the store's cart: its lines are the sheet's goods, its total the amount.
    public init(method: PaymentScreensFeature.Method, cart: Cart, now: Date, localeCountry: String) {
        // The sheet's lines are only shown: made in the language in force (the product's name is
        // the catalogue's demo text).
        // The cart's discounts are a line of their own: the sheet's lines sum to what the order charges.
        let discount = cart.discountTotal.minorUnits > 0
            ? [SummaryItem(label: tr("Discount"), amount: Money(minorUnits: -cart.discountTotal.minorUnits, currency: cart.currency))] : []
        let goods = cart.lines.compactMap { line in line.total.map { SummaryItem(label: "\(tr(line.product.name)) x\(line.quantity)", amount: $0) } }
            + discount
        // The payment is described in English (it is stored with it); the counter shows it translated.
        let description = "Honey Store: \(cart.itemCount) \(cart.itemCount == 1 ? "jar" : "jars")"
        let shown = trn("Honey Store: {0} jar", "Honey Store: {0} jars", count: cart.itemCount, cart.itemCount)
        self.init(method: method, amount: cart.total, itemDescription: description, shownDescription: shown, goods: goods,
                  localeCountry: localeCountry, now: now)
    }
}
