@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Every store screen, at the smallest size the counter runs in (60x18), the usual 80x24 and a
/// large terminal: the key things on each are whole on screen, the header stays on the first
/// row and the footer (key hints) on the last, and no row is wider than the screen.
@Suite struct ScreenFitTests {
    /// Walks every screen; each `Expect` names what must be whole on it at any size.
    static let walk = """
        Press Enter
        Expect "Acacia honey"
        Expect "Wildflower honey"
        Press 1
        Expect "[ Add to cart ]"
        Press +
        Press Enter
        Expect "Cart 2 · €13.00"
        Press c
        Expect "Total (2 items)"
        Press Enter
        Expect "1  New card"
        Expect "4  Wallet"
        Press Enter
        Type "Jane Doe"
        Press Tab
        Type "4000002760003184"
        Press Tab
        Type "1230"
        Press Tab
        Type "12"
        Press Tab
        Expect "The security code has 3 digits."
        Expect "[ Pay €13.00 ]"
        Press Shift+Tab
        Type "3"
        Press Enter
        Press Enter
        Expect "Charging Visa •••• 3184"
        Sleep 2s
        Expect "Test cards: the code is 123456."
        Type "123456"
        Press Enter
        Sleep 2s
        Expect "Total €13.00"
        Expect "Paid with Visa •••• 3184"
        Press Enter
        Press a
        Expect "2  Sign up"
        Press 2
        Expect "[ Sign up ]"
        Type "fit@example.com"
        Press Tab
        Type "honey2026"
        Press Tab
        Type "honey2026"
        Press Enter
        Expect "5  Log out"
        Press 1
        Expect "No saved cards yet."
        Press a
        Expect "[ Save card ]"
        Press Esc
        Press Esc
        Press 4
        Expect "[ Set PIN ]"
        Press Esc
        Press 3
        Expect "2  Weekly jar: €3.50 a week"
        Press Esc
        Press 2
        Expect "Order history"
        """

    @Test(arguments: [Size(columns: 60, rows: 18), Size(columns: 80, rows: 24), Size(columns: 160, rows: 48)])
    func everyStoreScreenFits(_ size: Size) throws {
        var frames: [String] = []
        let player = TapePlayer(size: size)
        let tape = Self.walk.split(separator: "\n").flatMap { line -> [String] in
            line.hasPrefix("Expect") ? [String(line), "Screen"] : [String(line)]
        }.joined(separator: "\n")
        let result = try player.play(tape) { CounterApplication(makeServices: CounterApplication.services(database: ":memory:")) }
        #expect(result.failure == nil, "\(size): \(result.report())")
        frames = result.output.components(separatedBy: "── screen at line ").dropFirst().map { chunk in
            chunk.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        }
        #expect(frames.count >= 19)
        for frame in frames {
            let rows = frame.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(rows.count >= size.rows, "\(size): \(rows.count) rows")
            #expect(rows[0].hasPrefix(" Checkout Counter"), "\(size): header row \(rows[0])")
            let footer = rows[size.rows - 1]
            #expect(footer.contains("  ") && !footer.hasPrefix(" "), "\(size): footer \(footer)\n\(frame)")
            for row in rows.prefix(size.rows) {
                #expect(row.displayWidth <= size.columns, "\(size): row wider than the screen: \(row)")
            }
        }
    }
}
