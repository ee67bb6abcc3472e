import CheckoutKit
import Foundation
import Localization
import QRCode
import TerminalUI

/// Drawing of the wallet counter: a function of its state (and the clock, for the spinner).
extension WalletCounterFeature {
    public static func draw(_ state: State, into frame: inout Frame, in area: Rect, time: Date) {
        switch state.phase {
        case let .walletStep(code, methodName):
            drawWalletStep(code: code, methodName: methodName, amount: state.amount, into: &frame, in: area)
        case let .finished(outcome):
            drawFinished(outcome, amount: state.amount, into: &frame, in: area)
        default:
            drawCounter(state, into: &frame, in: area, time: time)
        }
    }

    static func drawCounter(_ state: State, into frame: inout Frame, in area: Rect, time: Date) {
        let box = area.centered(width: min(60, area.width), height: min(16, area.height))
        let inside = frame.drawBox(box, title: " \(tr("Checkout counter")) ").inset(left: 2, right: 2)
        var y = inside.y + 1
        func line(_ text: String, style: Style = Style(.text)) {
            frame.write(text, in: Rect(x: inside.x, y: y, width: inside.width, height: 1), style: style)
            y += 1
        }
        line("\(tr("Item").padded(toWidth: 8))\(state.itemDescription)")
        line("\(tr("Amount").padded(toWidth: 8))\(state.amount.formatted())", style: Style(.text, .bold))
        y += 1
        if state.phase == .opening {
            line(tr("Opening the counter…"), style: Style(.muted))
            return
        }
        line(tr("Pay with"), style: Style(.muted))
        for (index, method) in state.methods.enumerated() {
            let selected = index == state.selection
            let style = selected ? (state.phase == .idle ? Style(.selection, .reverse) : Style(.muted, .reverse)) : Style(.text)
            let row = Rect(x: inside.x, y: y, width: min(30, inside.width), height: 1)
            if selected { frame.focus = Point(x: row.x, y: row.y) }
            frame.fill(row, style: style)
            // The core names its methods in English (Card, WeChat Pay, Alipay): translated where shown.
            frame.write("\(selected ? "›" : " ") \(index + 1)  \(tr(method.displayName))", in: row, style: style)
            y += 1
        }
        y += 1
        let row = Rect(x: inside.x, y: y, width: inside.width, height: 1)
        switch state.phase {
        case .inProgress:
            Spinner().draw(into: &frame, in: row, time: time, label: tr("Payment in progress…"))
        case .polling:
            Spinner().draw(into: &frame, in: row, time: time, label: tr("Waiting for the payment to come through…"))
        default:
            frame.write(tr("[ Pay {0} ]", state.amount.formatted()), in: row, style: state.canPay ? Style(.focus, [.reverse, .bold]) : Style(.muted))
        }
        y += 2
        if let failure = state.failure {
            line("✗ \(failure)", style: Style(.error, .bold))
            line(tr("Nothing was taken. Press Pay to try again."), style: Style(.muted))
        }
        if state.slowTestWallet {
            frame.write(tr("Test wallet: slow to confirm"), in: Rect(x: inside.x, y: box.maxY - 2, width: inside.width, height: 1), style: Style(.warning))
        }
    }

    /// The wallet's step: the payment code as a QR code (half blocks) and as text.
    static func drawWalletStep(code: String, methodName: String, amount: Money, into frame: inout Frame, in area: Rect) {
        let lines = qrLines(for: code)
        let qrWidth = lines.first?.count ?? 0
        // On a small terminal the code keeps every row and the box goes: a clipped code cannot be read.
        let fits = area.height >= lines.count + 2
        // Wide enough for the whole payment code beside the QR code where the terminal allows.
        let box = area.centered(width: min(area.width, qrWidth + max(40, code.count + 6)), height: min(area.height, lines.count + (fits ? 2 : 0)))
        let walletName = tr(methodName)
        let inside = fits ? frame.drawBox(box, title: " \(walletName) ") : box
        for (index, text) in lines.enumerated() {
            frame.write(text, at: Point(x: inside.x, y: inside.y + index), style: Style(.text), clip: inside)
        }
        let text = Rect(x: inside.x + qrWidth + 2, y: inside.y + 1, width: max(0, inside.maxX - inside.x - qrWidth - 3), height: 1)
        func line(_ offset: Int, _ string: String, _ style: Style = Style(.text)) {
            frame.write(string, in: Rect(x: text.x, y: text.y + offset, width: text.width, height: 1), style: style)
        }
        line(0, tr("Scan with {0}", walletName), Style(.title, .bold))
        line(1, tr("to pay {0}", amount.formatted()))
        line(3, tr("Payment code"), Style(.muted))
        // Never cut: a code wider than the column goes on over the blank line below it.
        let width = max(1, text.width)
        line(4, String(code.prefix(width)), Style(.accent, .bold))
        if code.count > width { line(5, String(code.dropFirst(width).prefix(width)), Style(.accent, .bold)) }
        line(6, tr("Then confirm in the wallet:"), Style(.muted))
        // The keys, one a line; at 60 columns beside the code they may be cut, and the footer
        // says the same keys whole.
        line(7, "c  \(tr("I confirmed in the wallet"))")
        line(8, "d  \(tr("The wallet declined"))")
        line(9, "Esc  \(tr("Close without paying"))")
    }

    /// The lines the wallet step draws: light modules as blocks, for the usual dark terminal, so
    /// the code reads dark-on-light. A code too long for any symbol draws none (the text stays).
    static func qrLines(for code: String) -> [String] {
        guard let symbol = try? QRCode.encode(code, correction: .medium) else { return [] }
        return symbol.halfBlockLines(quietZone: 2, invert: true)
    }

    static func drawFinished(_ outcome: Outcome, amount: Money, into frame: inout Frame, in area: Rect) {
        let (title, detail, style): (String, String, Style) = switch outcome {
        case .success: (tr("✓ Paid {0}", amount.formatted()), tr("Thank you. Enter shows your receipt."), Style(.success, .bold))
        case .possibleSuccess: (tr("Your payment is probably through"),
                                tr("The wallet confirmed it; the final word is late. Do not pay again."), Style(.warning, .bold))
        case .dismissed: (tr("Checkout closed"), tr("Nothing was paid."), Style(.muted, .bold))
        }
        frame.write(title, in: Rect(x: area.x, y: area.y + area.height / 2 - 1, width: area.width, height: 1), alignment: .center, style: style)
        // Wrapped, never cut: "Do not pay again" is the end of the sentence at 60 columns.
        TextBlock(detail, style: Style(.text), alignment: .center)
            .draw(into: &frame, in: Rect(x: area.x, y: area.y + area.height / 2 + 1, width: area.width, height: max(0, min(3, area.maxY - area.y - area.height / 2 - 1))))
    }
}
