import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
@testable import PaymentsCore
import TerminalUI
import Testing

/// The cash step at a staffed counter: what is due after the till's rounding, the quick amounts,
/// an amount refused at its field before anything is asked, the sale asked once with what was
/// handed over, and no Cash at all where there is no till.
@Suite struct CashTenderFeatureTests {
    static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    static func receipt(tendered: Int64) -> PaidOrderReceipt {
        let order = Order(id: "ord_1", number: "HS-000001", sessionKey: "s", state: .paid,
                          lines: [OrderLine(productId: "honey-acacia", name: "Acacia honey", unitPrice: euros(650), quantity: 1)],
                          total: euros(650), chargeId: "cash_1", failureReason: nil, createdAt: StoreWorld.now)
        return PaidOrderReceipt(cashSale: CashSale(order: order, cash: CashTendered(due: euros(650), tendered: euros(tendered),
                                                                                   change: euros(tendered - 650))), at: StoreWorld.now)
    }

    @Test func theQuickAmountsAreExactThenTheNextFiveTenTwentyAndFifty() {
        #expect(CashTenderFeature.State(total: Self.euros(650), rounding: .unrounded).quickAmounts.map(\.minorUnits) == [650, 1000, 2000, 5000])
        #expect(CashTenderFeature.State(total: Self.euros(1000), rounding: .unrounded).quickAmounts.map(\.minorUnits) == [1000, 1500, 2000, 5000],
                "a round total's next five is above it")
        #expect(CashTenderFeature.State(total: Self.euros(4720), rounding: .unrounded).quickAmounts.map(\.minorUnits) == [4720, 5000, 6000])
        let swiss = CashTenderFeature.State(total: Self.euros(653), rounding: CashRounding(increment: 5))
        #expect(swiss.due == Self.euros(655), "the till's rounding applies to cash")
    }

    @Test func lessThanDueOrNoAmountIsRefusedAtTheFieldAndNothingIsAsked() {
        var client = StoreWorld().client
        var asked: [Money] = []
        client.payInCash = { asked.append($0); return .success(Self.receipt(tendered: $0.minorUnits)) }
        let store = TestStore(initialState: CashTenderFeature.State(total: Self.euros(650), rounding: .unrounded), environment: client) {
            CashTenderFeature.reduce(&$0, $1)
        }
        store.send(.take) { $0.problem = .amount(.empty) }
        store.send(.paste("5")) {
            $0.received.paste("5")
            $0.problem = nil
        }
        store.send(.take) { $0.problem = .short(tendered: Self.euros(500), due: Self.euros(650)) }
        #expect(asked.isEmpty)
        store.finish()
    }

    @Test func aQuickAmountIsTakenOnceAndTheReceiptGoesUp() {
        var client = StoreWorld().client
        var asked: [Money] = []
        client.payInCash = { asked.append($0); return .success(Self.receipt(tendered: $0.minorUnits)) }
        let store = TestStore(initialState: CashTenderFeature.State(total: Self.euros(650), rounding: .unrounded), environment: client) {
            CashTenderFeature.reduce(&$0, $1)
        }
        store.send(.moveDown) { $0.quickPick = 0 }
        store.send(.moveDown) { $0.quickPick = 1 }
        store.send(.moveDown) { $0.quickPick = 2 }
        store.send(.take) { $0.isTaking = true }
        store.receive(.taken(.success(Self.receipt(tendered: 2000)))) { $0.isTaking = false }
        store.receive(.delegate(.paid(Self.receipt(tendered: 2000))))
        #expect(asked == [Self.euros(2000)])
        store.finish()
    }

    @Test func aRefusedSaleSaysNothingWasTakenAndKeepsTheAmount() {
        var client = StoreWorld().client
        client.payInCash = { _ in .failure(.outOfStock(name: "Acacia honey")) }
        var initial = CashTenderFeature.State(total: Self.euros(650), rounding: .unrounded)
        initial.received.value = "20"
        let store = TestStore(initialState: initial, environment: client) { CashTenderFeature.reduce(&$0, $1) }
        store.send(.take) { $0.isTaking = true }
        store.receive(.taken(.failure(.outOfStock(name: "Acacia honey")))) {
            $0.isTaking = false
            $0.problem = .notTaken(.outOfStock(name: "Acacia honey"))
        }
        #expect(CashTenderFeature.words(.notTaken(.outOfStock(name: "Acacia honey"))) == "Acacia honey is sold out: nothing was taken. Give the cash back.")
        #expect(store.state.received.value == "20")
        store.finish()
    }

    @Test func cashIsOfferedOnlyWhereThereIsATill() {
        let staffed = CheckoutFeature.State(savedCards: [], now: StoreWorld.now, cashRounding: .unrounded)
        #expect(staffed.options.last == .cash)
        let kiosk = CheckoutFeature.State(savedCards: [], now: StoreWorld.now)
        #expect(!kiosk.options.contains(.cash))
        // The app gives a kiosk's checkout no till, and a staffed counter's the client's rounding.
        for isKiosk in [true, false] {
            var app = AppFeature.State(isKiosk: isKiosk)
            app.session.cart = StoreWorld.cart((StoreWorld.acacia, 1))
            var client = StoreWorld().client
            client.cashRounding = { CashRounding(increment: 5) }
            let store = Store(initialState: app, environment: AppEnvironment(store: client)) { AppFeature.reduce(&$0, $1) }
            store.send(.cart(.delegate(.proceedToCheckout)))
            guard case .checkout(let checkout) = store.state.top else { Issue.record("no checkout: \(store.state.top)"); continue }
            #expect(checkout.cashRounding == (isKiosk ? nil : CashRounding(increment: 5)))
        }
    }

    @Test func theChangeStaysInTheHeaderUntilTheNextSaleBegins() {
        var session = StoreSession()
        session.changeDue = Self.euros(1350)
        #expect(session.badge == "Change due €13.50")
        session.cart = StoreWorld.cart((StoreWorld.acacia, 1))
        #expect(session.changeDue == nil && session.badge == "Cart 1 · €6.50")
    }
}

/// Every tender the books know is worded on the reports, in both languages: a new tender that is
/// not would show its code ("cash") to the operator.
@Suite struct TenderWordsTests {
    @Test func everyTenderHasAWordOnTheReports() {
        for tender in Tender.allCases {
            #expect(BackOfficeFeature.methodName(tender.rawValue) != tender.rawValue, "\(tender) has no word on the X/Z reports")
            let chinese = Language.$current.withValue(.simplifiedChinese) { BackOfficeFeature.methodName(tender.rawValue) }
            #expect(chinese.unicodeScalars.contains { $0.value > 0x2E80 }, "\(tender) is not worded in Chinese: \(chinese)")
        }
    }
}

extension CashTenderFeatureTests {
    @Test func aLetterTypedIntoTheAmountIsSaidAtTheField() {
        let store = TestStore(initialState: CashTenderFeature.State(total: Self.euros(650), rounding: .unrounded), environment: StoreWorld().client) {
            CashTenderFeature.reduce(&$0, $1)
        }
        store.send(.key(.character("x"))) { $0.problem = .amount(.invalidCharacters) }
        store.send(.key(.character("2"))) {
            $0.received.input.insert("2")
            $0.problem = nil
        }
        store.finish()
    }
}
