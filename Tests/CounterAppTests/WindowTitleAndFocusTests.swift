@testable import CounterApp
import Clocks
import Localization
import TerminalUI
import Testing

/// What the counter tells the terminal beyond the cells: the window's title names the screen,
/// and the focus (where the hidden cursor rests, for a braille display or a magnifier) is the
/// selected line.
@Suite struct WindowTitleAndFocusTests {
    @Test func theTitleNamesTheScreenShown() {
        let terminal = HeadlessTerminal(application: CounterApplication(makeServices: CounterApplication.services(database: ":memory:")),
                                        size: Size(columns: 80, rows: 24), clock: ManualClock())
        terminal.settle()
        #expect(terminal.application.title == "Checkout Counter · Home")
        terminal.send(.enter)  // the honey store
        terminal.settle()
        #expect(terminal.application.title == "Checkout Counter · Honey Store")
        terminal.send(.character("c"))
        terminal.settle()
        #expect(terminal.application.title == "Checkout Counter · Cart")
    }

    @Test func theTitleIsInTheCountersLanguage() {
        Language.$current.withValue(.simplifiedChinese) {
            var state = AppFeature.State()
            #expect(AppFeature.windowTitle(state) == "收银台 · 首页")
            state.stack.append(.cart(CartFeature.State()))
            #expect(AppFeature.windowTitle(state) == "收银台 · 购物车")
        }
    }

    @Test func theFocusIsTheSelectedLineAndFollowsIt() throws {
        let terminal = HeadlessTerminal(application: CounterApplication(makeServices: CounterApplication.services(database: ":memory:")),
                                        size: Size(columns: 80, rows: 24), clock: ManualClock())
        terminal.settle()
        let first = try #require(terminal.screen.focus)
        #expect(Self.text(at: first, of: terminal.screen).hasPrefix("› 1"), "home: the selected menu line")
        terminal.send(.down)
        let second = try #require(terminal.screen.focus)
        #expect(second.y > first.y)
        #expect(Self.text(at: second, of: terminal.screen).hasPrefix("› 2"))

        terminal.send(.up)
        terminal.send(.enter)  // the shelves: a list of jars
        terminal.settle()
        let jar = try #require(terminal.screen.focus)
        #expect(Self.text(at: jar, of: terminal.screen).hasPrefix("›"), "the catalog's selected jar")
    }

    /// The row's text from `point` on.
    private static func text(at point: Point, of frame: Frame) -> String {
        String((point.x..<frame.size.columns).map { frame[$0, point.y] }.filter { !$0.isContinuation }.map(\.character))
    }
}
