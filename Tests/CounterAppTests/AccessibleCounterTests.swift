import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
import PaymentsCore
import Testing

/// The accessible mode, driven by lines as a person (or a screen reader's user) would type them,
/// on the real controllers over an in-memory database and a manual clock.
@Suite struct AccessibleCounterTests {
    /// Runs the counter on `lines`; answers everything it wrote and the services it used.
    static func run(_ lines: [String]) throws -> (output: String, services: CheckoutServices) {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
        var input = lines[...]
        var output = ""
        let counter = AccessibleCounter(services: services, timers: timers,
                                        readLine: { input.popFirst() }, write: { output += $0 },
                                        waitUntil: { clock.advance(to: $0) })
        #expect(counter.run() == 0)
        return (output, services)
    }

    @Test func aGuestBuysTwoJarsWithACard() throws {
        let (output, services) = try Self.run([
            "1",            // browse
            "4",            // Wildflower honey
            "2",            // two jars
            "3",            // check out
            "1",            // a new card
            "4242 4242 4242 4242", "12/30", "123", "Jane Doe",
            "1", "5",       // browse again, back
            "5",            // quit
        ])
        #expect(output.contains("Wildflower honey, €7.20"))
        #expect(output.contains("Added. Your cart: 2 jars, €14.40."))
        #expect(output.contains("Payment approved. Thank you!"))
        #expect(output.contains("Receipt: order HS-000001."))
        #expect(output.contains("Total €14.40, paid with Visa ending 4242."))
        #expect(output.contains("Goodbye."))
        #expect(!output.contains("\u{1B}"), "no escape sequence at all")
        // The sale is in the core: two jars fewer on the shelf.
        #expect(output.contains("Wildflower honey, €7.20, 6 on the shelf"))
        _ = services
    }

    @Test func badAnswersAreAskedAgain() throws {
        let (output, _) = try Self.run(["9", "honey", "", "3", "5"])
        #expect(output.components(separatedBy: "Please answer with a number from 1 to 5.").count == 4)
        #expect(output.contains("Your cart is empty: browse the honey jars first."))
    }

    @Test func aDeclinedCardSaysSoAndTheCartStays() throws {
        let (output, _) = try Self.run(["1", "1", "1", "3", "1", "4000 0000 0000 0002", "12/30", "123", "Jane Doe", "2", "5"])
        #expect(output.contains("The payment did not go through"))
        #expect(output.contains("Your cart: 1 jar, €6.50."))
    }

    /// Each answer is checked when it is given and asked again (issue 15): a wrong number is
    /// said before the expiry is asked, a past expiry before the CVC, a short CVC before the name.
    @Test func eachCardAnswerIsCheckedWhenGivenAndAskedAgain() throws {
        let (output, _) = try Self.run(["1", "1", "1", "3", "1",
                                        "4242 4242 4242 4241", "4242 4242 4242 4242",
                                        "01/20", "12/30",
                                        "12", "123",
                                        "", "Jane", "5"])
        let wrongNumber = try #require(output.range(of: CardNumberError.failedChecksum.message))
        let expiryAsked = try #require(output.range(of: "Expiry, month and year as MM/YY:"))
        #expect(wrongNumber.upperBound <= expiryAsked.lowerBound, "the number's problem is said before the expiry is asked")
        #expect(output.components(separatedBy: "Card number (digits, spaces allowed):").count == 3)
        #expect(output.components(separatedBy: "Expiry, month and year as MM/YY:").count == 3)
        #expect(output.components(separatedBy: "Security code (CVC):").count == 3)
        #expect(output.components(separatedBy: "Name on the card:").count == 3)
        #expect(!output.contains("The card was not accepted"))
        #expect(output.contains("Payment approved."))
    }

    /// "Only 3 left." asks the number of jars again (issue 15): fewer jars are added, and the
    /// shopper is not dropped at the main menu.
    @Test func tooManyJarsAsksTheNumberAgain() throws {
        let (output, _) = try Self.run(["1", "3", "5", "2", "5"])
        #expect(output.contains("Not added: Only 3 left."))
        #expect(output.components(separatedBy: "How many jars of Manuka honey? (0 to cancel)").count == 3)
        #expect(output.contains("Added. Your cart: 2 jars, €48.00."))
    }

    @Test func theEndOfInputQuits() throws {
        let (output, _) = try Self.run(["1"])
        #expect(output.hasSuffix("Goodbye.\n"))
    }
}
