import Foundation
@testable import Localization
import Testing

/// Every text the sources hand to the catalogue by name (`tr("...")`, a `KeyHint` label) has a
/// Chinese translation, screens no tape reaches included. `ChineseScreensTests` is the other net:
/// it catches what the tapes show without going through the catalogue at all.
@Suite struct SourceKeysTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    struct Key: Hashable, CustomStringConvertible {
        let text: String
        /// As written in the source, escapes and all.
        let literal: String
        let place: String
        var description: String { "\(place): \"\(text)\"" }
    }

    /// A Swift string literal's body: anything but a quote or a backslash, or an escape.
    static let literal = #""((?:[^"\\\n]|\\.)*)""#

    static func keys() throws -> [Key] {
        let patterns = [
            try NSRegularExpression(pattern: #"\btr\("# + literal),
            try NSRegularExpression(pattern: #"KeyHint\("# + literal + #",\s*"# + literal + #"\)"#),
        ]
        var found: [Key] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Localization/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let range = NSRange(line.startIndex..., in: line)
                for (index, pattern) in patterns.enumerated() {
                    for match in pattern.matches(in: line, range: range) {
                        // tr's first argument; a KeyHint's second (its label).
                        let group = index == 0 ? 1 : 2
                        guard let body = Range(match.range(at: group), in: line) else { continue }
                        found.append(Key(text: unescaped(String(line[body])), literal: String(line[body]), place: "\(file):\(number + 1)"))
                    }
                }
            }
        }
        return found
    }

    static func unescaped(_ body: String) -> String {
        var result = ""
        var escaping = false
        for character in body {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    @Test func theSourcesNameManyTexts() throws {
        #expect(try Self.keys().count > 500)
    }

    @Test func everyNamedTextHasAChineseTranslation() throws {
        let table = try #require(Catalogue.table(for: .simplifiedChinese))
        let missing = try Self.keys().filter { table[$0.text] == nil && !$0.text.isEmpty }
        let list = missing.map(\.description).joined(separator: "\n")
        #expect(missing.isEmpty, "without a translation:\n\(list)")
    }

    /// `tr("Order \(n)")` looks up a key that changes with `n`: it must be `tr("Order {0}", n)`.
    @Test func noKeyInterpolates() throws {
        let interpolating = try Self.keys().filter { $0.literal.contains("\\(") }
        #expect(interpolating.isEmpty, "\(interpolating)")
    }

    /// `trn("{0} item", "{0} items", count: n, n)`: the singular and the plural, as written.
    static func countedKeys() throws -> [(singular: String, plural: String, place: String)] {
        let pattern = try NSRegularExpression(pattern: #"\btrn\("# + literal + #",\s*"# + literal)
        var found: [(String, String, String)] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Localization/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let singular = Range(match.range(at: 1), in: line), let plural = Range(match.range(at: 2), in: line) else { continue }
                    found.append((unescaped(String(line[singular])), unescaped(String(line[plural])), "\(file):\(number + 1)"))
                }
            }
        }
        return found
    }

    /// Every counted text has its forms in Chinese, and the catalogue knows it by the same plural.
    @Test func everyCountedTextHasItsChineseForms() throws {
        let counted = try Self.countedKeys()
        #expect(counted.count >= 4, "the cart's total, the checkout's summary, the orders, the wallet")
        let plurals = try #require(Catalogue.plurals(for: .simplifiedChinese))
        let entries = (Catalogue.entries(for: .simplifiedChinese) ?? []).flatMap(\.entries)
        for key in counted {
            #expect(plurals[key.singular]?.count == Language.simplifiedChinese.pluralFormCount, "\(key.place): \"\(key.singular)\" has no Chinese forms")
            #expect(entries.contains { entry in
                if case let .plural(singular, plural, _) = entry { return singular == key.singular && plural == key.plural }
                return false
            }, "\(key.place): the catalogue has \"\(key.singular)\" with another plural than \"\(key.plural)\"")
        }
    }
}
