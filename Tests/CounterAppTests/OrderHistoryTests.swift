import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
import TerminalUI
import Testing

/// Subscription payments in the order history: each with its date, amount, plan and card, a
/// failed one as failed; Enter opens a receipt only where there is one (an order).
@Suite struct OrderHistoryTests {
    static let renewal = SubscriptionPaymentLine(planName: "Monthly jar", isRenewal: true, at: StoreWorld.now,
                                                 amount: Money(minorUnits: 990, currency: .eur), succeeded: true,
                                                 paidWith: .card(brand: "Visa", lastFour: "4242"))
    static let failedRenewal = SubscriptionPaymentLine(planName: "Monthly jar", isRenewal: true, at: StoreWorld.now.addingTimeInterval(86_400),
                                                       amount: Money(minorUnits: 990, currency: .eur), succeeded: false,
                                                       paidWith: .card(brand: "Visa", lastFour: "0341"))
    static let firstPayment = SubscriptionPaymentLine(planName: "Weekly jar", isRenewal: false, at: StoreWorld.now,
                                                      amount: Money(minorUnits: 350, currency: .eur), succeeded: true, paidWith: .bank(name: nil))

    @Test func aRenewalLineSaysWhatWhenHowMuchAndWithWhat() {
        Language.$current.withValue(.english) {
            let (text, amount) = OrdersFeature.line(.subscriptionPayment(Self.renewal))
            #expect(text == "\(DateText.dayAndTime(StoreWorld.now))  Subscription renewal: Monthly jar  paid")
            #expect(amount == "€9.90")
            #expect(OrdersFeature.paymentDetail(Self.renewal) == "Paid with Visa •••• 4242")
            #expect(OrdersFeature.line(.subscriptionPayment(Self.failedRenewal)).0.hasSuffix("Subscription renewal: Monthly jar  failed"))
            #expect(OrdersFeature.paymentDetail(Self.failedRenewal) == "Visa •••• 0341 was not charged.")
            #expect(OrdersFeature.line(.subscriptionPayment(Self.firstPayment)).0.hasSuffix("Subscription: Weekly jar  paid"))
            #expect(OrdersFeature.paymentDetail(Self.firstPayment) == "Paid by bank")
        }
    }

    @Test func enterOpensNothingOnASubscriptionPaymentAndTheFooterSaysSo() {
        let state = OrdersFeature.State(entries: [.subscriptionPayment(Self.renewal)])
        #expect(OrdersFeature.action(for: .key(.enter), in: state) == nil)
        #expect(OrdersFeature.keyHints(state).map(\.key) == ["Esc"], "one entry: nothing to move to, nothing to open")
        let two = OrdersFeature.State(entries: [.subscriptionPayment(Self.renewal), .subscriptionPayment(Self.firstPayment)])
        #expect(OrdersFeature.keyHints(two).map(\.key) == ["↑↓", "Esc"])
        #expect(OrdersFeature.keyHints(OrdersFeature.State(entries: [])).map(\.key) == ["Esc"])
    }
}
