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
}
