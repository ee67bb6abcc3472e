import Foundation

/// Reads Swift source for the rule "words stay out of state": a screen's `State` keeps what it
/// tells the person as a value (an enum, a typed error), and the view words it when it draws,
/// so a language switch or a replay in another language redraws every line right.
///
/// Flagged: a stored property of a `struct State`, or a labelled payload of an enum case (state
/// phases, overlays and the actions that carry them), named like a message (message, notice,
/// warning, problem, error, status, hint, note) and typed `String`, `String?` or `[String]`; and
/// any unlabelled text payload of a case of a state's step, phase, outcome or overlay
/// (`case working(String)`): a phase has no text of its own to hold. Text scan, like
/// `ReducerPurityScan`: strings and comments are blanked first.
enum WordsInStateScan {
    struct Violation: CustomStringConvertible, Equatable {
        var name: String
        var place: String
        var description: String { "\(place): `\(name): String`" }
    }

    /// Names that hold words (matched anywhere in the name, any case: `statusError`, `pinHint`).
    static var wordNames: Regex<(Substring, Substring)> { #/(message|notice|warning|problem|error|status|hint|note)/#.ignoresCase() }

    /// Names allowed to be text, each for a reason that is not "words the counter says":
    static let allowed: Set<String> = [
        // The app's start-up notice is worded by the command line (`Sources/checkout`, theme
        // resolution) before the app exists; the app only shows it.
        "AppFeature.State.notice",
    ]

    static func violations(in source: String, file: String) -> [Violation] {
        let text = ReducerPurityScan.blankStringsAndComments(source)
        return storedProperties(in: text, file: file) + casePayloads(in: text, file: file) + unlabelledPhaseText(in: text, file: file)
    }

    /// `var message: String?` (stored: no body after it, or only `didSet`/`willSet`) in a `struct State`.
    private static func storedProperties(in text: String, file: String) -> [Violation] {
        var found: [Violation] = []
        let characters = Array(text)
        for match in text.matches(of: #/struct\s+State\b[^{]*\{/#) {
            let open = text.distance(from: text.startIndex, to: match.range.upperBound) - 1
            guard let close = matching(characters, open: open) else { continue }
            let body = String(characters[(open + 1)..<close])
            for line in body.split(separator: "\n") {
                guard let property = line.firstMatch(of: #/\b(?:var|let)\s+(\w+)\s*:\s*(?:String|\[String\])\??(?![\w.])(\s*(?:=.*)?\{?)/#) else { continue }
                let tail = line[property.range.upperBound...]
                let isComputed = property.output.2.contains("{") && !(tail.contains("didSet") || tail.contains("willSet"))
                let name = String(property.output.1)
                guard !isComputed, name.contains(wordNames) else { continue }
                let place = "\(owner(of: text, at: match.range.lowerBound)).State.\(name)"
                if !allowed.contains(place) { found.append(Violation(name: name, place: "\(file) \(place)")) }
            }
        }
        return found
    }

    /// `case paying(status: String)`: a labelled payload of an enum case.
    private static func casePayloads(in text: String, file: String) -> [Violation] {
        var found: [Violation] = []
        // A declaration (`case name(`, not a pattern's `case .name(` or `case let .name(`), with
        // every case of its line: `case a(x: String), b(y: Int)`.
        for declaration in text.matches(of: #/\bcase\s+\w+\s*\([^\n]*/#) {
            for enumCase in declaration.output.matches(of: #/(\w+)\s*\(([^)]*)\)/#) {
                for payload in enumCase.output.2.matches(of: #/(\w+)\s*:\s*(?:String|\[String\])\??(?=\s*(?:,|$))/#) {
                    let name = String(payload.output.1)
                    guard name.contains(wordNames) else { continue }
                    let place = "\(enumCase.output.1)(\(name):)"
                    if !allowed.contains(place) { found.append(Violation(name: name, place: "\(file) \(place)")) }
                }
            }
        }
        return found
    }

    /// `enum Step { case working(String) }`: text with no name, in what a state's phase can be.
    private static func unlabelledPhaseText(in text: String, file: String) -> [Violation] {
        var found: [Violation] = []
        let characters = Array(text)
        for match in text.matches(of: #/enum\s+(Step|Phase|Outcome|Overlay)\b[^{]*\{/#) {
            let open = text.distance(from: text.startIndex, to: match.range.upperBound) - 1
            guard let close = matching(characters, open: open) else { continue }
            let body = String(characters[(open + 1)..<close])
            // Every case of a declaration's line, the first without a payload too (`case a, b(String)`).
            for declaration in body.matches(of: #/\bcase\s+\w[^\n]*/#) {
                for enumCase in declaration.output.matches(of: #/(\w+)\s*\(([^)]*)\)/#) {
                    let payloads = enumCase.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    for payload in payloads where payload.wholeMatch(of: #/(?:String|\[String\])\??/#) != nil {
                        found.append(Violation(name: "_", place: "\(file) \(match.output.1).\(enumCase.output.1)(_:)"))
                    }
                }
            }
        }
        return found
    }

    /// The top-level enum or extension a `struct State` is in ("KioskFeature"), for naming exceptions.
    private static func owner(of text: String, at index: String.Index) -> String {
        let before = text[..<index]
        let owners = before.matches(of: #/^(?:public\s+|internal\s+)?(?:enum|extension|struct)\s+(\w+)/#.anchorsMatchLineEndings())
        return owners.last.map { String($0.output.1) } ?? "?"
    }

    private static func matching(_ text: [Character], open: Int) -> Int? {
        var depth = 0
        for index in open..<text.count {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}
