@testable import CounterApp
import TerminalUI
import Testing

@Suite struct AppFeatureTests {
    @Test func homeMenuMovesWrapsAndOpensWhatIsPicked() {
        let store = TestStore(initialState: AppFeature.State(), environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        store.send(.home(.moveUp)) { $0.stack = [.home(Self.home(selection: 3))] }
        store.send(.home(.moveDown)) { $0.stack = [.home(Self.home(selection: 0))] }
        store.send(.home(.pick(1))) { $0.stack = [.home(Self.home(selection: 1))] }
        store.receive(.home(.activate))
        store.receive(.home(.open(.auctions))) {
            $0.stack.append(.auction(AuctionFeature.State()))
        }
        // Without a payments core the auctions list is empty (and says so).
        store.receive(.auction(.onAppear))
        store.receive(.auction(.entry(.loaded([]))))
        store.send(.back) { $0.stack.removeLast() }
        store.finish()
    }

    @Test func backOnHomeStaysHomeAndHelpClosesFirst() {
        let store = TestStore(initialState: AppFeature.State(), environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        store.send(.back)
        store.send(.toggleHelp) { $0.isShowingHelp = true }
        store.send(.back) { $0.isShowingHelp = false }
        store.finish()
    }

    @Test func quitEndsWithStatusZeroButAKioskRefuses() {
        let store = TestStore(initialState: AppFeature.State(), environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        store.send(.home(.pick(3))) { $0.stack = [.home(Self.home(selection: 3))] }
        store.receive(.home(.activate))
        store.receive(.home(.open(.quit)))
        store.receive(.quit)
        store.receive(.quitNow) { $0.exitStatus = 0 }
        store.finish()

        let kiosk = TestStore(initialState: AppFeature.State(isKiosk: true), environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        kiosk.send(.quit)
        kiosk.finish()
    }

    @Test func theStaffedHomesOperatorLineAsksTheShellForThePIN() {
        var asked = 0
        var environment = AppEnvironment(store: .unavailable)
        environment.openOperator = { asked += 1 }
        let store = TestStore(initialState: AppFeature.State(), environment: environment, reducer: AppFeature.reduce)
        store.send(.home(.pick(2))) { $0.stack = [.home(Self.home(selection: 2))] }
        store.receive(.home(.activate))
        store.receive(.home(.open(.operatorDesk)))
        store.finish()
        #expect(asked == 1)
        #expect(AppFeature.kioskHome(isKiosk: true).destinations == [.honeyStore, .auctions], "a kiosk shows no shopper the operator's way in, nor Quit")
    }

    @Test func keysMapToActionsTheSameOnEveryScreen() {
        let size = Size(columns: 80, rows: 24)
        var state = AppFeature.State()
        #expect(AppFeature.action(for: .key(.control("c")), in: state, size: size) == .quitNow)
        #expect(AppFeature.action(for: .key(.character("q")), in: state, size: size) == .quit)
        #expect(AppFeature.action(for: .key(.character("?")), in: state, size: size) == .toggleHelp)
        #expect(AppFeature.action(for: .key(.character("2")), in: state, size: size) == .home(.pick(1)))
        #expect(AppFeature.action(for: .key(.character("9")), in: state, size: size) == .home(.pick(8)))
        state.isShowingHelp = true
        #expect(AppFeature.action(for: .key(.character("2")), in: state, size: size) == .toggleHelp)
        #expect(AppFeature.action(for: .key(.control("c")), in: state, size: size) == .quitNow)
    }

    /// `q` with jars in the cart asks first (a guest's cart is gone once the counter ends): Stay
    /// is focused, n or Esc stays, y or the Quit button ends. Ctrl+C still ends at once.
    @Test func quittingWithAFullCartAsksFirst() {
        var initial = AppFeature.State()
        initial.session.cart = StoreWorld.cart((StoreWorld.acacia, 2))
        let store = TestStore(initialState: initial, environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        store.send(.quit) { $0.quitDialog = ModalDialogState(buttonCount: 2, focusedButton: 1) }
        #expect(AppFeature.action(for: .key(.character("q")), in: store.state, size: Size(columns: 80, rows: 24)) == .quitDialogKey(.character("q")),
                "the dialog takes every key")
        store.send(.quitDialogKey(.enter)) { $0.quitDialog = nil }  // Stay
        store.send(.quit) { $0.quitDialog = ModalDialogState(buttonCount: 2, focusedButton: 1) }
        store.send(.quitDialogKey(.character("n"))) { $0.quitDialog = nil }
        store.send(.quit) { $0.quitDialog = ModalDialogState(buttonCount: 2, focusedButton: 1) }
        store.send(.quitDialogKey(.left)) { $0.quitDialog = ModalDialogState(buttonCount: 2, focusedButton: 0) }
        store.send(.quitDialogKey(.enter)) { $0.quitDialog = nil }
        store.receive(.quitNow) { $0.exitStatus = 0 }
        store.finish()

        let ctrlC = TestStore(initialState: initial, environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        ctrlC.send(.quitNow) { $0.exitStatus = 0 }
        ctrlC.finish()
    }

    @Test func aClickOnAMenuRowPicksIt() {
        let size = Size(columns: 80, rows: 24)
        let state = AppFeature.State()
        let layout = HomeFeature.Layout(in: AppFeature.contentArea(size), rowCount: 3)
        let row = layout.rowRect(1)
        #expect(AppFeature.action(for: .mouse(.left, at: Point(x: row.x + 3, y: row.y)), in: state, size: size) == .home(.pick(1)))
        #expect(AppFeature.action(for: .mouse(.left, at: Point(x: 0, y: 23)), in: state, size: size) == nil)
    }

    private static func home(selection: Int) -> HomeFeature.State {
        var home = HomeFeature.State()
        home.list = ListSelection(selection)
        return home
    }
}

@Suite struct NoticeTests {
    @Test func aNoticeStaysUntilAKeyAndThatKeyDoesNothingElse() {
        let size = Size(columns: 80, rows: 24)
        let state = AppFeature.State(notice: "Theme not used: x.toml:3: key \"accent\"")
        #expect(AppFeature.action(for: .key(.character("q")), in: state, size: size) == .dismissNotice)
        #expect(AppFeature.action(for: .key(.control("c")), in: state, size: size) == .quitNow)
        var frame = Frame(size: size)
        AppFeature.draw(state, into: &frame)
        #expect(frame.text.contains("Theme not used: x.toml:3"))

        let store = TestStore(initialState: state, environment: AppEnvironment(store: .unavailable), reducer: AppFeature.reduce)
        store.send(.dismissNotice) { $0.notice = nil }
        store.finish()
    }

    /// A long notice (a theme's parse error) is wrapped under the header and read whole, not cut.
    @Test func aLongNoticeIsWrappedAndReadWhole() {
        let long = "Theme not used: /tmp/bad.toml:1: Error while parsing key-value pair: expected '=', saw 't'"
        var frame = Frame(size: Size(columns: 40, rows: 24))
        AppFeature.draw(AppFeature.State(notice: long), into: &frame)
        let rows = frame.text.components(separatedBy: "\n")
        let shown = rows[1...3].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(shown == long, "\(rows[0...4])")
    }
}
