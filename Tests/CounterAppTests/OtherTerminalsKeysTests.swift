@testable import CounterApp
import Clocks
import TerminalUI
import Testing

/// Keys as other terminals send them reach the counter as keys (issue 34): End from PuTTY, the
/// Linux console or tmux (`ESC [ 4 ~`) on the store's shelf once read as Esc (back home), then
/// `4` (Quit), and the counter exited.
@Suite struct OtherTerminalsKeysTests {
    private func shelf() -> HeadlessTerminal {
        let terminal = HeadlessTerminal(application: CounterApplication(makeServices: CounterApplication.services(database: ":memory:")),
                                        size: Size(columns: 80, rows: 24), clock: ManualClock())
        terminal.settle()
        terminal.send(.enter)
        terminal.settle()
        return terminal
    }

    @Test(arguments: ["\u{1B}[4~", "\u{1B}[1~", "\u{1B}[2~", "\u{1B}[3~", "\u{1B}[[D", "\u{1B}[99~", "\u{1B}[1;5F", "\u{1B}O4Q"])
    func aKeyFromAnotherTerminalOnTheShelfNeitherQuitsNorGoesHome(sequence: String) {
        let terminal = shelf()
        #expect(terminal.text.contains("Acacia honey"))
        let title = terminal.application.title
        terminal.receive(terminalInput: sequence)
        terminal.settle()
        #expect(terminal.exitStatus == nil, "\(sequence.debugDescription) quit the counter")
        #expect(terminal.application.title == title, "\(sequence.debugDescription) left the shelf")
        #expect(terminal.text.contains("Acacia honey"))
    }

    /// Home and End from PuTTY or the Linux console move the caret in a field, as xterm's do.
    @Test func homeAndEndFromPuTTYMoveTheCaretInAField() {
        let terminal = shelf()
        terminal.type("a2")
        terminal.settle()
        #expect(terminal.text.contains("Create your account"))
        terminal.type("bee@example.com")
        terminal.receive(terminalInput: "\u{1B}[1~")
        terminal.type("<")
        terminal.receive(terminalInput: "\u{1B}[4~")
        terminal.type(">")
        terminal.settle()
        #expect(terminal.text.contains("<bee@example.com>"), "\(terminal.text)")
    }
}
