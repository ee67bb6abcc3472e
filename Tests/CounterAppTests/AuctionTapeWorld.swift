import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
import PaymentsCore
import TerminalUI

/// The counter with a real payments core (in memory, the tape's manual clock), set up as a
/// tape's `# world:` line asks (`CustomerTapeWorld`, as `checkout play` applies it; only the PIN
/// tapes need one). No world line: nobody is signed in. Kept for the tests that look at what the
/// callbacks did, and for speed (few password rounds).
final class AuctionTapeWorld {
    let clock = ManualClock()
    private let world: CustomerTapeWorld?
    /// The app the tape ran on (its callback log), once the tape has started it.
    private(set) var application: CounterApplication?
    private(set) var services: CheckoutServices?

    private let isDemo: Bool

    init(tapeText: String = "") {
        world = CustomerTapeWorld(tapeText: tapeText)
        isDemo = TapeWorld.isDemo(tapeText: tapeText)
    }

    var callbacks: [String] { application?.auctionCallbacks.entries ?? [] }

    func makeApplication() -> CounterApplication {
        let world = self.world
        let app = CounterApplication(demo: isDemo, makeServices: { [weak self] clock, timers in
            var options = PaymentsServices.Options()
            options.passwordIterations = 1_000
            let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
            try world?.apply(to: services)
            self?.services = services
            return services
        })
        application = app
        return app
    }
}
