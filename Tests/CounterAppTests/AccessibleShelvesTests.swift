@_spi(Core) import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

/// The accessible mode's shelves a page at a time (issue 18): how many jars there are, ten a
/// page, "Next page" and "Previous page" as numbered choices, each page read from the database.
@Suite struct AccessibleShelvesTests {
    /// Runs the counter on `lines` over the four seeded jars and `jars` more ("Jar 0"...).
    static func run(jars: Int, _ lines: [String]) throws -> String {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator())
        try services.core.database.queue.write { db in
            for index in 0..<jars {
                try db.execute(sql: "INSERT INTO products (id, position, name, description, price_minor, currency, stock, image) VALUES (?, ?, ?, 'A jar.', 100, 'EUR', 5, '')",
                               arguments: ["jar-\(index)", 10 + index, "Jar \(index)"])
            }
        }
        var input = lines[...]
        var output = ""
        let counter = AccessibleCounter(services: services, timers: timers, readLine: { input.popFirst() }, write: { output += $0 },
                                        waitUntil: { clock.advance(to: $0) })
        #expect(counter.run() == 0)
        return output
    }

    /// The part of `output` from the `n`th "Jars ... of ...:" line (1-based) to the question.
    private func page(_ output: String, _ n: Int) -> String {
        let pages = output.components(separatedBy: "Jars ").dropFirst()
        guard pages.count >= n else { return "" }
        return "Jars " + (pages[pages.index(pages.startIndex, offsetBy: n - 1)].components(separatedBy: "Your choice").first ?? "")
    }

    @Test func theShelvesAreReadAPageAtATimeBothWays() throws {
        let output = try Self.run(jars: 25, [
            "1",        // browse
            "11",       // next page
            "11",       // next page: the last
            "10",       // previous page
            "12",       // previous page: the first again
            "1", "0",   // Acacia honey, none
            "5",        // quit
        ])
        #expect(output.contains("The honey jars, 29 of them."))
        let first = page(output, 1), second = page(output, 2), last = page(output, 3)
        #expect(first.hasPrefix("Jars 1 to 10 of 29:"))
        #expect(first.contains("1. Acacia honey, €6.50, 12 on the shelf") && first.contains("10. Jar 5, €1.00, 5 on the shelf"))
        #expect(first.contains("11. Next page") && first.contains("12. Back to the main menu") && !first.contains("Previous page"))
        #expect(!first.contains("Jar 6"), "a page, not the shop")
        #expect(second.hasPrefix("Jars 11 to 20 of 29:"))
        #expect(second.contains("1. Jar 6,") && second.contains("10. Jar 15,"))
        #expect(second.contains("11. Next page") && second.contains("12. Previous page") && second.contains("13. Back to the main menu"))
        #expect(last.hasPrefix("Jars 21 to 29 of 29:"))
        #expect(last.contains("9. Jar 24,") && last.contains("10. Previous page") && last.contains("11. Back to the main menu"))
        #expect(!last.contains("Next page"))
        #expect(page(output, 4) == second, "the page before the last is the second again")
        #expect(page(output, 5) == first)
        #expect(output.contains("How many jars of Acacia honey? (0 to cancel)"))
    }

    /// A shop of one page reads as before: no page line, no page choices.
    @Test func aShopOfOnePageHasNoPageChoices() throws {
        let output = try Self.run(jars: 6, ["1", "11", "5"])
        #expect(output.contains("The honey jars, 10 of them."))
        #expect(output.contains("10. Jar 5, €1.00, 5 on the shelf"))
        #expect(output.contains("11. Back to the main menu"))
        #expect(!output.contains("Jars 1 to") && !output.contains("Next page") && !output.contains("Previous page"))
    }
}
