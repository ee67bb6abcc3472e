import Foundation

/// A journal entry's document, as a value that has one text only (`canonicalText`), so that an
/// auditor can rebuild the entry's hash from the row and nothing else.
///
/// The canonical text is JSON with nothing left to chance: object keys sorted by their UTF-8
/// bytes, no spaces, integers only (money in minor units beside its currency code, never a
/// float), times as ISO 8601 text in UTC with milliseconds (`2026-11-28T13:15:54.000Z`: a
/// 13-digit millisecond count in a text column would read as a card number to the audit's
/// scan), strings escaped as JSON must (`"`, `\`, and control characters as `\u00XX`) and
/// nothing else. Docs/journal.md shows one.
public indirect enum JournalValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case text(String)
    case integer(Int64)
    case list([JournalValue])
    case fields([String: JournalValue])

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// A moment, as the canonical text writes it.
    public static func time(_ date: Date) -> JournalValue { .text(JournalTime.text(date)) }

    /// A nil value is left out of its object: an absent key, never `null`.
    public static func optional(_ text: String?) -> JournalValue? { text.map(JournalValue.text) }

    public var canonicalText: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case let .text(text): Self.quote(text, into: &out)
        case let .integer(number): out += String(number)
        case let .list(values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case let .fields(fields):
            out += "{"
            for (index, key) in fields.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                fields[key]!.write(into: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// A journal entry's body: the document's fields (`JournalValue.fields`), written canonically.
public struct JournalBody: Hashable, Sendable {
    public var fields: [String: JournalValue]

    /// - Parameter fields: a nil value is left out.
    public init(_ fields: [String: JournalValue?]) {
        self.fields = fields.compactMapValues { $0 }
    }

    public var canonicalText: String { JournalValue.fields(fields).canonicalText }
}

/// Times in the journal's text: UTC, milliseconds, one format.
enum JournalTime {
    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // Whole milliseconds, as the books store them: the text never says more than the row.
        return formatter.string(from: Date(milliseconds: date.milliseconds))
    }
}
