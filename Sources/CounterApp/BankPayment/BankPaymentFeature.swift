import CheckoutKit
import Foundation
import TerminalUI

/// Seed 004 on screen: pay by bank, or set up a mandate for a subscription.
///
/// Choose a country (the preferred one; the manager falls back to the locale's when it has no
/// banks), then a bank from that country's providers, then the bank's page played in the
/// terminal (approve, reject, open the bank's site, approve on the phone, cancel, or let it
/// expire). The result is the seed's state or error in plain words with what to do next; the
/// status screen asks `paymentStatus`/`mandateStatus` and follows the payment on a timer.
public enum BankPaymentFeature {
    public enum Kind: Equatable, Sendable {
        case payment
        /// A mandate for recurring payments (subscription renewals) up to the amount.
        case mandate
    }

    /// Test situations, like the README's test cards: what a broken backend or app would hand
    /// the manager, so that each of the seed's errors can be shown.
    public enum TestSituation: String, CaseIterable, Equatable, Sendable {
        case none = "none"
        case forgedToken = "a forged resource token"
        case unknownResource = "an identifier the bank does not know"
        case notConfigured = "the manager not configured"
    }

    public struct Country: Equatable, Sendable {
        public var code: String
        public var bankCount: Int
        public init(code: String, bankCount: Int) {
            self.code = code
            self.bankCount = bankCount
        }
    }

    public enum Step: Equatable, Sendable {
        case chooseCountry
        /// Waiting for the manager (describing the payment, recording the decision).
        case working(Waiting)
        /// The bank page: first the bank, then that bank's own page.
        case chooseBank(BankAuthorizationPage)
        case bankPage(BankAuthorizationPage, bank: BankProvider)
        case result(Outcome)
        case status
    }

    public enum Outcome: Equatable, Sendable {
        case payment(Result<SinglePayment.State, SinglePayment.Error>)
        case mandate(Result<Mandate.State, Mandate.Error>)
        /// The counter could not even ask (the backend refused to create the resource).
        case notStarted(NotStarted)
    }

    public struct State: Equatable, Sendable {
        public var kind: Kind
        public var amount: Money
        public var reference: String
        public var localeCountry: String
        public var countries: [Country] = []
        /// The selected country and bank (the toolkit's wrap-around list selection).
        public var countryList = ListSelection()
        public var countrySelection: Int { countryList.index }
        public var situation: TestSituation = .none
        public var bankList = ListSelection()
        public var bankSelection: Int { bankList.index }
        public var step: Step = .chooseCountry
        /// The payment or mandate this screen is processing (identifier and token).
        public var context: BankPaymentContext?
        /// Statuses as they came, oldest first, each once (authorised, executed, ...).
        public var statusHistory: [Status] = []
        /// Why the last question about the status had no answer (worded when drawn).
        public var statusError: StatusProblem?
        /// What the mandate's draw for the cart's order and revoking said.
        public var mandateNotes: [MandateNote] = []
        /// The order a mandate set up here paid (the cart's), by number: the mandate draws money
        /// only for it, never on a key of its own.
        public var orderPaidByMandate: String?
        /// The last result shown, so Esc on the status screen goes back to it.
        public var lastResult: Outcome?
        /// Esc on the bank list: this attempt is cancelled (nothing is paid), and the shopper
        /// goes back to the countries, not out of the flow.
        public var backToCountries = false
        /// Esc while the bank decides: the shopper left before the answer, which the settler
        /// will record (paid if the bank approves, the order released if it does not).
        public var leftBeforeTheAnswer = false

        public init(kind: Kind, amount: Money, reference: String, localeCountry: String) {
            self.kind = kind
            self.amount = amount
            self.reference = reference
            self.localeCountry = localeCountry
        }

        public var selectedCountry: Country? {
            countries.indices.contains(countrySelection) ? countries[countrySelection] : nil
        }
    }

    public enum Action: Equatable, Sendable {
        case loaded(countries: [Country])
        case moveUp, moveDown
        case pick(Int)
        case activate
        case toggleKind
        case cycleSituation
        case started(BankPaymentContext)
        /// The cart became this order (its jars reserved) before the bank was asked.
        case orderPlaced(number: String)
        /// The mandate just set up paid the cart, as this order.
        case orderPaidByMandate(number: String)
        case pagePresented(BankAuthorizationPage)
        /// The manager gave up waiting (the authorisation window passed).
        case pageDismissed
        case answerPage(BankPageOutcome)
        case finished(Outcome)
        case openStatus
        case refreshStatus
        case statusAnswered(status: Status?, isFinal: Bool, error: StatusProblem?)
        /// Processes the same payment again: where it stands now (after a redirect, say).
        case resume
        case revokeMandate
        case mandateNote(MandateNote)
        case back
        /// Reported to the parent: leave the bank screens.
        case close
    }

    static let statusInterval: Duration = .seconds(5)

    /// The status screen's poll: one at a time (asking again replaces the one waiting), and
    /// none once the screen is left.
    enum CancelID: Hashable, Sendable { case statusPoll }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, BankClient> {
        switch action {
        case let .loaded(countries):
            state.countries = countries
            state.countryList = ListSelection(countries.firstIndex { $0.code == state.localeCountry } ?? 0)
            return .none
        case .moveUp, .moveDown:
            let up = action == .moveUp
            switch state.step {
            case .chooseCountry:
                if up { state.countryList.moveUp(count: state.countries.count) } else { state.countryList.moveDown(count: state.countries.count) }
            case let .chooseBank(page):
                if up { state.bankList.moveUp(count: page.providers.count) } else { state.bankList.moveDown(count: page.providers.count) }
            default: break
            }
            return .none
        case let .pick(index):
            let picked = switch state.step {
            case .chooseCountry: state.countryList.select(index, count: state.countries.count)
            case let .chooseBank(page): state.bankList.select(index, count: page.providers.count)
            default: false
            }
            return picked ? .send(.activate) : .none
        case .activate:
            switch state.step {
            case .chooseCountry:
                guard let country = state.selectedCountry else { return .none }
                state.step = .working(.contactingTheBank)
                state.statusHistory = []
                state.mandateNotes = []
                let request = BankClient.Request(kind: state.kind, amount: state.amount, reference: state.reference,
                                                 preferredCountry: country.code, situation: state.situation)
                return .run { client, send in client.start(request, send) }
            case let .chooseBank(page):
                guard page.providers.indices.contains(state.bankSelection) else { return .none }
                state.step = .bankPage(page, bank: page.providers[state.bankSelection])
                return .none
            case let .bankPage(_, bank):
                return .send(.answerPage(.approved(bank)))
            case .result:
                return .send(.openStatus)
            default:
                return .none
            }
        case .toggleKind:
            guard state.step == .chooseCountry else { return .none }
            state.kind = state.kind == .payment ? .mandate : .payment
            return .none
        case .cycleSituation:
            guard state.step == .chooseCountry else { return .none }
            let all = TestSituation.allCases
            state.situation = all[((all.firstIndex(of: state.situation) ?? -1) + 1) % all.count]
            return .none
        case let .started(context):
            state.context = context
            return .none
        case let .orderPlaced(number):
            // From now on the payment is the order's: its number is what the shopper keeps.
            state.reference = number
            return .none
        case let .orderPaidByMandate(number):
            state.reference = number
            state.orderPaidByMandate = number
            return .none
        case let .pagePresented(page):
            state.bankList = ListSelection()
            state.step = .chooseBank(page)
            return .none
        case .pageDismissed:
            if case .chooseBank = state.step { state.step = .working(.pageTimedOut) }
            if case .bankPage = state.step { state.step = .working(.pageTimedOut) }
            return .none
        case let .answerPage(outcome):
            switch state.step {
            case .chooseBank, .bankPage: break
            default: return .none
            }
            state.step = .working(outcome == .canceled ? .cancelling : .waitingForTheBank)
            return .run { client, _ in client.answerPage(outcome) }
        case let .finished(outcome):
            state.lastResult = outcome
            if state.backToCountries, !outcome.isSuccess {
                state.backToCountries = false
                state.step = .chooseCountry
                return .none
            }
            state.backToCountries = false
            state.step = .result(outcome)
            return .none
        case .openStatus:
            guard state.context != nil else { return .none }
            state.step = .status
            return .send(.refreshStatus)
        case .refreshStatus:
            guard state.step == .status, let context = state.context else { return .none }
            let kind = state.kind
            return .run { client, send in
                client.status(kind, context) { status, isFinal, error in
                    send(.statusAnswered(status: status, isFinal: isFinal, error: error))
                }
            }.cancellable(id: CancelID.statusPoll, cancelInFlight: true)
        case let .statusAnswered(status, isFinal, error):
            state.statusError = error
            if let status, state.statusHistory.last != status { state.statusHistory.append(status) }
            guard state.step == .status, !isFinal, error == nil else { return .none }
            // Follow the payment as it moves on: ask again, on the loop's clock.
            return Effect.run { client, send in client.after(statusInterval) { send(.refreshStatus) } }
                .cancellable(id: CancelID.statusPoll, cancelInFlight: true)
        case .resume:
            guard case .result = state.step, let context = state.context else { return .none }
            state.step = .working(.askingWhereItStands)
            let kind = state.kind
            return .run { client, send in client.resume(kind, context, send) }
        case .revokeMandate:
            guard state.kind == .mandate, let context = state.context else { return .none }
            return .run { client, send in
                client.revoke(context) { note in
                    send(.mandateNote(note))
                }
            }
        case let .mandateNote(note):
            state.mandateNotes.append(note)
            if state.step == .status { return .send(.refreshStatus) }
            return .none
        case .back:
            switch state.step {
            case .chooseBank:
                state.backToCountries = true
                return .send(.answerPage(.canceled))
            case .bankPage:
                return .send(.answerPage(.canceled))
            case .status:
                if let outcome = state.lastResult { state.step = .result(outcome) } else { state.step = .chooseCountry }
                return .cancel(id: CancelID.statusPoll)
            case let .result(outcome):
                // Taken on by the bank: done (paying again could pay twice). Failed: try again.
                if outcome.isSuccess { return .send(.close) }
                state.step = .chooseCountry
                return .none
            case .chooseCountry:
                return .send(.close)
            case .working(.waitingForTheBank):
                // The bank has the shopper's answer; nothing here can change it, so leaving is
                // safe: the outcome is the bank's and the settler records it.
                state.leftBeforeTheAnswer = true
                return .send(.close)
            case .working:
                return .none
            }
        case .close:
            return .none
        }
    }
}

extension BankPaymentFeature.Outcome {
    /// The bank took the payment or mandate on (any of the seed's states, not an error).
    var isSuccess: Bool {
        switch self {
        case .payment(.success), .mandate(.success): true
        default: false
        }
    }
}
