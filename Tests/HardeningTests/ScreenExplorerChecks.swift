import CounterApp
import Foundation
import Localization
import TerminalUI

/// A kind of fault the explorer finds.
enum ExplorerFaultKind: String, CaseIterable, Sendable {
    /// The footer lost Esc, `?`, `q` or the screen's primary action.
    case footerLostKey = "footer lost a key that matters"
    /// A key the footer shows changed nothing and said nothing.
    case shownKeyDoesNothing = "a key the footer shows does nothing"
    /// A payment, source, charge or order id, or a URL, on a shopper's screen.
    case internalIdentifier = "an internal identifier on a shopper's screen"
    /// An amount, an order number or a card's last four cut short.
    case cutFigure = "an amount, order number or last four cut"
    /// The program ended on a key that is not a way to quit.
    case unexpectedExit = "the program ended on a key that does not quit"
}

struct ExplorerFault: CustomStringConvertible {
    let kind: ExplorerFaultKind
    let place: KioskPlace
    let detail: String
    let path: [ExplorerInput]
    let setting: ExplorerSetting
    let screen: String

    init(_ kind: ExplorerFaultKind, _ state: ExploredState, _ rendering: ExplorerRendering, _ detail: String, path: [ExplorerInput]? = nil) {
        self.kind = kind
        place = state.place
        self.detail = detail
        self.path = path ?? state.path
        setting = rendering.setting
        screen = rendering.screen
    }

    /// What groups the same fault reached by many paths.
    var key: String { "\(kind.rawValue)|\(place.rawValue)|\(detail)|\(setting)" }

    var description: String {
        "\(kind.rawValue) at \(place.rawValue), \(setting): \(detail)\n  keys after the entry: \(path.isEmpty ? "none" : path.map(\.description).joined(separator: ", "))"
    }
}

/// The checks, one function each; each answers the faults it finds in one state or one step.
enum ExplorerChecks {
    /// The footer never loses Esc, `?`, `q` (where they act) or the screen's primary action: the
    /// footer's priority rule (`Footer.mustStay`) keeps them, and the rest yield.
    static func footerKeepsTheKeysThatMatter(_ state: ExploredState, _ rendering: ExplorerRendering) -> [ExplorerFault] {
        let footer = rendering.footer
        return rendering.mustStay.filter { !footer.contains($0) }.map {
            ExplorerFault(.footerLostKey, state, rendering, "\"\($0)\" is not in the footer \"\(footer)\"")
        }
    }

    /// Every key the footer shows does something from here: the screen changes (a message that
    /// says why not is a change too), or the program quits where quitting is the key's job. A
    /// hint of several keys (`↑↓`, `+ -`, `1-4`) does something when one of them does: at the
    /// top of a list that does not wrap, Down still moves. `steps` are the explorer's from `state`.
    static func shownKeysDoSomething(_ state: ExploredState, steps: [ExploredStep]) -> [ExplorerFault] {
        let rendering = state.renderings[0]
        var faults: [ExplorerFault] = []
        for (hint, text) in rendering.shown where rendering.footer.contains(text) {
            let keys = ExplorerInput.keys(named: hint.key)
            let pressed = keys.compactMap { key in steps.first { $0.input == .key(key) } }
            guard !pressed.isEmpty, pressed.allSatisfy({ $0.exitStatus == nil && $0.to?.identity == state.identity }) else { continue }
            let names = keys.map(MonkeyStep.tapeName).joined(separator: ", ")
            faults.append(ExplorerFault(.shownKeyDoesNothing, state, rendering, "\"\(text)\": \(names) change nothing"))
        }
        return faults
    }

    /// Ids the core uses among itself, and URLs: a shopper reads order numbers, never these.
    static let internalIdentifierPatterns = [
        #"\b(ch|src|bpay|cash|ord|pm|mandate|sub|tok|pi|re|card|cus|auc|bid)_[0-9A-Za-z]{3,}"#,
        #"\b[a-z][a-z0-9+.-]*://"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// No internal identifier on a shopper's screen (the operator's back office may show them).
    static func noInternalIdentifiers(_ state: ExploredState, _ rendering: ExplorerRendering) -> [ExplorerFault] {
        guard !isOperatorsPlace(state.place) else { return [] }
        return matches(of: internalIdentifierPatterns, in: rendering.screen).map {
            ExplorerFault(.internalIdentifier, state, rendering, "\"\($0)\"")
        }
    }

    /// An amount without its cents, an order number short of its six digits, a card's last four
    /// short of four, where `…` says the rest was cut (an amount whole before a sentence's `…`,
    /// "Holding €150.00…", is not cut).
    static let cutFigurePatterns = [
        #"[€$£¥]\s?[0-9][0-9,]*(\.[0-9]?)?…"#,
        #"HS-[0-9]{0,5}…"#,
        #"•••• ?[0-9]{0,3}…"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    static func noCutFigures(_ state: ExploredState, _ rendering: ExplorerRendering) -> [ExplorerFault] {
        matches(of: cutFigurePatterns, in: rendering.screen).map { ExplorerFault(.cutFigure, state, rendering, "\"\($0)\"") }
    }

    /// The program ends only on a way to quit: `q`, the Quit line or dialog at a staffed counter,
    /// the operator's Exit at a kiosk; never on another key.
    static func exitsOnlyByQuitting(_ step: ExploredStep) -> [ExplorerFault] {
        guard step.exitStatus != nil, !step.from.inputsThatMayExit.contains(step.input) else { return [] }
        return [ExplorerFault(.unexpectedExit, step.from, step.from.renderings[0], "\(step.input) ended the program (status \(step.exitStatus!))",
                              path: step.from.path + [step.input])]
    }

    static func isOperatorsPlace(_ place: KioskPlace) -> Bool {
        switch place {
        case .operatorPIN, .operatorMenu, .operatorReprint, .backOffice, .backOfficeOrder, .backOfficeRefund: true
        default: false
        }
    }

    static func matches(of patterns: [NSRegularExpression], in text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return patterns.flatMap { pattern in
            pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
        }
    }
}
