import TerminalUI

/// The counter as the loop sees it: events in, frames out.
public final class CounterApplication: Application {
    private let store: Store<AppFeature.State, AppFeature.Action>
    private var size = Size(columns: 80, rows: 24)

    private let auctions: AuctionEnvironment

    public init(isKiosk: Bool = false, notice: String? = nil, auctions: AuctionEnvironment = AuctionEnvironment()) {
        self.auctions = auctions
        store = Store(initialState: AppFeature.State(isKiosk: isKiosk, notice: notice)) { state, action in
            AppFeature.reduce(&state, action, auctions: auctions)
        }
    }

    public var state: AppFeature.State { store.state }

    public func start(_ context: LoopContext) {
        auctions.start(context)
    }

    public func handle(_ event: InputEvent) {
        if case let .resize(newSize) = event { size = newSize; return }
        if let action = AppFeature.action(for: event, in: store.state, size: size) {
            store.send(action)
        }
    }

    public func draw(into frame: inout Frame) {
        size = frame.size
        AppFeature.draw(store.state, into: &frame)
    }

    public var exitStatus: Int32? { store.state.exitStatus }
}
