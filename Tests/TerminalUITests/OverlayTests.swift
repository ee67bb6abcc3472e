import Testing
@testable import TerminalUI

@Suite struct ModalDialogTests {
    @Test func drawsACentredBoxOverClearedScreen() {
        var frame = widgetTestFrame(30, 9, fill: "x")
        let dialog = ModalDialog(title: "Remove", message: "Remove the honey?", buttons: ["Yes", "No"])
        dialog.draw(into: &frame, state: ModalDialogState(buttonCount: 2))
        #expect(screenLines(frame) == [
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "xxxx╭─ Remove ──────────╮xxxxx",
            "xxxx│                   │xxxxx",
            "xxxx│ Remove the honey? │xxxxx",
            "xxxx│                   │xxxxx",
            "xxxx│  [ Yes ]  [ No ]  │xxxxx",
            "xxxx╰───────────────────╯xxxxx",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        ])
        #expect(frame[9, 5].style == WidgetLook.focused)
    }

    @Test func aLongMessageWrapsWithinTheMaximumWidth() {
        var frame = widgetTestFrame(40, 12)
        let dialog = ModalDialog(title: "Declined", message: "Your card was declined by the bank. Try another card.", buttons: ["OK"], maxWidth: 24, tone: .error)
        dialog.draw(into: &frame, state: ModalDialogState(buttonCount: 1))
        let box = dialog.layout(in: frame.bounds)
        #expect(box.width == 24)
        #expect(frame.text.contains("│ Your card was        │"))
        #expect(frame.text.contains("[ OK ]"))
        #expect(frame[box.x, box.y].style == Style(.error))
    }

    @Test func keysMoveChooseAndDismiss() {
        var state = ModalDialogState(buttonCount: 3)
        #expect(state.update(.right) == nil)
        #expect(state.focusedButton == 1)
        state.handle(.tab)
        state.handle(.tab)
        #expect(state.focusedButton == 0) // wrapped
        state.handle(.left)
        #expect(state.update(.enter) == .chose(2))
        #expect(state.update(.escape) == .dismissed)
        var insisting = ModalDialogState(buttonCount: 2, isDismissible: false)
        #expect(insisting.update(.escape) == nil)
    }

    @Test func itTakesEveryKeyButCtrlC() {
        var state = ModalDialogState(buttonCount: 1)
        #expect(state.handle(.character("q")) == true)
        #expect(state.handle(.down) == true)
        #expect(state.handle(.control("c")) == false)
    }

    @Test func fitsATinyScreenWithoutCrashing() {
        for columns in 0...6 {
            for rows in 0...4 {
                var frame = Frame(size: Size(columns: columns, rows: rows))
                ModalDialog(title: "T", message: "A message", buttons: ["OK", "Cancel"]).draw(into: &frame, state: ModalDialogState(buttonCount: 2))
                #expect(frame.cells.count == columns * rows)
            }
        }
    }
}

@Suite struct FooterTests {
    let hints = [KeyHint.select, .back, .help, .quit]

    @Test func showsEveryHintWhenThereIsRoom() {
        var frame = widgetTestFrame(60, 1)
        Footer(hints).draw(into: &frame, in: frame.bounds)
        #expect(frame.text == "Enter Select  Esc Back  ? Keys  q Quit")
        #expect(frame[0, 0].style == Style(.accent, .bold))
        #expect(frame[6, 0].style == Style(.footer))
        #expect(frame[59, 0].style == Style(.footer)) // the whole line is the footer's
    }

    /// The screen's own keys give way from the end; `? Keys` and `q Quit` stay.
    @Test func theScreensOwnHintsGiveWayAndHelpAndQuitStay() {
        var frame = widgetTestFrame(33, 1)
        Footer(hints).draw(into: &frame, in: frame.bounds)
        #expect(frame.text == "Enter Select  …  ? Keys  q Quit")
        #expect(Footer(hints).items(width: 38) == hints.map(Footer.Item.hint))
        #expect(Footer(hints).items(width: 37) == [.hint(.select), .more, .hint(.help), .hint(.quit)])
        #expect(Footer(hints).items(width: 31) == [.hint(.select), .more, .hint(.help), .hint(.quit)])
        #expect(Footer(hints).items(width: 30) == [.more, .hint(.help), .hint(.quit)])
    }

    /// The priority rule (issue 34): Esc, the primary action (the first Enter, or the hint marked
    /// primary), `?` and `q` stay; the others yield from the end, in the screen's order.
    @Test func escThePrimaryActionHelpAndQuitNeverYield() {
        let cart = [KeyHint("↑↓", "Move"), KeyHint("+ -", "Quantity"), KeyHint("d", "Remove"), KeyHint("e", "Empty"),
                    KeyHint("Enter", "Checkout"), KeyHint("Esc", "Back"), .help, .quit]
        var frame = widgetTestFrame(56, 1)
        Footer(cart).draw(into: &frame, in: frame.bounds)
        #expect(frame.text == "↑↓ Move  Enter Checkout  Esc Back  …  ? Keys  q Quit")
        let marked = [KeyHint("Tab", "Next"), KeyHint("Space", "Accept"), KeyHint("c", "Continue").primary, KeyHint("Esc", "Leave"), .help]
        #expect(Footer(marked).mustStay == [KeyHint("c", "Continue").primary, KeyHint("Esc", "Leave"), .help])
        var narrow = widgetTestFrame(34, 1)
        Footer(marked).draw(into: &narrow, in: narrow.bounds)
        #expect(narrow.text == "c Continue  Esc Leave  …  ? Keys")
    }

    /// Without help or quit among them (a text field has the keys), hints drop from the end.
    @Test func withNothingToKeepHintsDropFromTheEnd() {
        var frame = widgetTestFrame(27, 1)
        Footer([.select, .back, .focus]).draw(into: &frame, in: frame.bounds)
        #expect(frame.text == "Enter Select  Esc Back  …")
    }

    @Test func aSingleHintTooWideIsCut() {
        var frame = widgetTestFrame(8, 1)
        Footer(hints).draw(into: &frame, in: frame.bounds)
        #expect(frame.text == "Enter S…")
        var one = widgetTestFrame(1, 1)
        Footer(hints).draw(into: &one, in: one.bounds)
        #expect(one.text == "…")
    }
}

@Suite struct HelpOverlayTests {
    @Test func listsTheKeysInAModal() {
        var frame = widgetTestFrame(30, 9, fill: "x")
        HelpOverlay(hints: [KeyHint("↑ ↓", "Move"), .select, .back]).draw(into: &frame)
        #expect(screenLines(frame) == [
            "xxxx╭─ Keys ────────────╮xxxxx",
            "xxxx│                   │xxxxx",
            "xxxx│  ↑ ↓     Move     │xxxxx",
            "xxxx│  Enter   Select   │xxxxx",
            "xxxx│  Esc     Back     │xxxxx",
            "xxxx│                   │xxxxx",
            "xxxx│  Esc or ? closes  │xxxxx",
            "xxxx╰───────────────────╯xxxxx",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        ])
    }

    @Test func opensOnRequestAndClosesOnEscOrQuestionMark() {
        var state = HelpOverlayState()
        #expect(state.handle(.character("?")) == false) // hidden: the screen decides
        state.show()
        #expect(state.handle(.down) == true)             // modal: swallowed
        #expect(state.isShown)
        #expect(state.handle(.character("?")) == true)
        #expect(!state.isShown)
        state.toggle()
        state.handle(.escape)
        #expect(!state.isShown)
        state.show()
        #expect(state.handle(.control("c")) == false)   // Ctrl+C still quits
    }
}

@Suite struct TextBlockTests {
    @Test func wrapsIntoItsRect() {
        var frame = widgetTestFrame(12, 3)
        let used = TextBlock("Raw honey from the moors, jarred by hand.").draw(into: &frame, in: frame.bounds)
        #expect(used == 3)
        #expect(screenLines(frame) == ["Raw honey", "from the", "moors,"])
    }

    @Test func scrollsAndStopsAtTheEnd() {
        let block = TextBlock("one\ntwo\nthree\nfour\nfive")
        var state = TextBlockState()
        var frame = widgetTestFrame(8, 2)
        block.draw(into: &frame, in: frame.bounds, state: &state)
        #expect(screenLines(frame) == ["one", "two"])
        #expect(state.handle(.up) == false)
        #expect(state.handle(.down) == true)
        #expect(state.handle(.end) == true)
        frame = widgetTestFrame(8, 2)
        block.draw(into: &frame, in: frame.bounds, state: &state)
        #expect(screenLines(frame) == ["four", "five"])
        #expect(state.handle(.down) == false)
        #expect(state.handle(.pageUp) == true)
        #expect(state.offset == 2)
    }

    @Test func alignsCentredText() {
        var frame = widgetTestFrame(9, 1)
        TextBlock("Paid", alignment: .center).draw(into: &frame, in: frame.bounds)
        #expect(frame.text == "  Paid")
    }
}

@Suite struct TooSmallScreenTests {
    @Test func centresTheRequest() {
        var frame = widgetTestFrame(30, 5)
        TooSmallScreen(minimum: Size(columns: 60, rows: 18)).draw(into: &frame)
        #expect(screenLines(frame) == [
            "",
            "      Terminal too small",
            "       30x5, need 60x18",
            "      Enlarge the window",
            "",
        ])
    }

    @Test func fitsEverySizeDownToNothing() {
        for columns in 0...12 {
            for rows in 0...4 {
                var frame = Frame(size: Size(columns: columns, rows: rows))
                TooSmallScreen(minimum: Size(columns: 60, rows: 18)).draw(into: &frame)
                #expect(frame.cells.count == columns * rows)
                #expect(wideCharactersWellFormed(frame))
            }
        }
        var one = widgetTestFrame(1, 1)
        TooSmallScreen(minimum: Size(columns: 60, rows: 18)).draw(into: &one)
        #expect(one.text == "…")
    }
}
