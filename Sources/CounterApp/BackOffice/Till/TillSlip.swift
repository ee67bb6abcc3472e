import CheckoutKit
import Localization

/// The till's printouts, receipt-width, in the language in force: the opening, each paid in,
/// paid out and no-sale (which kick the drawer open as they print), and the close with its count.
enum TillSlip {
    static func opened(_ session: TillSession) -> ReceiptDocument {
        var lines = ReceiptDocument.header(tr("TILL OPENED"), copy: false)
        lines += counter(session.counter) + [.text(DateText.dayAndTime(session.openedAt)), .blank]
        lines.append(.total(tr("Float {0}", amount(session, session.figures.float))))
        return ReceiptDocument(lines: lines)
    }

    static func movement(_ movement: CashMovement) -> ReceiptDocument {
        var lines = ReceiptDocument.header(TillWords.title(movement.kind), copy: false)
        lines += counter(movement.counter) + [.text(DateText.dayAndTime(movement.at)), .text(tr("Reason: {0}", movement.reason)), .blank]
        if movement.kind != .noSale {
            lines.append(.total(Money(minorUnits: abs(movement.amount.minorUnits), currency: movement.amount.currency).formatted()))
        }
        lines += [.blank, .text(tr("Signature: ________________"))]
        return ReceiptDocument(lines: lines)
    }

    /// The close: the figures, each coin and note counted, the difference and its note.
    static func closed(_ session: TillSession) -> ReceiptDocument {
        var lines = ReceiptDocument.header(tr("TILL CLOSED"), copy: false)
        lines += counter(session.counter) + [.text(tr("From {0}", DateText.dayAndTime(session.openedAt)))]
        if let closing = session.closing { lines.append(.text(tr("To {0}", DateText.dayAndTime(closing.closedAt)))) }
        lines.append(.blank)
        lines += figureLines(session)
        if let closing = session.closing {
            lines += [.rule, .text(tr("Counted"))]
            for piece in closing.count {
                lines.append(.item("  \(piece.quantity) × \(TillWords.piece(piece.denomination, session.currency))", amount: amount(session, piece.minorUnits)))
            }
            lines += [.item(tr("Counted"), amount: amount(session, closing.counted)),
                      .total(tr("Difference {0}", amount(session, session.difference ?? 0)))]
            if !closing.note.isEmpty { lines.append(.text(tr("Note: {0}", closing.note))) }
            if closing.approval != nil { lines.append(.text(tr("Difference approved with the operator PIN."))) }
            lines += [.item(tr("Left in the drawer"), amount: amount(session, closing.leftIn)), .blank, .text(tr("Signature: ________________"))]
        }
        return ReceiptDocument(lines: lines)
    }

    /// Float, sales, refunds, paid in and out, expected: as the screen shows them.
    static func figureLines(_ session: TillSession) -> [ReceiptDocument.Line] {
        TillWords.figures(session.figures).map { .item($0.label, amount: amount(session, $0.minorUnits)) }
    }

    private static func counter(_ name: String) -> [ReceiptDocument.Line] {
        name.isEmpty ? [] : [.text(tr("Counter {0}", name))]
    }

    private static func amount(_ session: TillSession, _ minor: Int64) -> String {
        session.money(minor)?.formatted() ?? "\(minor) \(session.currency)"
    }
}
