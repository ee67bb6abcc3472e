import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// A receipt as a till prints it, before it is put into any printer's language: what each line
/// says and what it is (a heading, an item, the total, the order's QR code). `ReceiptText` makes
/// plain text of it, `EscPosReceipt` the bytes of a receipt printer. In the language in force.
public struct ReceiptDocument: Equatable, Sendable {
    public enum Line: Equatable, Sendable {
        /// The shop's name: centred, large.
        case title(String)
        case centered(String)
        /// Centred and bold: "** COPY **".
        case emphasis(String)
        case text(String)
        /// An item: what on the left, the amount on the right.
        case item(String, amount: String)
        /// The total: right-aligned and bold.
        case total(String)
        case rule
        case blank
        /// A QR code of this text (the order number), where the printer can draw one.
        case qrCode(String)
    }

    public var lines: [Line]
    /// Open the cash drawer with this receipt: money in cash goes in or out with it (a cash sale,
    /// a cash refund), never for a card, a bank or a wallet (see `EscPosReceipt`).
    public var opensDrawer: Bool

    public init(lines: [Line], opensDrawer: Bool = false) {
        self.lines = lines
        self.opensDrawer = opensDrawer
    }

    /// Columns of a receipt: 40 fit the 80 mm and the 76 mm rolls in the printers' first font.
    public static let width = 40

    /// A paid order's receipt; `copy` marks a reprint. A card shows only its brand and last four.
    /// What a tax office asks of it: the shop, its address and VAT number (`ShopInForce`), the
    /// counter and the receipt's number there, the time in the shop's zone, and the VAT per rate.
    public init(_ receipt: PaidOrderReceipt, copy: Bool) {
        let order = receipt.order
        var lines = Self.shopHeader()
        if copy { lines.append(.emphasis(tr("** COPY **"))) }
        lines.append(.blank)
        if let number = order.receiptNumber { lines.append(.text(tr("Receipt no. {0}", number))) }
        lines += [.text(tr("Order {0}", order.number)), .text(DateText.dayAndTime(receipt.paidAt))]
        // Which of the shop's counters took the payment, for a fleet's receipts.
        if let counter = order.counter { lines.append(.text(tr("Counter {0}", counter))) }
        lines.append(.blank)
        lines += Self.orderLines(order.lines, discounts: order.discounts)
        lines += [.rule, .total(tr("Total {0}", order.total.formatted()))]
        if receipt.parts.isEmpty {
            if let tender = Self.tenderLine(receipt.tender) { lines.append(.text(tender)) }
            if case .cash(let cash) = receipt.tender {
                lines += [.item(tr("Tendered"), amount: cash.tendered.formatted()), .item(tr("Change due"), amount: cash.change.formatted())]
            }
        } else {
            lines += Self.partLines(receipt.parts)
        }
        lines += Self.taxLines(order.taxAnalysis)
        if let shipsTo = order.shipsTo { lines += [.blank, .text(tr("Ships to {0}", shipsTo))] }
        if !receipt.refunds.isEmpty {
            lines += [.blank, .text(tr("Refunds"))]
            for refund in receipt.refunds {
                lines.append(.item("  " + DateText.dayAndTime(refund.at), amount: "-" + refund.amount.formatted()))
            }
            let left = receipt.refunds.reduce(order.total.minorUnits) { $0 - $1.amount.minorUnits }
            lines.append(.total(tr("Kept {0}", Money(minorUnits: left, currency: order.total.currency).formatted())))
        }
        if order.state == .refunded { lines.append(.text(tr("This order was refunded."))) }
        lines += [.blank, .qrCode(order.number), .centered(tr("Thank you!"))]
        // The drawer opens for the cash going in and the change coming out; a copy opens nothing.
        self.init(lines: lines, opensDrawer: receipt.tookCash && !copy && order.state == .paid)
    }

    /// A split's tenders, each with what it paid; cash with what was tendered and the change.
    /// The order's lines at their price; a discounted line with its discount and its new price
    /// under it; then the order's discount (issue 36). They add up to the total.
    static func orderLines(_ orderLines: [OrderLine], discounts: [OrderDiscount]) -> [Line] {
        var lines: [Line] = []
        for (position, line) in orderLines.enumerated() {
            // Shipping and a surcharge are charged once: no quantity.
            let what = line.kind == .goods ? "\(line.quantity) x \(tr(line.name))" : OrderLineText.shown(line.name)
            guard line.discountMinor > 0 else {
                lines.append(.item(what, amount: (line.orderDiscountMinor > 0 ? line.grossTotal : line.lineTotal).formatted()))
                continue
            }
            let discount = Money(minorUnits: line.discountMinor, currency: line.unitPrice.currency)
            let described = discounts.first(where: { $0.position == position }).map { DiscountWording.described($0.adjustment, $0.reason, note: $0.note) } ?? tr("Discount")
            lines += [.item(what, amount: line.grossTotal.formatted()), .item("  " + described, amount: "-" + discount.formatted()),
                      .item("  " + tr("New price"), amount: line.afterLineDiscount.formatted())]
        }
        if let discount = discounts.first(where: { $0.position == nil }) {
            lines.append(.item(tr("Order discount {0} · {1}", DiscountWording.size(discount.adjustment), DiscountWording.reason(discount.reason, note: discount.note)),
                               amount: "-" + discount.amount.formatted()))
        }
        return lines
    }

    static func partLines(_ parts: [PaidOrderReceipt.Part]) -> [Line] {
        parts.flatMap { part -> [Line] in
            var lines: [Line] = [.item(tenderLine(part.tender) ?? tr("Paid"), amount: part.amount.formatted())]
            if case .cash(let cash) = part.tender, cash.change.minorUnits > 0 {
                lines += [.item("  " + tr("Tendered"), amount: cash.tendered.formatted()), .item("  " + tr("Change due"), amount: cash.change.formatted())]
            }
            return lines
        }
    }

    /// The shop's name (large), its address and its VAT number, from the settings in force.
    static func shopHeader() -> [Line] {
        let shop = ShopInForce.settings
        var lines: [Line] = [.title(tr(shop.name))]
        lines += shop.addressLines.map { .centered($0) }
        if let vatNumber = shop.vatNumber { lines.append(.centered(tr("VAT No. {0}", vatNumber))) }
        return lines
    }

    /// The VAT in the money, a row per rate: rate, net, VAT and gross in four columns, under
    /// a heading (`heading` says whose: the sale's, or a refund's given back). None without VAT.
    static func taxLines(_ taxes: TaxAnalysis, heading: String = tr("VAT included")) -> [Line] {
        guard !taxes.parts.isEmpty else { return [] }
        var lines: [Line] = [.blank, .text(heading), .text(taxRow(tr("Rate"), tr("Net"), tr("VAT"), tr("Gross")))]
        for part in taxes.parts {
            lines.append(.text(taxRow(part.rate.percentText + "%", part.net.formatted(), part.vat.formatted(), part.gross.formatted())))
        }
        return lines
    }

    /// One rate's VAT in a line, for a screen or a voice: "VAT 7%: net €6.07, VAT €0.43".
    static func taxSummary(_ part: TaxAnalysis.Part) -> String {
        tr("VAT {0}: net {1}, VAT {2}", part.rate.percentText + "%", part.net.formatted(), part.vat.formatted())
    }

    /// Four columns in `width`: the rate left in 7, each amount right in 11.
    static func taxRow(_ rate: String, _ net: String, _ vat: String, _ gross: String) -> String {
        func right(_ text: String, _ columns: Int) -> String { String(repeating: " ", count: max(1, columns - text.displayWidth)) + text }
        return rate + String(repeating: " ", count: max(0, 7 - rate.displayWidth)) + right(net, 11) + right(vat, 11) + right(gross, 11)
    }

    /// How the order was paid, in a line; the card named for paper, a screen or a voice.
    static func tenderLine(_ tender: PaidOrderReceipt.Tender, naming: CardNaming = .paper) -> String? {
        switch tender {
        case let .card(brand, lastFour): tr("Paid with {0}", naming.name(brand, lastFour))
        case let .bank(name?): tr("Paid by bank: {0}", tr(name))
        case .bank(nil): tr("Paid by bank")
        case let .wallet(type): tr("Paid with {0}", tr(PaymentMethodType(rawValue: type)?.displayName ?? type))
        case .cash: tr("Paid in cash")
        case .unknown: nil
        }
    }

    /// "2 x Acacia honey" and "€13.00" on one line of `width` columns (a Chinese character takes
    /// two, as on a till); an item too long for the line keeps its amount on the next.
    static func columns(_ left: String, _ right: String, width: Int = width) -> [String] {
        let gap = width - left.displayWidth - right.displayWidth
        if gap >= 1 { return [left + String(repeating: " ", count: gap) + right] }
        return [left, String(repeating: " ", count: max(0, width - right.displayWidth)) + right]
    }

    static func rightAligned(_ text: String, width: Int = width) -> String {
        String(repeating: " ", count: max(0, width - text.displayWidth)) + text
    }

    static func centred(_ text: String, width: Int = width) -> String {
        String(repeating: " ", count: max(0, (width - text.displayWidth) / 2)) + text
    }
}
