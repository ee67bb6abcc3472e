@testable import CounterApp
import TerminalUI
import Testing

/// A list row with a detail at its right (a subscription's "renews 1 Dec", an order's total).
@Suite struct SelectableRowTests {
    func drawn(_ text: String, detail: String, width: Int) -> String {
        var frame = Frame(size: Size(columns: width, rows: 1))
        ScreenDrawing.selectableRow(text, detail: detail, selected: false, into: &frame, in: Rect(x: 0, y: 0, width: width, height: 1))
        return frame.text.trimmingCharacters(in: .newlines)
    }

    @Test func aLongTextGivesWayToTheDetailInsteadOfBeingWrittenOver() {
        let row = drawn("Monthly jar · period 1 · checking the first payment with the bank", detail: "no renewal", width: 60)
        #expect(row.hasSuffix(" no renewal"), "the detail is whole: \(row)")
        #expect(row.contains("… no renewal"), "the text ends in an ellipsis, a space before the detail: \(row)")
        #expect(!row.contains("bano"))
    }

    @Test func aTextThatFitsIsLeftWhole() {
        let row = drawn("Monthly jar · active", detail: "renews 1 Dec", width: 60)
        #expect(row.hasPrefix("  Monthly jar · active "))
        #expect(row.hasSuffix("renews 1 Dec"))
    }
}
