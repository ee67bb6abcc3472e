/// Reads a PO file as translators' tools leave it: strings wrapped over several lines, comments
/// of every kind, plural forms, fuzzy and untranslated messages, obsolete ones (`#~`, dropped).
public enum POParser {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ text: String) throws(Failure) -> POFile {
        var entries: [POEntry] = []
        var pending = Pending()
        var current: Field?
        var lineNumber = 0

        func finish() throws(Failure) {
            if let entry = try pending.entry(line: lineNumber) { entries.append(entry) }
            pending = Pending()
            current = nil
        }

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingTrailingCarriageReturn
            if line.trimmingSpaces.isEmpty {
                if pending.hasMessage { try finish() }
                continue
            }
            if line.hasPrefix("#") {
                // A comment after a message's strings begins the next message.
                if pending.hasMessage { try finish() }
                pending.comment(String(line))
                continue
            }
            if line.hasPrefix("\"") {
                guard let field = current else { throw Failure(line: lineNumber, message: "a string continues nothing") }
                pending.append(try unquote(line, line: lineNumber), to: field)
                continue
            }
            guard let space = line.firstIndex(of: " ") else { throw Failure(line: lineNumber, message: "expected a keyword and a string") }
            let keyword = String(line[..<space])
            let value = try unquote(line[line.index(after: space)...], line: lineNumber)
            let field: Field
            switch keyword {
            case "msgid":
                if pending.hasMessage { try finish() }
                field = .msgid
            case "msgid_plural": field = .msgidPlural
            case "msgstr": field = .msgstr(0)
            case "msgctxt": throw Failure(line: lineNumber, message: "msgctxt is not used by the counter's catalogue")
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()) else {
                    throw Failure(line: lineNumber, message: "unknown keyword \(keyword)")
                }
                field = .msgstr(index)
            }
            pending.start(field, with: value)
            current = field
        }
        try finish()

        guard let first = entries.first, first.msgid.isEmpty else {
            throw Failure(line: 1, message: "no header (the first message must have an empty msgid)")
        }
        entries.removeFirst()
        let header = (first.msgstr.first ?? "").split(separator: "\n").compactMap { (field: Substring) -> (String, String)? in
            guard let colon = field.firstIndex(of: ":") else { return nil }
            return (String(field[..<colon]), String(field[field.index(after: colon)...]).trimmingSpaces)
        }
        return POFile(header: header, headerComments: first.translatorComments, entries: entries)
    }

    enum Field: Equatable {
        case msgid, msgidPlural, msgstr(Int)
    }

    /// A message being read.
    struct Pending {
        var entry = POEntry(msgid: "", msgstr: [])
        var hasMessage = false
        var isObsolete = false

        mutating func comment(_ line: String) {
            if line.hasPrefix("#~") { isObsolete = true; return }
            let body = { (prefix: Int) in String(line.dropFirst(prefix)).trimmingLeadingSpace }
            if line.hasPrefix("#.") { entry.extractedComments.append(body(2)) }
            else if line.hasPrefix("#:") { entry.references += body(2).split(separator: " ").map(String.init) }
            else if line.hasPrefix("#,") { entry.flags += body(2).split(separator: ",").map { String($0).trimmingSpaces } }
            else if line.hasPrefix("#|") { return }  // previous msgid of a fuzzy message
            else { entry.translatorComments.append(body(1)) }
        }

        mutating func start(_ field: Field, with value: String) {
            hasMessage = true
            switch field {
            case .msgid: entry.msgid = value
            case .msgidPlural: entry.msgidPlural = value
            case .msgstr(let index):
                while entry.msgstr.count <= index { entry.msgstr.append("") }
                entry.msgstr[index] = value
            }
        }

        mutating func append(_ value: String, to field: Field) {
            switch field {
            case .msgid: entry.msgid += value
            case .msgidPlural: entry.msgidPlural = (entry.msgidPlural ?? "") + value
            case .msgstr(let index): entry.msgstr[index] += value
            }
        }

        func entry(line: Int) throws(Failure) -> POEntry? {
            guard hasMessage, !isObsolete else { return nil }
            guard !entry.msgstr.isEmpty else { throw Failure(line: line, message: "\"\(entry.msgid)\" has no msgstr") }
            return entry
        }
    }

    /// The text of `"..."`, escapes resolved.
    static func unquote(_ quoted: Substring, line: Int) throws(Failure) -> String {
        let trimmed = quoted.trimmingSpaces
        guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else {
            throw Failure(line: line, message: "expected a string in double quotes")
        }
        var out = ""
        var escaping = false
        for character in trimmed.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "\\", "\"": out.append(character)
                default: throw Failure(line: line, message: "unknown escape \\\(character)")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        guard !escaping else { throw Failure(line: line, message: "a string ends in a backslash") }
        return out
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
    var trimmingLeadingSpace: String { first == " " ? String(dropFirst()) : String(self) }
    var trimmingTrailingCarriageReturn: Substring {
        let sub = self[...]
        return sub.last == "\r" ? Substring(sub.dropLast()) : Substring(sub)
    }
}
