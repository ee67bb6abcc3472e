import Testing
@testable import TerminalUI

@Suite struct ListStateTests {
    @Test func startsOnTheFirstEnabledRow() {
        #expect(ListState(itemCount: 3).selected == 0)
        #expect(ListState(itemCount: 3, disabled: [0, 1]).selected == 2)
        #expect(ListState(itemCount: 0).selected == nil)
        #expect(ListState(itemCount: 2, disabled: [0, 1]).selected == nil)
    }

    @Test func arrowsSkipDisabledRowsAndDeclineAtTheEnds() {
        var state = ListState(itemCount: 5, disabled: [1, 2])
        #expect(state.update(.down) == .moved(to: 3))
        #expect(state.update(.up) == .moved(to: 0))
        #expect(state.update(.up) == nil)           // already at the top: declined
        #expect(state.handle(.up) == false)
        #expect(state.handle(.down) == true)
        #expect(state.handle(.down) == true)
        #expect(state.selected == 4)
        #expect(state.handle(.down) == false)
    }

    @Test func pagesHomeAndEnd() {
        var state = ListState(itemCount: 100, disabled: [99], viewportHeight: 10)
        #expect(state.update(.pageDown) == .moved(to: 9))
        #expect(state.update(.pageDown) == .moved(to: 18))
        #expect(state.update(.end) == .moved(to: 98))
        #expect(state.update(.pageDown) == nil)
        #expect(state.update(.pageUp) == .moved(to: 89))
        #expect(state.update(.home) == .moved(to: 0))
    }

    @Test func keepsTheSelectionInView() {
        var state = ListState(itemCount: 50, viewportHeight: 5)
        for _ in 0..<7 { state.handle(.down) }
        #expect(state.selected == 7)
        #expect(state.offset == 3)
        state.handle(.end)
        #expect(state.offset == 45)
        state.handle(.home)
        #expect(state.offset == 0)
    }

    @Test func numberKeysPickALineWhenNumbersAreShown() {
        var numbered = ListState(itemCount: 5, disabled: [2], showsNumbers: true)
        #expect(numbered.update(.character("4")) == .picked(3))
        #expect(numbered.selected == 3)
        #expect(numbered.update(.character("3")) == nil) // disabled
        #expect(numbered.update(.character("9")) == nil) // no such row
        #expect(numbered.update(.character("0")) == nil)
        var plain = ListState(itemCount: 5)
        #expect(plain.update(.character("2")) == nil)
    }

    @Test func enterActivatesTheSelection() {
        var state = ListState(itemCount: 3, selected: 1)
        #expect(state.update(.enter) == .activated(1))
        var empty = ListState(itemCount: 0)
        #expect(empty.update(.enter) == nil)
    }

    @Test func shrinkingTheListMovesTheSelectionToAnEnabledRow() {
        var state = ListState(itemCount: 10, selected: 9)
        state.itemCount = 5
        #expect(state.selected == 4)
        state.disabled = [4]
        #expect(state.selected == 3)
    }
}

@Suite struct ListViewTests {
    @Test func drawsRowsWithMarkerNumbersAndDetails() {
        var frame = widgetTestFrame(24, 4)
        var state = ListState(itemCount: 3, disabled: [1], showsNumbers: true)
        let items = [("Wildflower", "£8.50"), ("Heather", "sold out"), ("Manuka", "£24.00")]
        ListView(items) { ListRow($0.0, detail: $0.1) }
            .draw(into: &frame, in: Rect(x: 0, y: 0, width: 24, height: 4), state: &state, focused: true)
        #expect(screenLines(frame) == [
            "› 1 Wildflower     £8.50",
            "  2 Heather     sold out",
            "  3 Manuka        £24.00",
            "",
        ])
        #expect(frame[5, 0].style == WidgetLook.focused)
        #expect(frame[23, 0].style == WidgetLook.focused) // the whole row is highlighted
        #expect(frame[4, 1].style == WidgetLook.disabled)
        #expect(frame[4, 2].style == WidgetLook.text)
    }

    @Test func unfocusedSelectionIsQuieter() {
        var frame = widgetTestFrame(10, 2)
        var state = ListState(itemCount: 2)
        ListView(["a", "b"]).draw(into: &frame, in: frame.bounds, state: &state, focused: false)
        #expect(frame[2, 0].style == WidgetLook.selectedUnfocused)
    }

    @Test func longTextGivesWayToTheDetail() {
        var frame = widgetTestFrame(20, 1)
        var state = ListState(itemCount: 1)
        ListView(emptyText: "") { _ in ListRow("Raw heather honey from the moors", detail: "£9") }
            .draw(into: &frame, in: frame.bounds, state: &state, focused: false)
        #expect(frame.text == "› Raw heather ho… £9")
    }

    @Test func drawsOnlyTheVisibleRowsOfAHugeList() {
        var calls: [Int] = []
        var state = ListState(itemCount: 100_000, viewportHeight: 5)
        let view = ListView { index in
            calls.append(index)
            return ListRow("Item \(index)")
        }
        var frame = widgetTestFrame(20, 5)
        view.draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(calls == [0, 1, 2, 3, 4])

        calls.removeAll()
        state.handle(.end)
        view.draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(calls == Array(99_995..<100_000))
        #expect(screenLines(frame).last == "› Item 99999")
        #expect(screenLines(frame).first == "  Item 99995       ▲")
    }

    @Test func scrollsWithTheSelection() {
        var state = ListState(itemCount: 10)
        let view = ListView((0..<10).map { "Row \($0)" })
        var frame = widgetTestFrame(10, 3)
        view.draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        for _ in 0..<4 { state.handle(.down) }
        frame = widgetTestFrame(10, 3)
        view.draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        // Rows hidden above and below: the last column says so.
        #expect(screenLines(frame) == ["  Row 2  ▲", "  Row 3", "› Row 4  ▼"])
    }

    @Test func aClickPicksTheRowUnderIt() {
        var state = ListState(itemCount: 10)
        var frame = widgetTestFrame(10, 4)
        ListView((0..<10).map { "Row \($0)" }).draw(into: &frame, in: Rect(x: 0, y: 1, width: 10, height: 3), state: &state, focused: true)
        #expect(state.update(.mouse(.left, at: Point(x: 3, y: 3))) == .picked(2))
        #expect(state.update(.mouse(.left, at: Point(x: 3, y: 0))) == nil) // above the list
    }

    @Test func anEmptyListSaysSo() {
        var frame = widgetTestFrame(20, 2)
        var state = ListState(itemCount: 0)
        ListView([], emptyText: "Your cart is empty").draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(screenLines(frame) == ["Your cart is empty", ""])
    }
}
