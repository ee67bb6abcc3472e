import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
import PaymentsCore
import TerminalUI

/// The counter with a real payments core (in memory, the tape's manual clock, sequential ids so
/// references replay), set up as a tape's `# world:` line asks:
///
///     # world: customer pin=2468 cards=4242424242424242,4000000000000341
///
/// `customer` signs Ada in (the store's sign-in screen is not part of the auction tapes),
/// `cards=` saves those cards for her (the first is the default), `pin=` then locks her saved
/// payments behind that PIN. No world line: nobody is signed in.
final class AuctionTapeWorld {
    static let pin = "2468"

    let clock = ManualClock()
    let scheduler: LoopScheduler
    let services: CheckoutServices
    let environment: AuctionEnvironment

    init(world: String = "") throws {
        scheduler = LoopScheduler(clock: clock)
        var options = PaymentsCore.Options()
        options.passwordIterations = 1_000
        services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: scheduler, ids: SequentialIDGenerator(), options: options)
        environment = AuctionEnvironment(services: services, scheduler: scheduler)
        try apply(world)
    }

    /// The `# world:` line of a tape, if it has one.
    static func worldLine(of tape: String) -> String {
        for line in tape.split(separator: "\n") where line.hasPrefix("# world:") {
            return String(line.dropFirst("# world:".count))
        }
        return ""
    }

    private func apply(_ world: String) throws {
        let words = world.split(separator: " ").map(String.init)
        guard words.contains("customer") else { return }
        _ = try services.account.signUp(email: "ada@example.com", password: "honey-2026")
        for word in words where word.hasPrefix("cards=") {
            for number in word.dropFirst("cards=".count).split(separator: ",") {
                let card = try services.cards.tokenize(number: String(number), expiry: "12/30", cvc: "123", holder: "Ada Lovelace")
                _ = try services.account.saveCard(card)
            }
        }
        for word in words where word.hasPrefix("pin=") {
            try services.account.setPIN(String(word.dropFirst("pin=".count)))
        }
    }

    func makeApplication() -> CounterApplication {
        CounterApplication(auctions: environment)
    }
}
