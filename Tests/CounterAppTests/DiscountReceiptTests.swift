@testable import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
@testable import PaymentsCore
import Testing

/// A discounted order on paper (ESC/POS read back, plain text) and in the X report: each line at
/// its price, its discount and new price, the order's discount, adding up to the total.
@Suite struct DiscountReceiptTests {
    static func receipt() -> PaidOrderReceipt {
        let eur = { (minor: Int64) in Money(minorUnits: minor, currency: .eur) }
        var acacia = OrderLine(productId: "honey-acacia", name: "Acacia honey", unitPrice: eur(650), quantity: 2, taxRate: TaxRate(basisPoints: 700))
        acacia.discountMinor = 130
        acacia.orderDiscountMinor = 69
        var clover = OrderLine(productId: "honey-clover", name: "Clover honey", unitPrice: eur(590), quantity: 1, taxRate: TaxRate(basisPoints: 700))
        clover.orderDiscountMinor = 31
        var order = Order(id: "ord_1", number: "HS-000042", sessionKey: "s", state: .paid, lines: [acacia, clover], total: eur(1760 - 100),
                          chargeId: "ch_1", failureReason: nil, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        order.discounts = [
            OrderDiscount(position: 0, adjustment: .percent(basisPoints: 1000), reason: .loyalty, note: nil, givenBy: nil,
                          approvedBy: nil, amount: eur(130), at: at),
            OrderDiscount(position: nil, adjustment: .amount(eur(100)), reason: .other, note: "dented lid", givenBy: nil,
                          approvedBy: StaffPerson(id: StaffID(rawValue: "operator"), name: "Operator"), amount: eur(100), at: at),
        ]
        return PaidOrderReceipt(order: order, tender: .card(brand: "Visa", lastFour: "4242"), paidAt: at, printedAt: nil, copies: 0)
    }

    @Test func theReceiptShowsPriceDiscountAndNewPriceAndTheOrdersDiscount() throws {
        let printed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(Self.receipt(), copy: false)))
        let texts = printed.texts
        let start = try #require(texts.firstIndex { $0.hasPrefix("2 x Acacia honey") })
        #expect(texts[start] == ReceiptDocument.columns("2 x Acacia honey", "€13.00").joined())
        #expect(texts[start + 1] == ReceiptDocument.columns("  Discount 10% · Loyalty", "-€1.30").joined())
        #expect(texts[start + 2] == ReceiptDocument.columns("  New price", "€11.70").joined())
        #expect(texts[start + 3] == ReceiptDocument.columns("1 x Clover honey", "€5.90").joined())
        // Too long for one line with its amount: the amount goes right under it.
        #expect(Array(texts[(start + 4)...(start + 5)]) == ReceiptDocument.columns("Order discount €1.00 · Other: dented lid", "-€1.00"))
        #expect(texts.contains { $0.contains("Total €16.60") })
        // The VAT is the order's lines after their discounts: €16.60 at 7 %.
        #expect(texts.contains { $0.hasPrefix("7%") && $0.hasSuffix("€16.60") })
        let plain = ReceiptText.render(ReceiptDocument(Self.receipt(), copy: false))
        #expect(plain.contains("New price") && plain.contains("-€1.30") && plain.contains("Total €16.60"))
    }

    @Test func theReceiptOnTheScreenListsTheDiscounts() {
        let state = ReceiptFeature.State(paid: Self.receipt())
        let rows = ReceiptFeature.itemRows(state)
        #expect(rows.map(\.text) == ["2 × Acacia honey", "  Discount 10% · Loyalty", "1 × Clover honey", "Order discount €1.00 · Other: dented lid"])
        #expect(rows.map(\.amount) == ["€13.00", "-€1.30 → €11.70", "€5.90", "-€1.00"])
    }
}
