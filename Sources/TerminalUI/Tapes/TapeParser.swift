import Foundation
import Localization

/// Reads a tape: one command a line, blank lines and `#` comments ignored.
///
///     # Buy a jar of honey
///     Press 1
///     Type "4242 4242 4242 4242"
///     Press Tab 2
///     Sleep 500ms
///     Expect "Paid"
///
/// The whole tape is checked before anything runs: a malformed line is a `TapeError` with its
/// line number. Command and key names are not case-sensitive (`press enter` works); a single
/// printable character (`Press q`) is that character.
///
/// Settings come before the first command and hold for the whole tape: `Set Language zh-Hans`.
public enum TapeParser {
    public static func parse(_ text: String, path: String? = nil) throws(TapeError) -> Tape {
        var lines: [TapeLine] = []
        var language: Language?
        // Swift sees \r\n as one Character, so split on any newline character: a tape saved on
        // Windows numbers its lines the same.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let source = raw.trimmingCharacters(in: ignoredAtEnds)
            if source.isEmpty || source.hasPrefix("#") { continue }
            do throws(LineError) {
                if source.lowercased().hasPrefix("set ") {
                    guard lines.isEmpty else { throw LineError("Set comes before the first command: it holds for the whole tape") }
                    language = try setting(source.dropFirst(4).trimmingCharacters(in: .whitespaces))
                    continue
                }
                lines.append(TapeLine(number: index + 1, source: source, command: try command(from: source)))
            } catch {
                throw TapeError(line: index + 1, message: error.message, path: path)
            }
        }
        return Tape(lines: lines, path: path, language: language)
    }

    /// Whitespace, and the byte-order mark some editors put at the start of a file.
    private static let ignoredAtEnds = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))

    /// Reads and parses the tape at `path`; an unreadable file is a `TapeError` on line 0.
    public static func parse(contentsOfFile path: String) throws(TapeError) -> Tape {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw TapeError(line: 0, message: "cannot read the tape: \(error.localizedDescription)", path: path)
        }
        return try parse(text, path: path)
    }

    // MARK: - Commands

    /// A problem on one line; the line number is added by `parse`.
    struct LineError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    static let commandNames = ["Type", "Press", "Sleep", "Expect", "ExpectNot", "Resize", "Screen", "Snapshot", "Swipe", "Scan", "Paste", "Click"]

    static func command(from source: String) throws(LineError) -> TapeCommand {
        let name = String(source.prefix { !$0.isWhitespace })
        let rest = source.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        switch name.lowercased() {
        case "type": return .type(try quoted(rest, for: "Type", allowEmpty: true))
        case "swipe": return .swipe(try quoted(rest, for: "Swipe", allowEmpty: false))
        case "scan": return .scan(try quoted(rest, for: "Scan", allowEmpty: false))
        case "paste": return .paste(try quoted(rest, for: "Paste", allowEmpty: false))
        case "expect": return .expect(try quoted(rest, for: "Expect", allowEmpty: false))
        case "expectnot": return .expectNot(try quoted(rest, for: "ExpectNot", allowEmpty: false))
        case "snapshot":
            let name = try quoted(rest, for: "Snapshot", allowEmpty: false)
            guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix(".") else {
                throw LineError("Snapshot name \"\(name)\" must be a plain file name (no /, \\ or leading .)")
            }
            return .snapshot(name)
        case "press": return try press(rest)
        case "sleep": return .sleep(try duration(rest))
        case "resize": return .resize(try size(rest))
        case "click": return .click(try point(rest))
        case "screen":
            guard rest.isEmpty else { throw LineError("Screen takes nothing after it, found \"\(rest)\"") }
            return .screen
        default:
            throw LineError("unknown command \"\(name)\"; expected one of \(commandNames.joined(separator: ", "))")
        }
    }

    /// `Set Language zh-Hans` (the one setting so far); the language, quoted or not.
    static func setting(_ text: String) throws(LineError) -> Language {
        let name = String(text.prefix { !$0.isWhitespace })
        guard name.lowercased() == "language" else {
            throw LineError("unknown setting \"\(name)\"; expected Set Language <\(Language.allCases.map(\.rawValue).joined(separator: "|"))>")
        }
        var value = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
        guard let language = Language(identifier: value) else {
            throw LineError("Set Language needs one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(value)\"")
        }
        return language
    }

    /// A double-quoted string with `\"`, `\\`, `\n` and `\t` escapes, and nothing after it.
    static func quoted(_ text: String, for command: String, allowEmpty: Bool) throws(LineError) -> String {
        guard text.first == "\"" else {
            throw LineError(text.isEmpty
                ? "\(command) needs a double-quoted string, as in \(command) \"text\""
                : "\(command) needs a double-quoted string, found \(text)")
        }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "\"":
                let trailing = text[index...].trimmingCharacters(in: .whitespaces)
                guard trailing.isEmpty else {
                    throw LineError("unexpected \"\(trailing)\" after the closing quote of \(command)")
                }
                guard allowEmpty || !result.isEmpty else { throw LineError("\(command) needs some text between the quotes") }
                return result
            case "\\":
                guard index < text.endIndex else { throw LineError("unfinished escape at the end of \(command)'s string") }
                let escaped = text[index]
                index = text.index(after: index)
                switch escaped {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: throw LineError("unknown escape \\\(escaped) in \(command)'s string; use \\\", \\\\, \\n or \\t")
                }
            default:
                result.append(character)
            }
        }
        throw LineError("missing closing quote in \(command)'s string")
    }

    /// `Press KEY [N]`.
    static func press(_ text: String) throws(LineError) -> TapeCommand {
        let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let keyName = parts.first else { throw LineError("Press needs a key, as in Press Enter or Press Down 3") }
        guard parts.count <= 2 else {
            throw LineError("unexpected \"\(parts.dropFirst(2).joined(separator: " "))\" after Press \(parts[0]) \(parts[1])")
        }
        guard let key = key(named: keyName) else {
            throw LineError("unknown key \"\(keyName)\"; expected Enter, Tab, Shift+Tab, Esc, Up, Down, Left, Right, PgUp, PgDn, "
                + "Home, End, Backspace, Delete, Space, Ctrl+<letter>, F1-F12 or one printable character")
        }
        var count = 1
        if parts.count == 2 {
            guard let n = Int(parts[1]), parts[1].allSatisfy(\.isASCII) else {
                throw LineError("the repeat count after Press \(keyName) must be a whole number, found \"\(parts[1])\"")
            }
            guard n >= 1 else { throw LineError("the repeat count after Press \(keyName) must be at least 1, found \(n)") }
            guard n <= 10_000 else { throw LineError("the repeat count after Press \(keyName) is too large (at most 10000)") }
            count = n
        }
        return .press(key, count: count)
    }

    /// A key by its tape name, or nil.
    public static func key(named name: String) -> Key? {
        if name.count == 1, let character = name.first {
            return DisplayWidth.isControl(character) || character.isWhitespace ? nil : .character(character)
        }
        let lower = name.lowercased()
        switch lower {
        case "enter", "return": return .enter
        case "tab": return .tab
        case "shift+tab", "backtab": return .backTab
        case "esc", "escape": return .escape
        case "up": return .up
        case "down": return .down
        case "left": return .left
        case "right": return .right
        case "pgup", "pageup": return .pageUp
        case "pgdn", "pgdown", "pagedown": return .pageDown
        case "home": return .home
        case "end": return .end
        case "backspace": return .backspace
        case "delete", "del": return .delete
        case "insert", "ins": return .insert
        case "space": return .character(" ")
        default: break
        }
        if lower.hasPrefix("ctrl+"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            return .control(letter)
        }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n), lower.dropFirst().allSatisfy(\.isASCII) {
            return .function(n)
        }
        return nil
    }

    /// `500ms`, `2s`, `1.5s`, `1m`, `1h`, `3d`.
    static func duration(_ text: String) throws(LineError) -> Duration {
        let hint = "use a number and a unit: 500ms, 2s, 1m, 1h or 3d"
        guard !text.isEmpty else { throw LineError("Sleep needs a duration; \(hint)") }
        guard !text.contains(where: \.isWhitespace) else { throw LineError("bad duration \"\(text)\"; \(hint)") }
        let number = String(text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
        let unit = String(text.dropFirst(number.count))
        let perUnit: Int64
        switch unit {
        case "ms": perUnit = 1
        case "s": perUnit = 1_000
        case "m": perUnit = 60_000
        case "h": perUnit = 3_600_000
        case "d": perUnit = 86_400_000
        default: throw LineError("bad duration \"\(text)\"; \(hint)")
        }
        // Whole and fractional parts as integers, so 0.1s is exactly 100ms.
        let pieces = number.split(separator: ".", omittingEmptySubsequences: false)
        guard !number.isEmpty, pieces.count <= 2, let whole = Int64(pieces[0].isEmpty ? "0" : pieces[0]),
              pieces.count == 1 || (!pieces[1].isEmpty && pieces[1].count <= 3)
        else { throw LineError("bad duration \"\(text)\"; \(hint)") }
        var milliseconds = whole * perUnit
        if pieces.count == 2, let fraction = Int64(pieces[1]) {
            let scale = Int64([1, 10, 100, 1000][pieces[1].count])
            let fractional = fraction * perUnit
            guard fractional % scale == 0 else { throw LineError("bad duration \"\(text)\": finer than a millisecond") }
            milliseconds += fractional / scale
        }
        guard milliseconds > 0 else { throw LineError("Sleep needs a duration above zero, found \"\(text)\"") }
        return .milliseconds(milliseconds)
    }

    /// `COLSxROWS`, both at least 1.
    static func size(_ text: String) throws(LineError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let columns = Int(parts[0]), let rows = Int(parts[1])
        else { throw LineError("bad size \"\(text)\"; Resize takes COLSxROWS, as in Resize 100x30") }
        guard columns >= 1, rows >= 1, columns <= 1000, rows <= 1000 else {
            throw LineError("bad size \"\(text)\": columns and rows must be between 1 and 1000")
        }
        return Size(columns: columns, rows: rows)
    }

    /// `X Y`, cell coordinates from 0.
    static func point(_ text: String) throws(LineError) -> Point {
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), x >= 0, y >= 0 else {
            throw LineError("Click takes a column and a row from 0, as in Click 10 5; found \"\(text)\"")
        }
        return Point(x: x, y: y)
    }
}
