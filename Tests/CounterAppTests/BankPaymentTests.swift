@testable import CounterApp
import CheckoutKit
import Foundation
import PaymentsCore
import TerminalUI
import Testing

extension PaymentScreenHost where State == BankPaymentFeature.State, Action == BankPaymentFeature.Action, Environment == BankClient {
    /// The bank screens for a basket of honey (or a subscription's mandate), locale GB.
    static func bank(kind: BankPaymentFeature.Kind = .payment, amount: Money = Money(minorUnits: 2_480, currency: .gbp),
                     locale: String = "GB") -> PaymentScreenHost {
        PaymentScreenHost(Feature(
            start: { services, _ in
                let client = BankClient.live(services: services, localeCountry: locale)
                let state = BankPaymentFeature.State(kind: kind, amount: amount, reference: "order-1", localeCountry: locale)
                let store = Store(initialState: state, environment: client, reducer: BankPaymentFeature.reduce)
                return (store, [.loaded(countries: BankClient.countries(services: services, localeCountry: locale))])
            },
            action: { BankPaymentFeature.action(for: $0, in: $1) },
            keyHints: BankPaymentFeature.keyHints(for:),
            draw: { state, frame, area, time in BankPaymentFeature.draw(state, into: &frame, in: area, time: time) }
        ))
    }
}

@Suite struct BankPaymentTests {
    static let basket = Money(minorUnits: 2_480, currency: .gbp)

    @Test func theCountryListStartsOnTheLocaleAndTheBankPageAnswersOnce() {
        var answers: [BankPageOutcome] = []
        var requests: [BankClient.Request] = []
        let client = BankClient(start: { request, _ in requests.append(request) }, answerPage: { answers.append($0) },
                                resume: { _, _, _ in }, status: { _, _, _ in }, renew: { _, _, _, _ in }, revoke: { _, _ in },
                                after: { _, _ in })
        let countries = [BankPaymentFeature.Country(code: "DE", bankCount: 3), .init(code: "GB", bankCount: 4)]
        let store = TestStore(initialState: BankPaymentFeature.State(kind: .payment, amount: Self.basket, reference: "o", localeCountry: "GB"), environment: client) {
            BankPaymentFeature.reduce(&$0, $1)
        }
        store.send(.loaded(countries: countries)) {
            $0.countries = countries
            $0.countryList = ListSelection(1)
        }
        store.send(.activate) { $0.step = .working(.contactingTheBank) }
        #expect(requests.map(\.preferredCountry) == ["GB"])
        let bank = BankProvider(id: "gb-albion", name: "Albion Bank", countryCode: "GB")
        let page = BankAuthorizationPage(
            summary: BankResourceSummary(resource: BankResource(kind: .singlePayment, identifier: "p"), amount: Self.basket,
                                         payeeName: "Honey Store"),
            countryCode: "GB", providers: [bank], redirectURL: URL(string: "checkout://x")!, presentationStyle: .overlay)
        store.send(.pagePresented(page)) { $0.step = .chooseBank(page) }
        store.send(.activate) { $0.step = .bankPage(page, bank: bank) }
        store.send(.answerPage(.approved(bank))) { $0.step = .working(.waitingForTheBank) }
        store.send(.answerPage(.canceled))
        #expect(answers == [.approved(bank)], "a second answer on the same page is not sent")
        store.send(.finished(.payment(.success(.authorized)))) {
            $0.step = .result(.payment(.success(.authorized)))
            $0.lastResult = .payment(.success(.authorized))
        }
        store.finish()
    }

    @Test func theLocaleComesFromTheEnvironment() {
        #expect(BankClient.localeCountry(environment: ["LANG": "de_DE.UTF-8"]) == "DE")
        #expect(BankClient.localeCountry(environment: ["LANG": "C.UTF-8"]) == "GB")
    }
}

/// The bank's states the app cannot reach with its fixed locale: played on the bank screens
/// alone, with their goldens under `Tapes/bank/`.
@Suite struct BankScreensAloneTapes {
    @Test func noBanksForTheCountryNorTheLocaleIsAGenericError() throws {
        let tape = """
        # Seed 004: generic(reason): neither the preferred country nor the locale (US here) has banks.
        Expect "your locale: US"
        Press Enter
        Sleep 1s
        Expect "The bank payment could not go ahead"
        Expect "no banks available for US"
        Snapshot "generic"
        """
        let failure = try TapeFolder.play(tape, goldens: "bank/screens-alone.snapshots") { PaymentScreenHost.bank(locale: "US") }
        #expect(failure == nil, "\(failure ?? "")")
    }
}
