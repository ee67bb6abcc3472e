import Testing
@testable import TerminalUI

@Suite struct TextFieldEditingTests {
    /// Sends keys in order and returns the state.
    func typed(_ keys: [Key], into start: TextFieldState = TextFieldState()) -> TextFieldState {
        var state = start
        for key in keys { state.handle(key) }
        return state
    }

    func characters(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test func typingInsertsAtTheCursor() {
        let state = typed(characters("hney") + [.home, .right] + characters("o"))
        #expect(state.value == "honey")
        #expect(state.cursor == 2)
    }

    @Test func cursorMovementKeys() {
        var state = TextFieldState(value: "honey")
        #expect(state.cursor == 5)
        state.handle(.home); #expect(state.cursor == 0)
        state.handle(.left); #expect(state.cursor == 0)
        state.handle(.end); #expect(state.cursor == 5)
        state.handle(.right); #expect(state.cursor == 5)
        state.handle(.control("a")); #expect(state.cursor == 0)
        state.handle(.control("e")); #expect(state.cursor == 5)
        state.handle(.left); state.handle(.left); #expect(state.cursor == 3)
    }

    @Test func backspaceDeleteAndClear() {
        var state = TextFieldState(value: "honey")
        state.handle(.backspace)
        #expect(state.value == "hone")
        state.handle(.home)
        state.handle(.backspace) // nothing before the cursor
        state.handle(.delete)
        #expect(state.value == "one")
        state.handle(.end)
        state.handle(.delete) // nothing after the cursor
        #expect(state.value == "one")
        state.handle(.control("u"))
        #expect(state.value == "")
        #expect(state.cursor == 0)
    }

    @Test func ctrlKDeletesToTheEnd() {
        var state = TextFieldState(value: "honeycomb")
        state.moveCursor(to: 5)
        state.handle(.control("k"))
        #expect(state.value == "honey")
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() {
        var state = TextFieldState(value: "Jane Q Public  ")
        state.handle(.control("w"))
        #expect(state.value == "Jane Q ")
        state.handle(.control("w"))
        state.handle(.control("w"))
        #expect(state.value == "")
        state.handle(.control("w")) // nothing left: no harm
        #expect(state.cursor == 0)
    }

    @Test func maxLengthStopsTyping() {
        let state = typed(characters("123456"), into: TextFieldState(maxLength: 4))
        #expect(state.value == "1234")
        var shortened = TextFieldState(value: "123456")
        shortened.maxLength = 3
        #expect(shortened.value == "123")
        #expect(shortened.cursor == 3)
    }

    @Test func theFilterRejectsCharactersButTheFieldStillOwnsTheKey() {
        var state = TextFieldState(filter: .digits)
        #expect(state.handle(.character("4")) == true)
        #expect(state.handle(.character("q")) == true) // used (a typed q must not quit), not inserted
        #expect(state.handle(.character("٣")) == true) // a non-ASCII digit is not a card digit
        #expect(state.value == "4")
    }

    @Test func controlCharactersAreNeverInserted() {
        var state = TextFieldState()
        state.handle(.character("\u{1B}"))
        state.handle(.character("\u{7}"))
        state.handle(.paste("ab\u{1B}[31mc\nd\te"))
        #expect(state.value == "ab[31mcde")
    }

    @Test func formKeysAreDeclined() {
        var state = TextFieldState(value: "x")
        for key in [Key.up, .down, .tab, .backTab, .enter, .escape, .control("c"), .function(1)] {
            #expect(state.handle(key) == false, "\(key)")
        }
        #expect(state.handle(.mouse(.left, at: Point(x: 0, y: 0))) == false)
    }

    @Test func pasteRespectsFilterAndMaxLength() {
        var state = TextFieldState(maxLength: 16, filter: .digits)
        #expect(state.handle(.paste("4242 4242 4242 4242 9999")) == true)
        #expect(state.value == "4242424242424242")
        var middle = TextFieldState(value: "1299")
        middle.moveCursor(to: 2)
        middle.handle(.paste("/"))
        #expect(middle.value == "12/99")
        #expect(middle.cursor == 3)
    }

    @Test func settingTheValueFiltersIt() {
        var state = TextFieldState(filter: .digits)
        state.value = "12ab34"
        #expect(state.value == "1234")
        #expect(state.cursor == 4)
    }
}

@Suite struct TextFieldDrawingTests {
    @Test func drawsLabelValueAndCursorWhenFocused() {
        var frame = widgetTestFrame(24, 1)
        var state = TextFieldState(value: "Ada")
        TextField(label: "Name").draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(frame.text == "Name  Ada")
        #expect(frame.cursor == Point(x: 9, y: 0))
        #expect(frame[6, 0].style == WidgetLook.field)
        #expect(frame[20, 0].style == WidgetLook.field) // the input area runs to the edge
        #expect(frame[0, 0].style == WidgetLook.accent)
    }

    @Test func noCursorWithoutFocus() {
        var frame = widgetTestFrame(20, 1)
        var state = TextFieldState(value: "Ada")
        TextField(label: "Name").draw(into: &frame, in: frame.bounds, state: &state, focused: false)
        #expect(frame.cursor == nil)
        #expect(frame[0, 0].style == WidgetLook.text)
    }

    @Test func masksEachCharacter() {
        var frame = widgetTestFrame(12, 1)
        var state = TextFieldState(value: "123", isMasked: true)
        TextField(label: "CVC").draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(frame.text == "CVC  •••")
        #expect(!frame.text.contains("123"))
    }

    @Test func showsThePlaceholderWhileEmpty() {
        var frame = widgetTestFrame(24, 1)
        var state = TextFieldState()
        TextField(label: "Card", placeholder: "1234 5678 9012 3456").draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(frame.text == "Card  1234 5678 9012 34…")
        #expect(frame.cursor == Point(x: 6, y: 0))
        #expect(frame[6, 0].style == WidgetLook.placeholder)
    }

    @Test func validationMessageGoesUnderTheValueInTheErrorRole() {
        var frame = widgetTestFrame(32, 2)
        var state = TextFieldState(value: "4242")
        state.validationMessage = "Card number is incomplete"
        TextField(label: "Card").draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(screenLines(frame) == ["Card  4242", "      Card number is incomplete"])
        #expect(frame[6, 1].style == WidgetLook.error)
    }

    @Test func onOneRowTheMessageGoesBesideAFixedWidthField() {
        var frame = widgetTestFrame(24, 1)
        var state = TextFieldState(value: "12")
        state.validationMessage = "Too short"
        TextField(label: "CVC", fieldWidth: 4).draw(into: &frame, in: frame.bounds, state: &state, focused: false)
        #expect(frame.text == "CVC  12   Too short") // field is columns 5-8, a space, then the message
    }

    @Test func scrollsHorizontallyToKeepTheCursorInView() {
        var state = TextFieldState(value: "0123456789")
        let field = TextField(label: "N", fieldWidth: 5)
        var frame = widgetTestFrame(10, 1)
        field.draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        // Cursor at the end: the last four characters and a column for the cursor.
        #expect(frame.text == "N  6789")
        #expect(frame.cursor == Point(x: 7, y: 0))

        state.handle(.home)
        frame = widgetTestFrame(10, 1)
        field.draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(frame.text == "N  01234")
        #expect(frame.cursor == Point(x: 3, y: 0))

        state.handle(.control("e"))
        for _ in 0..<8 { state.handle(.backspace) }
        frame = widgetTestFrame(10, 1)
        field.draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(frame.text == "N  01")
        #expect(state.scrollOffset == 0)
    }

    @Test func wideCharactersScrollByColumns() {
        var state = TextFieldState(value: "蜂蜜蜂蜜")
        var frame = widgetTestFrame(8, 1)
        TextField(fieldWidth: 5).draw(into: &frame, in: frame.bounds, state: &state, focused: true)
        #expect(frame.text == "蜂蜜")
        #expect(frame.cursor == Point(x: 4, y: 0))
        #expect(wideCharactersWellFormed(frame))
    }

    @Test func neverDrawsOutsideItsRect() {
        var frame = widgetTestFrame(20, 4, fill: ".")
        let rect = Rect(x: 2, y: 1, width: 10, height: 2)
        var state = TextFieldState(value: String(repeating: "x", count: 40))
        state.validationMessage = String(repeating: "e", count: 40)
        TextField(label: "A long label", placeholder: "p").draw(into: &frame, in: rect, state: &state, focused: true)
        #expect(untouchedOutside(frame, rect))
    }
}
