import Foundation
import Testing

/// Reducers are pure: no reducer (nor a helper that builds effects) gets a client, and none
/// reaches one outside an effect. Checked on every file of `Sources/CounterApp` but the
/// architecture itself (the store is where effects meet their environment).
@Suite struct ReducerPurityTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CounterApp")

    @Test func noReducerTakesOrReachesAClient() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && !$0.path.contains("/Architecture/") }
        #expect(files.count > 50, "the scan found the sources")
        var reducers = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            reducers += source.components(separatedBy: "func reduce").count - 1
            for violation in ReducerPurityScan.violations(in: source) {
                Issue.record("\(file.lastPathComponent): \(violation)")
            }
        }
        #expect(reducers > 20, "the scan saw the reducers")
    }

    // The scan itself, on each way the rule can be broken (and kept).

    @Test func aReducerThatTakesAClientIsCaught() {
        let source = """
        static func reduce(_ state: inout State, _ action: Action, client: StoreClient) -> Effect<Action, Void> { .none }
        static func reduce(_ state: inout State, _ action: Action, _ world: KioskFeature.Environment) -> Effect<Action, Void> { .none }
        private static func tick(_ payment: Int, services: Any) -> Effects { .none }
        """
        #expect(ReducerPurityScan.violations(in: source).map(\.problem) == ["takes `client`", "takes a `KioskFeature.Environment`", "takes `services`"])
    }

    @Test func aReducerThatReachesAClientOutsideAnEffectIsCaught() {
        let source = """
        static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
            state.cart = StoreClient.unavailable.cart()
            return .none
        }
        """
        #expect(ReducerPurityScan.violations(in: source).count == 1)
    }

    @Test func theClientInsideAnEffectAndInWordsIsFine() {
        let source = """
        static func reduce(_ state: inout State, _ action: Action, session: StoreSession) -> Effect<Action, StoreClient> {
            // client.cart() in a comment is no call
            state.message = "ask client.cart() {0}"
            return .merge(.run { client, send in send(.loaded(client.cart())) },
                          Effect.run { client, send in client.schedule(.seconds(1)) { send(.tick) } }.cancellable(id: ID.tick))
        }
        func live(services: CheckoutServices) -> StoreClient { services.client }
        """
        #expect(ReducerPurityScan.violations(in: source).isEmpty)
    }
}
