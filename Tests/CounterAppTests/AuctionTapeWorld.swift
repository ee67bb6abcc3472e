import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
import PaymentsCore
import TerminalUI

/// The counter with a real payments core (in memory, the tape's manual clock), set up as a
/// tape's `# world:` line asks (only the PIN tapes need one: the store has no screen that sets
/// a payments PIN; every other tape signs up and adds cards through the screens):
///
///     # world: customer pin=2468 cards=4242424242424242,4000000000000341
///
/// `customer` signs Ada in, `cards=` saves those cards for her (the first is the default), `pin=` then locks her saved
/// payments behind that PIN. No world line: nobody is signed in.
final class AuctionTapeWorld {
    let clock = ManualClock()
    private let world: String
    /// The app the tape ran on (its callback log), once the tape has started it.
    private(set) var application: CounterApplication?
    private(set) var services: CheckoutServices?

    init(world: String = "") {
        self.world = world
    }

    /// The `# world:` line of a tape, if it has one.
    static func worldLine(of tape: String) -> String {
        for line in tape.split(separator: "\n") where line.hasPrefix("# world:") {
            return String(line.dropFirst("# world:".count))
        }
        return ""
    }

    var callbacks: [String] { application?.auctionCallbacks.entries ?? [] }

    /// The world is `CustomerTapeWorld`'s, as `checkout play` applies it; only the options differ
    /// (few password rounds, for speed).
    private static func apply(_ world: String, to services: CheckoutServices) throws {
        try CustomerTapeWorld(tapeText: "# world:" + world)?.apply(to: services)
    }

    func makeApplication() -> CounterApplication {
        let world = self.world
        let app = CounterApplication(makeServices: { [weak self] clock, timers in
            var options = PaymentsCore.Options()
            options.passwordIterations = 1_000
            let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
            try Self.apply(world, to: services)
            self?.services = services
            return services
        })
        application = app
        return app
    }
}
