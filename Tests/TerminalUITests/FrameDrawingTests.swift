import Testing
@testable import TerminalUI

@Suite struct FrameWriteTests {
    @Test func writesTextAndReturnsTheColumnsUsed() {
        var frame = widgetTestFrame(10, 1)
        let used = frame.write("Honey", at: Point(x: 2, y: 0), style: Style(.accent))
        #expect(used == 5)
        #expect(frame.text == "  Honey")
        #expect(frame[2, 0].style == Style(.accent))
        #expect(frame[1, 0].style == .plain)
    }

    @Test func aWideCharacterWritesAContinuationCell() {
        var frame = widgetTestFrame(6, 1)
        let used = frame.write("蜂蜜", at: Point(x: 0, y: 0))
        #expect(used == 4)
        #expect(frame[0, 0].character == "蜂")
        #expect(frame[1, 0].isContinuation)
        #expect(frame[2, 0].character == "蜜")
        #expect(frame[3, 0].isContinuation)
        #expect(frame.text == "蜂蜜")
    }

    @Test func clipsAtTheRightEdgeOfTheClip() {
        var frame = widgetTestFrame(10, 3, fill: ".")
        let clip = Rect(x: 2, y: 1, width: 4, height: 1)
        let used = frame.write("Wildflower", at: Point(x: 2, y: 1), clip: clip)
        #expect(used == 4)
        #expect(screenLines(frame) == ["..........", "..Wild....", ".........."])
    }

    @Test func clipsAtTheLeftEdgeAndAboveAndBelow() {
        var frame = widgetTestFrame(6, 3, fill: ".")
        let clip = Rect(x: 2, y: 1, width: 3, height: 1)
        frame.write("abcdef", at: Point(x: 0, y: 1), clip: clip)
        frame.write("zzz", at: Point(x: 2, y: 0), clip: clip)
        frame.write("zzz", at: Point(x: 2, y: 2), clip: clip)
        #expect(screenLines(frame) == ["......", "..cde.", "......"])
    }

    @Test func aWideCharacterStraddlingTheClipEdgeBecomesASpace() {
        var frame = widgetTestFrame(8, 1, fill: ".")
        let clip = Rect(x: 1, y: 0, width: 4, height: 1)
        // a(1) 蜂(2,3) 蜜(4,5) -> 蜜 would need columns 4 and 5, but 5 is outside.
        frame.write("a蜂蜜", at: Point(x: 1, y: 0), clip: clip)
        #expect(frame.text == ".a蜂 ...")
        #expect(frame[4, 0] == Cell(" "))
        #expect(frame[5, 0] == Cell("."))
        #expect(wideCharactersWellFormed(frame))

        var left = widgetTestFrame(6, 1, fill: ".")
        // Starting one column left of the clip: 蜂's second half would be inside.
        left.write("蜂ab", at: Point(x: 0, y: 0), clip: Rect(x: 1, y: 0, width: 5, height: 1))
        #expect(left.text == ". ab..")
        #expect(wideCharactersWellFormed(left))
    }

    @Test func neverWritesOutsideTheFrame() {
        var frame = widgetTestFrame(4, 2, fill: ".")
        frame.write("outside", at: Point(x: -10, y: 0))
        frame.write("outside", at: Point(x: 0, y: -1))
        frame.write("outside", at: Point(x: 0, y: 2))
        frame.write("蜂蜂蜂", at: Point(x: 1, y: 1))
        #expect(screenLines(frame) == ["....", ".蜂"]) // the third 蜂 became a (trimmed) space
        #expect(frame.cells.count == 8)
        #expect(wideCharactersWellFormed(frame))
    }

    @Test func controlCharactersAreNeverDrawn() {
        var frame = widgetTestFrame(10, 1)
        let used = frame.write("a\u{1B}[2Jb\nc\u{7}", at: Point(x: 0, y: 0))
        #expect(frame.text == "a[2Jbc")
        #expect(used == 6)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = widgetTestFrame(6, 1)
        frame.write("蜂蜜", at: Point(x: 0, y: 0))
        frame.write("x", at: Point(x: 1, y: 0))   // right half of 蜂
        frame.write("y", at: Point(x: 2, y: 0))   // left half of 蜜
        #expect(frame.text == " xy")
        #expect(wideCharactersWellFormed(frame))
    }

    @Test func alignedWritesTruncateAndPlace() {
        var frame = widgetTestFrame(12, 3)
        frame.write("Total", in: Rect(x: 0, y: 0, width: 12, height: 1), alignment: .trailing)
        frame.write("Mid", in: Rect(x: 0, y: 1, width: 12, height: 1), alignment: .center)
        frame.write("Much too long a line", in: Rect(x: 0, y: 2, width: 12, height: 1))
        #expect(screenLines(frame) == ["       Total", "    Mid", "Much too lo…"])
    }
}

@Suite struct FrameShapeTests {
    @Test func fillsOnlyTheRectWithinTheClip() {
        var frame = widgetTestFrame(6, 4, fill: ".")
        frame.fill(Rect(x: 1, y: 1, width: 10, height: 10), with: "#", clip: Rect(x: 0, y: 0, width: 4, height: 3))
        #expect(screenLines(frame) == ["......", ".###..", ".###..", "......"])
    }

    @Test func drawsABoxWithATitle() {
        var frame = widgetTestFrame(14, 4)
        let inside = frame.drawBox(Rect(x: 0, y: 0, width: 14, height: 4), title: "Cart")
        #expect(screenLines(frame) == [
            "┌─ Cart ─────┐",
            "│            │",
            "│            │",
            "└────────────┘",
        ])
        #expect(inside == Rect(x: 1, y: 1, width: 12, height: 2))
    }

    @Test func aLongTitleIsTruncatedInsideTheBorder() {
        var frame = widgetTestFrame(12, 3)
        frame.drawBox(frame.bounds, title: "Payment details", border: .rounded)
        #expect(screenLines(frame) == ["╭─ Payme… ─╮", "│          │", "╰──────────╯"])
    }

    @Test func aBoxBiggerThanTheFrameIsClipped() {
        var frame = widgetTestFrame(5, 3, fill: ".")
        frame.drawBox(Rect(x: 2, y: 1, width: 10, height: 10), title: "Big")
        // The title's leading space lands in the last column.
        #expect(screenLines(frame) == [".....", "..┌─", "..│.."])
    }

    @Test func aBoxDrawsOnlyInsideTheClip() {
        var frame = widgetTestFrame(10, 6, fill: ".")
        let clip = Rect(x: 0, y: 1, width: 4, height: 3)
        frame.drawBox(Rect(x: 0, y: 0, width: 10, height: 6), title: "Title", clip: clip)
        #expect(untouchedOutside(frame, clip))
        #expect(screenLines(frame)[1] == "│.........")
    }

    @Test func horizontalRule() {
        var frame = widgetTestFrame(8, 2, fill: ".")
        frame.drawHorizontalRule(at: Point(x: 2, y: 1), width: 100)
        #expect(screenLines(frame) == ["........", "..──────"])
    }

    @Test func tinyBoxesDrawNothingAndNothingCrashes() {
        var frame = widgetTestFrame(3, 3, fill: ".")
        for width in -1...3 {
            for height in -1...3 {
                frame.drawBox(Rect(x: 1, y: 1, width: width, height: height), title: "T")
            }
        }
        var empty = Frame(size: Size(columns: 0, rows: 0))
        empty.drawBox(Rect(x: 0, y: 0, width: 5, height: 5), title: "x")
        empty.write("x", at: Point(x: 0, y: 0))
        empty.fill(Rect(x: 0, y: 0, width: 3, height: 3))
        #expect(empty.text == "")
    }
}
