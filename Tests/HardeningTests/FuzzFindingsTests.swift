import Clocks
import CounterApp
import Foundation
import TerminalUI
import Testing

/// What the monkey found, each pinned by the shortest replay of it.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    static func counter() -> HeadlessTerminal {
        HeadlessTerminal(application: CounterApplication(makeServices: CounterApplication.services(database: ":memory:")))
    }

    /// Seed 3 paid with 4000 0000 0000 0259 (the acquirer never answers) and stayed on
    /// "Charging Visa •••• 0259" for 2,400 steps and days of clock: no key but Ctrl+C got out.
    @Test("a charge that is never answered gives the shopper a way on")
    func neverAnsweredCharge() {
        let terminal = Self.counter()
        for key in [Key.enter, .character("4"), .character("+"), .enter, .character("c"), .enter, .enter] { terminal.send(key) }
        terminal.type("Jane Doe\t4000000000000259\t1230\t123")
        terminal.send(.enter)
        terminal.send(.enter)
        terminal.advance(by: .seconds(5))
        #expect(terminal.text.contains("Charging Visa •••• 0259"))
        // The settler asks the acquirer again (every few seconds while a payment is open): the
        // answer reaches the screen by itself, and the order is paid once.
        terminal.advance(by: .seconds(30))
        #expect(!terminal.text.contains("Charging Visa"), "\(terminal.text)")
        #expect(terminal.text.contains("Thank you! Payment approved."), "\(terminal.text)")
    }
}
