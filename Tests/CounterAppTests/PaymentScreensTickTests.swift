@testable import CounterApp
import CheckoutKit
import Foundation
import Testing

/// The payment screens' spinner ticks: every 200 ms while a spinner is on screen, none while the
/// screen waits on the shopper (a wallet left on its first step, a kiosk nobody uses), so a
/// screen left up for a day does not wake the loop 432,000 times to draw nothing new.
@Suite struct PaymentScreensTickTests {
    static let start = Date(timeIntervalSince1970: 0)

    static func wallet(_ phase: WalletCounterFeature.Phase) -> PaymentScreensFeature.State {
        var state = PaymentScreensFeature.State(method: .wallet, amount: Money(minorUnits: 590, currency: .eur), itemDescription: "Jar",
                                                goods: [], localeCountry: "GB", now: start)
        guard case var .wallet(wallet) = state.screen else { return state }
        wallet.phase = phase
        wallet.methods = [.wechatPay]
        state.screen = .wallet(wallet)
        return state
    }

    @Test func aTickWithASpinnerOnScreenSchedulesTheNextOne() {
        var state = Self.wallet(.polling)
        state.isTicking = true
        _ = PaymentScreensFeature.reduce(&state, .tick(Self.start.addingTimeInterval(0.2)))
        #expect(state.isTicking)
        #expect(state.now == Self.start.addingTimeInterval(0.2))
    }

    @Test func aTickWithNoSpinnerLetsTheTicksStopAndASpinnerStartsThemAgain() {
        var state = Self.wallet(.idle)
        state.isTicking = true
        _ = PaymentScreensFeature.reduce(&state, .tick(Self.start.addingTimeInterval(0.2)))
        #expect(!state.isTicking)
        // The shopper presses Pay: the spinner shows, and the ticks start with it.
        _ = PaymentScreensFeature.reduce(&state, .wallet(.pay))
        guard case let .wallet(wallet) = state.screen else { Issue.record("not the wallet"); return }
        #expect(wallet.phase == .inProgress)
        #expect(state.isTicking)
    }

    @Test func eachScreenSaysWhenItShowsASpinner() {
        #expect(PaymentScreensFeature.showsSpinner(Self.wallet(.inProgress).screen))
        #expect(PaymentScreensFeature.showsSpinner(Self.wallet(.polling).screen))
        #expect(!PaymentScreensFeature.showsSpinner(Self.wallet(.idle).screen))
        #expect(!PaymentScreensFeature.showsSpinner(Self.wallet(.walletStep(paymentCode: "123", methodName: "WeChat Pay")).screen))
    }
}
