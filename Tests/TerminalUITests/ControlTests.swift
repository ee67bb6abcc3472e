import Foundation
import Testing
@testable import TerminalUI

@Suite struct ButtonTests {
    @Test func drawsWithBracketsAndTheFocusLook() {
        var frame = widgetTestFrame(12, 2)
        let pay = Button("Pay")
        #expect(pay.draw(into: &frame, in: Rect(x: 1, y: 0, width: 11, height: 1), focused: true) == 7)
        Button("Back").draw(into: &frame, in: Rect(x: 1, y: 1, width: 11, height: 1), focused: false)
        #expect(screenLines(frame) == [" [ Pay ]", " [ Back ]"])
        #expect(frame[3, 0].style == WidgetLook.focused)
        #expect(frame[3, 1].style == WidgetLook.text)
    }

    @Test func enterOrSpacePressesAnEnabledButtonOnly() {
        #expect(Button("Pay").handle(.enter))
        #expect(Button("Pay").handle(.character(" ")))
        #expect(!Button("Pay").handle(.character("x")))
        #expect(!Button("Pay", isDisabled: true).handle(.enter))
    }

    @Test func aDisabledButtonIsMutedEvenWhenFocused() {
        var frame = widgetTestFrame(10, 1)
        Button("Pay", isDisabled: true).draw(into: &frame, in: frame.bounds, focused: true)
        #expect(frame[2, 0].style == WidgetLook.disabled)
    }

    @Test func aRowOfButtonsIsCentredWithTheFocusedOneMarked() {
        var frame = widgetTestFrame(24, 1)
        ButtonRow.draw([Button("OK"), Button("Cancel")], into: &frame, in: frame.bounds, focusedIndex: 1)
        #expect(frame.text == "   [ OK ]  [ Cancel ]")
        #expect(frame[14, 0].style == WidgetLook.focused)
        #expect(frame[5, 0].style == WidgetLook.text)
    }
}

@Suite struct CheckboxTests {
    @Test func spaceAndEnterToggle() {
        var state = CheckboxState()
        #expect(state.handle(.character(" ")) == true)
        #expect(state.isChecked)
        #expect(state.handle(.enter) == true)
        #expect(!state.isChecked)
        #expect(state.handle(.character("x")) == false)
        var disabled = CheckboxState(isDisabled: true)
        #expect(disabled.handle(.enter) == false)
        #expect(!disabled.isChecked)
    }

    @Test func drawsTheBoxAndLabel() {
        var frame = widgetTestFrame(20, 2)
        Checkbox("Save this card").draw(into: &frame, in: Rect(x: 0, y: 0, width: 20, height: 1), state: CheckboxState(isChecked: true), focused: true)
        Checkbox("Send receipt").draw(into: &frame, in: Rect(x: 0, y: 1, width: 20, height: 1), state: CheckboxState(), focused: false)
        #expect(screenLines(frame) == ["[x] Save this card", "[ ] Send receipt"])
        #expect(frame[1, 0].style == WidgetLook.focused)
    }
}

@Suite struct SpinnerTests {
    @Test func theFrameIsAFunctionOfTime() {
        let spinner = Spinner(frames: ["a", "b", "c"], interval: .milliseconds(100))
        let start = Date(timeIntervalSince1970: 0)
        #expect(spinner.frame(at: start) == "a")
        #expect(spinner.frame(at: start.addingTimeInterval(0.099)) == "a")
        #expect(spinner.frame(at: start.addingTimeInterval(0.1)) == "b")
        #expect(spinner.frame(at: start.addingTimeInterval(0.25)) == "c")
        #expect(spinner.frame(at: start.addingTimeInterval(0.3)) == "a")
    }

    @Test func drawsTheFrameAndLabel() {
        var frame = widgetTestFrame(20, 1)
        let time = Date(timeIntervalSince1970: 1_795_341_600) // the manual clock's start
        Spinner().draw(into: &frame, in: frame.bounds, time: time, label: "Authorising")
        #expect(frame.text == "\(Spinner().frame(at: time)) Authorising")
        // The same moment gives the same frame, every run.
        #expect(Spinner().frame(at: time) == Spinner.dots[0])
    }
}

@Suite struct BoxTests {
    @Test func returnsTheInsideAndShowsFocus() {
        var frame = widgetTestFrame(12, 3)
        let inside = Box(title: "Pay").draw(into: &frame, in: frame.bounds, focused: true)
        #expect(inside == Rect(x: 1, y: 1, width: 10, height: 1))
        #expect(screenLines(frame) == ["╭─ Pay ────╮", "│          │", "╰──────────╯"])
        #expect(frame[0, 1].style == WidgetLook.focusedBorder)
    }
}

@Suite struct FocusRingTests {
    @Test func tabAndShiftTabWrapAroundSkippingDisabled() {
        var ring = FocusRing(count: 4, disabled: [2])
        #expect(ring.focused == 0)
        #expect(ring.handle(.tab) == true)
        #expect(ring.focused == 1)
        ring.handle(.tab)
        #expect(ring.focused == 3)
        ring.handle(.tab)
        #expect(ring.focused == 0)
        ring.handle(.backTab)
        #expect(ring.focused == 3)
        ring.handle(.backTab)
        #expect(ring.focused == 1)
        #expect(ring.handle(.enter) == false)
    }

    @Test func startsOnTheFirstEnabledAndMovesOffADisabledOne() {
        var ring = FocusRing(count: 3, disabled: [0])
        #expect(ring.focused == 1)
        ring.disabled = [0, 1]
        #expect(ring.focused == 2)
        #expect(ring.focus(0) == false)
        #expect(ring.focus(2) == true)
    }

    @Test func nothingToFocus() {
        var none = FocusRing(count: 2, disabled: [0, 1])
        #expect(none.focused == nil)
        #expect(none.handle(.tab) == false)
        var empty = FocusRing(count: 0)
        #expect(empty.handle(.tab) == false)
        var single = FocusRing(count: 1)
        #expect(single.handle(.tab) == false) // nowhere else to go
        #expect(single.isFocused(0))
    }
}
