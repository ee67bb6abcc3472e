import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
@testable import PaymentsCore
import Testing

/// A split's receipt (issue 35): every tender with what it paid, the cash with what was
/// tendered and the change, on paper (ESC/POS read back, plain text) in both languages; the
/// drawer opens for the cash part, never for a receipt of cards alone.
@Suite struct SplitReceiptTests {
    static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    static func split(_ parts: [PaidOrderReceipt.Part]) -> PaidOrderReceipt {
        var receipt = ReceiptPrinterTests.paidOrder(tender: parts.last!.tender)
        receipt.parts = parts
        return receipt
    }

    static let cardThenCash = split([
        .init(tender: .card(brand: "Visa", lastFour: "4242"), amount: euros(500)),
        .init(tender: .cash(CashTendered(due: euros(940), tendered: euros(1000), change: euros(60))), amount: euros(940)),
    ])

    @Test func everyTenderIsOnThePaperWithTheCashsChange() throws {
        let printed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(Self.cardThenCash, copy: false)))
        #expect(printed.texts.contains("Paid with Visa **** 4242           €5.00"), "\(printed.texts)")
        #expect(printed.texts.contains("Paid in cash                       €9.40"), "\(printed.texts)")
        #expect(printed.texts.contains("  Tendered                        €10.00"), "\(printed.texts)")
        #expect(printed.texts.contains("  Change due                       €0.60"), "\(printed.texts)")
        #expect(printed.commands.filter { $0 == .drawerKick }.count == 1, "the cash part went into the till")
        let text = ReceiptText.render(ReceiptDocument(Self.cardThenCash, copy: false))
        #expect(text.contains("Paid with Visa **** 4242") && text.contains("Paid in cash") && text.contains("Change due"))
    }

    @Test func twoCardsOpenNoDrawer() throws {
        let cards = Self.split([.init(tender: .card(brand: "Visa", lastFour: "4242"), amount: Self.euros(500)),
                                .init(tender: .card(brand: "Mastercard", lastFour: "4444"), amount: Self.euros(940))])
        let printed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(cards, copy: false)))
        #expect(printed.texts.contains("Paid with Mastercard **** 4444     €9.40"), "\(printed.texts)")
        #expect(!printed.commands.contains(.drawerKick))
    }

    @Test func inChineseToo() {
        let text = Language.$current.withValue(.simplifiedChinese) { ReceiptText.render(ReceiptDocument(Self.cardThenCash, copy: false)) }
        #expect(text.contains("现金支付") && text.contains("找零"), "\(text)")
    }
}
