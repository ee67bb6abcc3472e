@testable import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Bank and wallet orders in the back office: offered every refund a card order is, their refund
/// receipts name where the money went, "left to refund" only where a refund can be made, and
/// shipping and surcharges said to go back with the whole refund or as an amount.
@Suite struct BackOfficeTenderFeatureTests {
    private static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private static func order(_ payment: BackOfficeOrder.Payment, state: OrderState = .paid, refundsHere: Bool = true,
                              shipping: Bool = false, refunds: [BackOfficeOrder.Refund] = []) -> BackOfficeOrder {
        var lines = [BackOfficeOrder.Line(name: "Clover honey", quantity: 1, unitPrice: euros(590), returned: 0)]
        if shipping {
            lines += [BackOfficeOrder.Line(name: "Shipping (standard)", quantity: 1, unitPrice: euros(490), returned: 0, isGoods: false),
                      BackOfficeOrder.Line(name: "American Express surcharge", quantity: 1, unitPrice: euros(27), returned: 0, isGoods: false)]
        }
        let total = lines.reduce(Int64(0)) { $0 + $1.unitPrice.minorUnits }
        let given = refunds.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        return BackOfficeOrder(id: "ord_1", number: "HS-000001", state: state, placedAt: Date(timeIntervalSince1970: 1_764_000_000),
                               total: euros(total), lines: lines, payment: payment, refunds: refunds,
                               refundable: euros(state == .paid ? total - given : 0), refundsHere: refundsHere)
    }

    private static func screen(_ order: BackOfficeOrder) -> String {
        var state = BackOfficeFeature.State()
        state.order = order
        var frame = Frame(size: Size(columns: 80, rows: 24))
        BackOfficeFeature.draw(state, into: &frame, in: Rect(x: 0, y: 0, width: 80, height: 22))
        return frame.text
    }

    private static func refundReceipt(_ payment: BackOfficeOrder.Payment) -> String {
        let refund = BackOfficeOrder.Refund(amount: euros(590), jars: 1, state: .refunded, at: Date(timeIntervalSince1970: 1_764_000_000), id: "orf_1",
                                            items: [.init(name: "Clover honey", quantity: 1, amount: euros(590))])
        return ReceiptText.render(ReceiptDocument(refund: refund, of: order(payment, state: .refunded, refunds: [refund]), copy: false))
    }

    @Test(arguments: [BackOfficeOrder.Payment.bank, .wallet])
    func bankAndWalletOrdersAreOfferedEveryRefund(_ payment: BackOfficeOrder.Payment) {
        var state = BackOfficeFeature.State()
        state.order = Self.order(payment)
        #expect(state.order?.canRefund == true)
        _ = BackOfficeFeature.reduce(&state, .askWholeRefund)
        #expect(state.entry == .confirmWhole)
        state.entry = nil
        _ = BackOfficeFeature.reduce(&state, .askJars)
        #expect(state.entry == .jars("", problem: nil))
        state.entry = nil
        _ = BackOfficeFeature.reduce(&state, .askAmount)
        #expect(state.entry == .amount("", problem: nil))
        #expect(Self.screen(Self.order(payment)).contains("Total €5.90 · left to refund €5.90"))
    }

    @Test func theRefundReceiptSaysWhereTheMoneyWent() {
        let bank = Self.refundReceipt(.bank)
        #expect(bank.contains("Refunded to the bank account") && !bank.contains("Back to"), "\(bank)")
        let wallet = Self.refundReceipt(.wallet)
        #expect(wallet.contains("Refunded to the wallet"), "\(wallet)")
        #expect(Self.refundReceipt(.card(brand: "Visa", lastFour: "4242")).contains("Back to Visa **** 4242"))
    }

    @Test func leftToRefundIsShownOnlyWhereARefundCanBeMade() {
        #expect(!Self.screen(Self.order(.none, state: .pendingPayment)).contains("left to refund"))
        #expect(!Self.screen(Self.order(.card(brand: "Visa", lastFour: "4242"), state: .failed)).contains("left to refund"))
        let wonBid = Self.order(.card(brand: "Visa", lastFour: "4242"), refundsHere: false)
        #expect(!Self.screen(wonBid).contains("left to refund"))
        var state = BackOfficeFeature.State()
        state.order = wonBid
        _ = BackOfficeFeature.reduce(&state, .askWholeRefund)
        #expect(state.message == .refused(.notPaidByCard) && state.entry == nil)
        #expect(Self.screen(Self.order(.bank, state: .refunded)).contains("left to refund €0.00"), "a refunded order says nothing is left")
    }

    @Test func shippingAndSurchargeGoBackWithTheWholeRefundOrAsAnAmount() {
        let express = Self.order(.card(brand: "American Express", lastFour: "0005"), shipping: true)
        #expect(express.total == Self.euros(1107))
        #expect(Self.screen(express).contains("Shipping and surcharges go back with “Refund all” or as an amount."))
        #expect(!Self.screen(Self.order(.bank)).contains("Shipping and surcharges"), "said only where there are some")
        var state = BackOfficeFeature.State()
        state.order = express
        state.line.moveDown(count: express.lines.count)
        _ = BackOfficeFeature.reduce(&state, .askJars)
        #expect(state.entry == nil && state.message == .refused(.notGoods), "no jars of shipping")
        #expect(BackOfficeRefusal.notGoods.message == "Shipping and surcharges go back with “Refund all” or as an amount.")
        state.message = nil
        _ = BackOfficeFeature.reduce(&state, .askWholeRefund)
        #expect(state.entry == .confirmWhole)
    }
}
