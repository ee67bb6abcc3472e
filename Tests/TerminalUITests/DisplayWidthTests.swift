import Testing
@testable import TerminalUI

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect("Honey".displayWidth == 5)
        #expect(Character("a").displayWidth == 1)
        #expect("".displayWidth == 0)
    }

    @Test func cjkHangulAndFullwidthAreTwoColumns() {
        #expect("蜂蜜".displayWidth == 4)
        #expect("한국".displayWidth == 4)
        #expect("ｈｏｎｅｙ".displayWidth == 10)
        #expect("カ".displayWidth == 2)
        #expect("a中b".displayWidth == 4)
    }

    @Test func emojiArePresentedTwoColumnsWide() {
        #expect(Character("🍯").displayWidth == 2)
        #expect(Character("🐝").displayWidth == 2)
        #expect(Character("❤️").displayWidth == 2)      // U+2764 U+FE0F
        #expect(Character("♥").displayWidth == 1)       // text presentation
        #expect(Character("👩‍👩‍👧").displayWidth == 2)   // a ZWJ family is one picture
        #expect(Character("🇬🇧").displayWidth == 2)     // a flag
        #expect(Character("👍🏽").displayWidth == 2)     // with a skin tone
    }

    @Test func combiningMarksJoinTheirBase() {
        #expect("e\u{301}".displayWidth == 1)           // é as e + combining acute
        #expect("cafe\u{301}".displayWidth == 4)
        #expect(Character("\u{301}").displayWidth == 0) // a lone mark
        #expect(Character("\u{200D}").displayWidth == 0)
        #expect(Character("\u{FE0F}").displayWidth == 0)
        #expect("한".decomposedStringWithCanonicalMapping.displayWidth == 2) // Jamo L+V+T
    }

    @Test func controlCharactersTakeNoColumns() {
        #expect(Character("\u{7}").displayWidth == 0)
        #expect(Character("\u{1B}").displayWidth == 0)
        #expect(Character("\n").displayWidth == 0)
        #expect(Character("\r\n").displayWidth == 0)
        #expect(Character("\u{9B}").displayWidth == 0) // C1 CSI
        #expect("a\tb".displayWidth == 2)
        #expect(DisplayWidth.isControl(Character("\u{1B}")))
        #expect(!DisplayWidth.isControl(Character("é")))
    }

    /// A line of plain text is counted scalar by scalar, without splitting it into characters:
    /// the same width as character by character, for every scalar it takes and beside the
    /// neighbours that would join one (marks, joiners, variation selectors), which send it the
    /// slow way.
    @Test func plainTextIsCountedAsCharacterByCharacter() {
        func byCharacter(_ text: String) -> Int { text.reduce(0) { $0 + DisplayWidth.of($1) } }
        let plain = [0x20..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x20A0..<0x20D0, 0x2190..<0x2200, 0x2500..<0x25FD]
            .flatMap { $0 }.compactMap { Unicode.Scalar(UInt32($0)) }
        let neighbours = ["", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{20E3}", "\u{AD}", "\r\n", "\u{1B}", "a", "蜂", "🍯", "\u{1F3FD}", "\u{1F1EC}"]
        for scalar in plain {
            for after in neighbours {
                let text = "›\(Character(scalar))\(after)€"
                #expect(DisplayWidth.of(text) == byCharacter(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(DisplayWidth.widthOfPlainText("› 1  Acacia honey   €6.50") == 25)
        #expect(DisplayWidth.widthOfPlainText("a\tb\r\n") == 2)
        #expect(DisplayWidth.widthOfPlainText("e\u{301}") == nil)
        #expect(DisplayWidth.widthOfPlainText("蜂蜜") == nil)
    }
}
