@testable import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
@testable import PaymentsCore
import Testing

/// What a tax office asks of a receipt, on paper (ESC/POS read back, plain text) and in both
/// languages: the shop's header from its settings, the receipt's number at its counter, the time
/// in the shop's zone, and the VAT per rate; a refund's receipt the VAT it gives back.
@Suite struct TaxOnReceiptsTests {
    static let berlin = ShopSettings(name: "Bienenstock", addressLines: ["Honiggasse 1", "10115 Berlin"], vatNumber: "DE123456789",
                                     timeZone: TimeZone(identifier: "Europe/Berlin")!)

    static func receipt() -> PaidOrderReceipt {
        var order = ReceiptPrinterTests.paidOrder().order
        order.receiptNumber = 7
        order.counter = "till-1"
        return PaidOrderReceipt(order: order, tender: .card(brand: "Visa", lastFour: "4242"), paidAt: Date(timeIntervalSince1970: 1_800_000_060),
                                printedAt: nil, copies: 0)
    }

    @Test func aPrintedReceiptHasTheShopsHeaderItsNumberTheLocalTimeAndTheVAT() throws {
        let document = ShopInForce.with(Self.berlin) { ReceiptDocument(Self.receipt(), copy: false) }
        let printed = try EscPosDecoder(EscPosReceipt.encode(document))
        #expect(printed.lines.first == EscPosDecoder.Line(text: "Bienenstock", bold: true, alignment: 1, size: 0x11))
        let header = Array(printed.lines.dropFirst().prefix(3))
        #expect(header.map(\.text) == ["Honiggasse 1", "10115 Berlin", "VAT No. DE123456789"])
        #expect(header.allSatisfy { $0.alignment == 1 })
        #expect(printed.texts.contains("Receipt no. 7"))
        #expect(printed.texts.contains("Counter till-1"))
        // 08:01 UTC is 09:01 in Berlin in January; a local time carries no zone.
        #expect(printed.texts.contains("2027-01-15 09:01"))
        #expect(!printed.texts.contains { $0.contains("UTC") })
        // €14.40 at 7 %: net round(1440 / 1.07) = €13.46, VAT €0.94.
        #expect(printed.texts.contains("VAT included"))
        #expect(printed.texts.contains("Rate           Net        VAT      Gross"))
        #expect(printed.texts.contains("7%          €13.46      €0.94     €14.40"))
        #expect(printed.texts.allSatisfy { $0.displayWidth <= ReceiptDocument.width })

        let text = ShopInForce.with(Self.berlin) { ReceiptText.render(ReceiptDocument(Self.receipt(), copy: false)) }
        #expect(text.contains("VAT No. DE123456789") && text.contains("7%          €13.46      €0.94     €14.40") && text.contains("2027-01-15 09:01"))
    }

    @Test func withoutSettingsTheSeedShopIsGermanAndTimesAreUTC() throws {
        let printed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(Self.receipt(), copy: false)))
        #expect(Array(printed.texts.prefix(4)) == ["Honey Store", "Honiggasse 1", "10115 Berlin", "VAT No. DE999999999"])
        #expect(printed.texts.contains("2027-01-15 08:01 UTC"))
    }

    @Test func aChineseReceiptWordsItsVATLines() throws {
        let document = Language.$current.withValue(.simplifiedChinese) { ShopInForce.with(Self.berlin) { ReceiptDocument(Self.receipt(), copy: false) } }
        let printed = try EscPosDecoder(EscPosReceipt.encode(document))
        #expect(printed.texts.contains("增值税号 DE123456789"))
        #expect(printed.texts.contains("收据号 7"))
        #expect(printed.texts.contains("所含增值税"))
        #expect(printed.texts.contains { $0.hasPrefix("7%") && $0.hasSuffix("€14.40") })
        #expect(printed.texts.allSatisfy { $0.displayWidth <= ReceiptDocument.width })
    }

    @Test func aRefundsReceiptHasTheHeaderAndTheVATItGivesBack() {
        let refund = BackOfficeOrder.Refund(amount: Money(minorUnits: 720, currency: .eur), jars: 1, state: .refunded,
                                            at: Date(timeIntervalSince1970: 1_800_003_600), id: "ref_1")
        var order = BackOfficeOrder(id: "ord_1", number: "HS-000042", state: .paid, placedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                    total: Money(minorUnits: 1440, currency: .eur), lines: [], payment: .card(brand: "Visa", lastFour: "4242"),
                                    refunds: [refund], refundable: Money(minorUnits: 720, currency: .eur))
        order.taxes = Self.receipt().order.taxAnalysis
        let text = ShopInForce.with(Self.berlin) { ReceiptText.render(ReceiptDocument(refund: refund, of: order, copy: false)) }
        #expect(text.contains("Bienenstock") && text.contains("VAT No. DE123456789"))
        #expect(text.contains("VAT refunded"))
        // Half the order back: €7.20 at 7 %, net round(720 / 1.07) = €6.73, VAT €0.47.
        #expect(text.contains("7%           €6.73      €0.47      €7.20"))
        #expect(text.contains("2027-01-15 10:00"), "the refund's time in the shop's zone")
    }

    @Test func theStoresReceiptScreenKeepsTheNumberAndTheVAT() {
        let state = ReceiptFeature.State(paid: Self.receipt())
        #expect(state.receiptNumber == 7)
        #expect(state.taxes.parts.map(\.vat.minorUnits) == [94])
    }
}
