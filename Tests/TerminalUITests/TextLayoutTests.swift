import Testing
@testable import TerminalUI

@Suite struct TruncationTests {
    @Test func shortTextIsUntouched() {
        #expect("Honey".truncated(toWidth: 5) == "Honey")
        #expect("Honey".truncated(toWidth: 10) == "Honey")
    }

    @Test func longTextEndsInAnEllipsis() {
        #expect("Wildflower honey".truncated(toWidth: 8) == "Wildflo…")
        #expect("Wildflower honey".truncated(toWidth: 1) == "…")
        #expect("Wildflower honey".truncated(toWidth: 0) == "")
        #expect("Honey".truncated(toWidth: 4, ellipsis: "...") == "H...")
    }

    @Test func wideCharactersAreNeverCutInHalf() {
        // 蜂蜜蜂蜜 is 8 columns; at 6 there is room for two (4) + …, not a half third.
        #expect("蜂蜜蜂蜜".truncated(toWidth: 6) == "蜂蜜…")
        #expect("蜂蜜蜂蜜".truncated(toWidth: 6).displayWidth <= 6)
        #expect("蜂蜜蜂蜜".truncated(toWidth: 4) == "蜂…")
        #expect("🍯🍯🍯".truncated(toWidth: 4) == "🍯…")
    }

    @Test func paddingFillsToTheWidth() {
        #expect("ab".padded(toWidth: 4) == "ab  ")
        #expect("蜂".padded(toWidth: 3) == "蜂 ")
        #expect("abcdef".padded(toWidth: 4) == "abc…")
    }
}

@Suite struct WrappingTests {
    @Test func wrapsBetweenWords() {
        #expect("The quick brown fox jumps".wrapped(toWidth: 10) == ["The quick", "brown fox", "jumps"])
    }

    @Test func exactFitNeedsNoBreak() {
        #expect("abc def".wrapped(toWidth: 7) == ["abc def"])
        #expect("abc def".wrapped(toWidth: 6) == ["abc", "def"])
    }

    @Test func breaksWordsLongerThanALine() {
        #expect("Supercalifragilistic is long".wrapped(toWidth: 8) == ["Supercal", "ifragili", "stic is", "long"])
    }

    @Test func cjkBreaksAnywhereAndNeverOverflows() {
        #expect("蜂蜜は美味しい".wrapped(toWidth: 6) == ["蜂蜜は", "美味し", "い"])
        // An odd width leaves a column empty rather than splitting a character.
        #expect("蜂蜜は美味".wrapped(toWidth: 5) == ["蜂蜜", "は美", "味"])
        #expect("Buy 蜂蜜 now".wrapped(toWidth: 6) == ["Buy 蜂", "蜜 now"])
        // Closing punctuation never starts a line: it goes with the character before it.
        #expect("蜂蜜很甜。好吃".wrapped(toWidth: 8) == ["蜂蜜很", "甜。好吃"])
        #expect("买蜂蜜，付款".wrapped(toWidth: 6) == ["买蜂", "蜜，付", "款"])
    }

    @Test func emojiAndCombiningMarksCountByColumns() {
        #expect("🍯🍯🍯".wrapped(toWidth: 4) == ["🍯🍯", "🍯"])
        #expect("cafe\u{301} cafe\u{301}".wrapped(toWidth: 4) == ["cafe\u{301}", "cafe\u{301}"])
    }

    @Test func keepsExplicitNewlinesAndBlankLines() {
        #expect("one\n\ntwo".wrapped(toWidth: 10) == ["one", "", "two"])
        #expect("".wrapped(toWidth: 10) == [""])
    }

    @Test func dropsSpacesAtSoftBreaksButKeepsIndentation() {
        #expect("  indented text here".wrapped(toWidth: 10) == ["  indented", "text here"])
        #expect("a     b".wrapped(toWidth: 3) == ["a", "b"])
    }

    @Test func removesControlCharacters() {
        #expect("be\u{7}ep".wrapped(toWidth: 10) == ["beep"])
    }

    @Test func everyLineFits() {
        let text = "Raw heather honey from the North York Moors, 蜂蜜 🍯 and café\u{301} prices"
        for width in 1...20 {
            for line in text.wrapped(toWidth: width) {
                #expect(line.displayWidth <= max(width, 1), "width \(width): \(line)")
            }
        }
        #expect("abc".wrapped(toWidth: 0) == [])
    }
}
