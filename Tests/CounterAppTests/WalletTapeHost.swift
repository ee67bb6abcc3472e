@testable import CounterApp
import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import TerminalUI

/// Plays one payment-screen feature on the loop, over a real core (`:memory:`, the tape's clock,
/// the loop's timers, sequential ids so that payment codes and goldens are the same every run).
///
/// Until the store's payment-method picker opens these screens inside `CounterApplication`, the
/// tapes under `Tapes/wallet`, `Tapes/bank` and `Tapes/express` start on the screen itself.
final class PaymentScreenHost<State, Action, Environment>: Application {
    struct Feature {
        /// Builds the store on the opened services, and the actions to send first.
        var start: (CheckoutServices, TimerQueue) -> (Store<State, Action, Environment>, [Action])
        var action: (InputEvent, State) -> Action?
        var keyHints: (State) -> [KeyHint]
        var draw: (State, inout Frame, Rect, Date) -> Void
    }

    private let feature: Feature
    private var store: Store<State, Action, Environment>?
    private var clock: Clock?
    private var failure: String?
    private(set) var services: CheckoutServices?

    init(_ feature: Feature) {
        self.feature = feature
    }

    func start(_ context: LoopContext) {
        clock = context.clock
        do {
            let services = try CheckoutServices(database: .inMemory, clock: context.clock, scheduler: context.timers, ids: SequentialIDGenerator())
            self.services = services
            let (store, first) = feature.start(services, context.timers)
            self.store = store
            first.forEach(store.send)
        } catch {
            failure = "The payments core could not open: \(error)"
        }
    }

    func handle(_ event: InputEvent) {
        guard let store else { return }
        if let action = feature.action(event, store.state) { store.send(action) }
    }

    func draw(into frame: inout Frame) {
        let bounds = frame.bounds
        frame.fill(bounds, style: Style(.background))
        let header = bounds.splitTop(1).top
        frame.fill(header, style: Style(.title, .reverse))
        frame.write(" Checkout Counter", in: header, style: Style(.title, [.reverse, .bold]))
        let area = bounds.inset(top: 1, left: 0, bottom: 1, right: 0)
        if let failure { frame.write(failure, in: area, style: Style(.error)) }
        guard let store else { return }
        feature.draw(store.state, &frame, area, clock?.now ?? Date(timeIntervalSince1970: 0))
        Footer(feature.keyHints(store.state)).draw(into: &frame, in: bounds.splitBottom(1).bottom)
    }

    var exitStatus: Int32? { nil }
}

extension PaymentScreenHost where State == WalletCounterFeature.State, Action == WalletCounterFeature.Action, Environment == WalletClient {
    /// The wallet counter for one jar of honey, as the store would open it.
    static func wallet(description: String = "Honey jar, acacia 500 g", amount: Money = Money(minorUnits: 1_250, currency: .eur)) -> PaymentScreenHost {
        PaymentScreenHost(Feature(
            start: { services, _ in
                let client = WalletClient.live(services: services)
                let store = Store(initialState: WalletCounterFeature.State(itemDescription: description, amount: amount), environment: client,
                                  reducer: WalletCounterFeature.reduce)
                client.open(amount, description) { [weak store] in store?.send($0) }
                return (store, [])
            },
            action: { WalletCounterFeature.action(for: $0, in: $1) },
            keyHints: WalletCounterFeature.keyHints(for:),
            draw: { state, frame, area, time in WalletCounterFeature.draw(state, into: &frame, in: area, time: time) }
        ))
    }
}

/// Plays a tape written in a test on a host, with goldens in a folder of `Tapes/`.
enum TapeFolder {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tapes")
    }

    /// Nil when the tape held; else the report. `UPDATE_GOLDENS=1 swift test` rewrites the goldens.
    static func play(_ text: String, goldens: String, makeApplication: () -> Application) throws -> String? {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1"
        let player = TapePlayer(update: update, snapshotDirectory: root.appendingPathComponent(goldens).path)
        let result = try player.play(text, makeApplication: makeApplication)
        return result.failure == nil ? nil : result.report(path: goldens)
    }
}
