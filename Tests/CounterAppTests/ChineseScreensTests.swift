@testable import CounterApp
import Foundation
import Localization
import TerminalUI
import Testing

/// Every tape, played again in Simplified Chinese: the same keys walk the same screens, and
/// on each of them every text comes from the catalogue.
///
/// Two nets: the catalogue's recorder names each English text looked up without a translation,
/// and the screens are searched for Latin words, which must be names (brands, key caps, codes)
/// or what the tape itself typed: a text drawn without going through the catalogue shows up
/// there. Expectations are not checked (they are written in English); the keys still run.
@Suite struct ChineseScreensTests {
    static let root = TapeTests.repositoryRoot

    struct Walk {
        var missing: [String] = []
        var latinWords: [String: String] = [:]  // word -> the first screen line it was on
        var screens = 0
    }

    static func walk(_ relativePath: String) throws -> Walk {
        let path = root.appendingPathComponent("Tapes").appendingPathComponent(relativePath).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tape = try TapeParser.parse(text, path: path)
        // What the tape typed, swiped or pasted is data wherever it shows (a swiped "LOVELACE/ADA" is
        // shown as "Ada Lovelace"), so its words are compared without case.
        let typed = Set(tape.commands.flatMap { command -> [String] in
            switch command {
            case let .type(text), let .swipe(text), let .paste(text):
                return text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map { $0.lowercased() }
            default: return []
            }
        })
        let recorder = MissingTranslations()
        var walk = Walk()
        var player = TapePlayer()
        player.checksExpectations = false
        player.observeScreen = { screen in
            walk.screens += 1
            for line in screen.split(separator: "\n") {
                for word in latinWords(in: String(line)) where !typed.contains(word.lowercased()) && !allowedLatinWords.contains(word) {
                    if walk.latinWords[word] == nil { walk.latinWords[word] = String(line) }
                }
            }
        }
        // The counter the tape's world line asks for, as `checkout play` sets it up.
        let make = TapeWorld.makeApplication(forTape: text, database: ":memory:", library: KioskTapeWorld.library,
                                             demoDirectory: KioskTapeWorld.root.appendingPathComponent("Tapes/demo").path)
        _ = MissingTranslations.$recorder.withValue(recorder) {
            Language.$current.withValue(.simplifiedChinese) {
                player.play(tape, makeApplication: make)
            }
        }
        walk.missing = recorder.texts(in: .simplifiedChinese)
        return walk
    }

    /// Runs of two or more Latin letters, outside anything that looks like a code (digits, `_`,
    /// `@`, `://`, `.`): order numbers, receipt ids, emails and payment links are data.
    static func latinWords(in text: String) -> [String] {
        // A shell command (`checkout kiosk --set-operator-pin`) is typed as it is in any language.
        var text = text
        if let command = text.range(of: "checkout "), text[command.upperBound...].contains(" --") {
            text = String(text[..<command.lowerBound])
        }
        return text.split(whereSeparator: { $0.isWhitespace }).flatMap { token -> [String] in
            if token.contains(where: { $0.isNumber || $0 == "_" || $0 == "@" || $0 == "." || $0 == "/" }) { return [] }
            // Capitals alone, up to four, are codes in any language: LHR, IBAN, PIN, USD.
            let words: [Substring] = token.split(whereSeparator: { !($0.isASCII && $0.isLetter) })
            return words.filter { $0.count >= 2 && !($0.count <= 4 && $0.allSatisfy(\.isUppercase)) }.map(String.init)
        }
    }

    /// Latin words a Chinese screen may show besides codes: key caps and card brands.
    static let allowedLatinWords: Set<String> = [
        // keys, as printed on the keyboard
        "Enter", "Esc", "Tab", "Shift", "PgUp", "PgDn", "Ctrl", "Space", "Backspace", "Del", "Home", "End",
        // brands
        "Visa", "Mastercard", "American", "Express", "Discover", "JCB", "UnionPay", "Diners", "Club", "Amex",
        // the auction tapes' customer, whose cards the tape's world saved before it began
        "Ada", "Lovelace",
        // the express sheet's contact, where a receipt says the order ships: an address is data
        "Anna", "Schmidt", "Hauptstr", "Berlin", "DE",
        // the staff tapes' people, on the staff before the tape began: a name is data
        "Mia", "Carl",
    ]

    @Test(arguments: TapeTests.allTapes())
    func everyTextOnTheTapesScreensIsInTheCatalogue(_ relativePath: String) throws {
        let walk = try Self.walk(relativePath)
        #expect(walk.screens > 0)
        let missing = walk.missing.map { "  \"\($0)\"" }.joined(separator: "\n")
        #expect(walk.missing.isEmpty, "texts without a Chinese translation on \(relativePath):\n\(missing)")
        let english = walk.latinWords.sorted { $0.key < $1.key }
            .map { "  \($0.key)  in: \($0.value.trimmingCharacters(in: .whitespaces))" }.joined(separator: "\n")
        #expect(walk.latinWords.isEmpty, "English left on the Chinese screens of \(relativePath):\n\(english)")
    }

    @Test func latinWordsSkipCodesAndKeepWords() {
        #expect(Self.latinWords(in: "Order HS-000001 · receipt ch_abc Pay now") == ["Order", "receipt", "Pay", "now"])
        #expect(Self.latinWords(in: "订单 wechatpay://pay/src_1 ann@example.com 合计") == [])
        #expect(Self.latinWords(in: "LX 1234 LHR → ZRH · PIN · Paid") == ["Paid"])
        #expect(Self.latinWords(in: "未设置。设置方法：checkout kiosk --set-operator-pin").isEmpty)
        #expect(Self.latinWords(in: "Go to checkout now") == ["Go", "to", "checkout", "now"])
    }
}
