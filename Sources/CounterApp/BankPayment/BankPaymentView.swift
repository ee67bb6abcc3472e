import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// Drawing and keys of the bank screens: each step a function of the state.
extension BankPaymentFeature {
    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        switch (state.step, key) {
        case (.chooseCountry, .character("m")) where DemoMode.showsTestControls: return .toggleKind
        case (.chooseCountry, .character("t")) where DemoMode.showsTestControls: return .cycleSituation
        case (.chooseCountry, _), (.chooseBank, _):
            switch key {
            case .up, .backTab: return .moveUp
            case .down, .tab: return .moveDown
            case .enter: return .activate
            case .escape: return .back
            case let .character(c):
                guard let digit = c.wholeNumberValue, digit >= 1 else { return nil }
                return .pick(digit - 1)
            default: return nil
            }
        case let (.bankPage(_, bank), _):
            switch key {
            case .enter, .character("a"): return .answerPage(.approved(bank))
            case .character("r"): return .answerPage(.declined(bank))
            case .character("o"): return .answerPage(.redirected(bank))
            case .character("p"): return .answerPage(.approvalPendingElsewhere(bank))
            case .escape: return .back
            default: return nil
            }
        case (.result, _), (.status, _):
            switch key {
            case .enter, .character("s"): return state.step == .status ? nil : .openStatus
            case .character("r"): return state.step == .status ? nil : .resume
            case .character("x") where state.kind == .mandate: return .revokeMandate
            case .escape: return .back
            default: return nil
            }
        case (.working(.waitingForTheBank), .escape):
            return .back
        case (.working, _):
            return nil
        }
    }

    public static func keyHints(for state: State) -> [KeyHint] {
        switch state.step {
        case .chooseCountry: [KeyHint("↑↓", "Country"), KeyHint("Enter", "Continue")]
            + (DemoMode.showsTestControls ? [KeyHint("m", "Payment/mandate"), KeyHint("t", "Test")] : []) + [KeyHint("Esc", "Back")]
        case .chooseBank: [KeyHint("↑↓", "Bank"), KeyHint("Enter", "Go to bank"), KeyHint("Esc", "Countries")]
        case .bankPage: [KeyHint("a", "Approve"), KeyHint("r", "Reject"), KeyHint("o", "Bank site"), KeyHint("p", "Phone"), KeyHint("Esc", "Cancel")]
        case .result: [KeyHint("s", "Status"), KeyHint("r", "Check again")] + mandateHints(state)
            + [KeyHint("Esc", state.lastResult?.isSuccess == true ? "Done" : "Try again")]
        case .status: mandateHints(state) + [KeyHint("Esc", "Back")]
        case .working(.waitingForTheBank): [KeyHint("Esc", "Leave")]
        case .working: []
        }
    }

    private static func mandateHints(_ state: State) -> [KeyHint] {
        state.kind == .mandate && state.context != nil ? [KeyHint("x", "Revoke")] : []
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect, time: Date) {
        var pen = Pen(frame: frame, area: area.inset(top: 1, left: 2, bottom: 0, right: 2))
        let title = state.kind == .payment ? tr("Pay by bank") : tr("Bank mandate for a subscription")
        pen.line(title, Style(.title, .bold))
        // A mandate that paid the cart says what it paid, as a payment does.
        pen.line(state.kind == .payment || state.orderPaidByMandate != nil
                 ? paymentLine(state)
                 : tr("Renewals of up to {0} each, to {1}", state.amount.formatted(), tr(CoreBankGateway.payeeName)), Style(.muted))
        pen.skip()
        switch state.step {
        case .chooseCountry: drawCountries(state, &pen)
        case let .working(waiting):
            pen.spinner(time: time, label: BankWords.words(waiting))
            if waiting == .waitingForTheBank {
                pen.skip()
                pen.paragraph(BankWords.leavingWhileTheBankDecides(state.kind, reference: state.reference), Style(.muted))
            }
        case let .chooseBank(page): drawBanks(state, page, &pen)
        case let .bankPage(page, bank): drawBankPage(state, page, bank, &pen, area: area)
        case let .result(outcome): drawResult(state, outcome, &pen)
        case .status: drawStatus(state, &pen)
        }
        frame = pen.frame
    }

    /// What is paid, to whom, and under which reference once there is one.
    private static func paymentLine(_ state: State) -> String {
        // Until the cart is an order it has no reference a shopper could quote ("reference cart"
        // was the counter's own word); once it is, the order's number is the reference.
        state.reference == "cart"
            ? tr("{0} to {1}", state.amount.formatted(), tr(CoreBankGateway.payeeName))
            : tr("{0} to {1}, reference {2}", state.amount.formatted(), tr(CoreBankGateway.payeeName), state.reference)
    }

    private static func drawCountries(_ state: State, _ pen: inout Pen) {
        pen.line(tr("Your country (your locale: {0})", CountryText.shown(state.localeCountry)), Style(.muted))
        // Country names line up in a column: in English the codes, in Chinese names of 2 to 4 characters.
        let names = state.countries.map { CountryText.shown($0.code) }
        let nameWidth = names.map(\.displayWidth).max() ?? 0
        for (index, country) in state.countries.enumerated() {
            let banks = country.bankCount == 0 ? tr("no banks: your locale's banks are shown") : tr("{0} banks", country.bankCount)
            pen.row("\(index + 1)  \(names[index].padded(toWidth: nameWidth))   \(banks)", selected: index == state.countrySelection)
        }
        pen.skip()
        if state.situation != .none {
            pen.line(tr("Test: the counter will hand the bank {0}", tr(state.situation.rawValue)), Style(.warning))
        }
    }

    private static func drawBanks(_ state: State, _ page: BankAuthorizationPage, _ pen: inout Pen) {
        if let asked = state.selectedCountry?.code, asked != page.countryCode {
            pen.line(tr("No banks in {0}: showing the banks of {1}, your locale.", CountryText.shown(asked), CountryText.shown(page.countryCode)),
                     Style(.warning))
        }
        pen.line(tr("Choose your bank in {0}", CountryText.shown(page.countryCode)), Style(.muted))
        for (index, bank) in page.providers.enumerated() {
            pen.row("\(index + 1)  \(tr(bank.name))", selected: index == state.bankSelection)
        }
    }

    private static func drawBankPage(_ state: State, _ page: BankAuthorizationPage, _ bank: BankProvider, _ pen: inout Pen, area: Rect) {
        let box = Rect(x: pen.x, y: pen.y, width: min(64, pen.width), height: 12)
        let inside = pen.frame.drawBox(box, title: " \(tr("{0} · online banking", tr(bank.name))) ", style: Style(.accent))
        var inner = Pen(frame: pen.frame, area: inside.inset(left: 1, right: 1))
        inner.line(state.kind == .payment
                   ? tr("Pay {0} to {1}", page.summary.amount.formatted(), tr(page.summary.payeeName))
                   : tr("Allow {0} to collect up to {1} a time", tr(page.summary.payeeName), page.summary.amount.formatted()), Style(.text, .bold))
        inner.skip()
        inner.line("a  \(tr("Approve"))")
        inner.line("r  \(tr("Reject"))")
        inner.line("o  \(tr("Open the bank's own site instead"))")
        inner.line("p  \(tr("Approve in the bank's app on my phone"))")
        inner.line("Esc  \(tr("Cancel and go back to the store"))")
        inner.skip()
        inner.line(tr("Not approved within 10 minutes, the request expires."), Style(.muted))
        pen.frame = inner.frame
    }

    private static func drawResult(_ state: State, _ outcome: Outcome, _ pen: inout Pen) {
        let words: BankWords.Explanation = switch outcome {
        case .payment(.success(let s)): BankWords.explain(s)
        case .payment(.failure(let e)): BankWords.explain(e, for: .singlePayment)
        case .mandate(.success(let s)): state.orderPaidByMandate.map { BankWords.paidByMandate(order: $0, amount: state.amount) }
            ?? BankWords.explain(s)
        case .mandate(.failure(let e)): BankWords.explain(e, for: .mandate)
        case .notStarted(let reason): BankWords.Explanation(title: tr("The bank payment could not start"), detail: BankWords.words(reason),
                                                            next: tr("Pay another way."), isGood: false)
        }
        pen.line((words.isGood ? "✓ " : "✗ ") + words.title, Style(words.isGood ? .success : .error, .bold))
        pen.line(words.detail)
        pen.skip()
        pen.line(words.next, Style(.accent))
        drawMandateNotes(state, &pen)
    }

    private static func drawStatus(_ state: State, _ pen: inout Pen) {
        let identifier = state.context?.identifier ?? ""
        pen.line(state.kind == .payment ? tr("Status of the payment {0}", identifier) : tr("Status of the mandate {0}", identifier),
                 Style(.text, .bold))
        pen.line(tr("From the bank, the source of truth; asked again every {0} s while it moves.", Int(statusInterval.components.seconds)),
                 Style(.muted))
        pen.skip()
        for (index, status) in state.statusHistory.enumerated() {
            let isCurrent = index == state.statusHistory.count - 1
            // The status in the bank's words (BankWords.word), translated here.
            pen.line((isCurrent ? "● " : "○ ") + tr(BankWords.word(status)), isCurrent ? Style(.accent, .bold) : Style(.muted))
        }
        if let error = state.statusError {
            pen.line("✗ \(BankWords.title(error))", Style(.error, .bold))
        }
        drawMandateNotes(state, &pen)
    }

    private static func drawMandateNotes(_ state: State, _ pen: inout Pen) {
        guard !state.mandateNotes.isEmpty else { return }
        pen.skip()
        for note in state.mandateNotes { pen.line(BankWords.words(note)) }
    }
}

/// Writes lines down an area, one after another: the bank screens are lists of lines.
struct Pen {
    var frame: Frame
    let area: Rect
    private(set) var y: Int

    init(frame: Frame, area: Rect) {
        self.frame = frame
        self.area = area
        self.y = area.y
    }

    var x: Int { area.x }
    var width: Int { area.width }

    mutating func line(_ text: String, _ style: Style = Style(.text)) {
        guard y < area.maxY else { return }
        frame.write(text, in: Rect(x: area.x, y: y, width: area.width, height: 1), style: style)
        y += 1
    }

    /// `text` wrapped at the area's width, as many lines as it takes (and as fit).
    mutating func paragraph(_ text: String, _ style: Style = Style(.text)) {
        for part in text.wrapped(toWidth: area.width) { line(part, style) }
    }

    mutating func row(_ text: String, selected: Bool) {
        guard y < area.maxY else { return }
        let rect = Rect(x: area.x, y: y, width: min(56, area.width), height: 1)
        let style = selected ? Style(.selection, .reverse) : Style(.text)
        if selected { frame.focus = Point(x: rect.x, y: rect.y) }
        frame.fill(rect, style: style)
        frame.write((selected ? "› " : "  ") + text, in: rect, style: style)
        y += 1
    }

    mutating func spinner(time: Date, label: String) {
        guard y < area.maxY else { return }
        Spinner().draw(into: &frame, in: Rect(x: area.x, y: y, width: area.width, height: 1), time: time, label: label)
        y += 1
    }

    mutating func skip() { y += 1 }
}
