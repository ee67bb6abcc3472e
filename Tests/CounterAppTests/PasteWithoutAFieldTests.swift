@testable import CounterApp
import Clocks
import TerminalUI
import Testing

/// Pasted text is text: on a screen with no field in focus it does nothing at all (a pasted `q`
/// once quit the counter). A field takes it whole: `PasteTests`.
@Suite struct PasteWithoutAFieldTests {
    private func counter() -> HeadlessTerminal {
        let terminal = HeadlessTerminal(application: CounterApplication(makeServices: CounterApplication.services(database: ":memory:")),
                                        size: Size(columns: 80, rows: 24), clock: ManualClock())
        terminal.settle()
        return terminal
    }

    @Test func aPastedQOnAScreenWithoutAFieldDoesNotQuit() {
        let terminal = counter()
        let before = terminal.text
        terminal.send(.paste("q"))
        terminal.send(.paste("2\r"))
        #expect(terminal.exitStatus == nil)
        #expect(terminal.text == before, "nothing chosen, nothing opened")
        #expect(terminal.application.title == "Checkout Counter · Home")
    }
}
