import TerminalUI
import Testing

@Suite struct ListKeyMapTests {
    enum Action: Equatable { case up, down, open, pick(Int) }

    @Test func arrowsMoveAndEnterOpens() {
        let keys = ListKeyMap<Action>(up: .up, down: .down, enter: .open)
        #expect(keys.action(for: .up) == .up)
        #expect(keys.action(for: .down) == .down)
        #expect(keys.action(for: .enter) == .open)
        #expect(keys.action(for: .character("x")) == nil)
    }

    @Test func digitsPickOnlyInANumberedList() {
        let plain = ListKeyMap<Action>(up: .up, down: .down)
        #expect(plain.action(for: .character("2")) == nil)
        #expect(plain.action(for: .enter) == nil)
        let numbered = ListKeyMap<Action>(up: .up, down: .down, pick: Action.pick)
        #expect(numbered.action(for: .character("1")) == .pick(0))
        #expect(numbered.action(for: .character("9")) == .pick(8))
        #expect(numbered.action(for: .character("0")) == nil)
    }

    @Test func tabMovesOnlyWhereTheListSaysSo() {
        let still = ListKeyMap<Action>(up: .up, down: .down)
        #expect(still.action(for: .tab) == nil)
        #expect(still.action(for: .backTab) == nil)
        let tabbing = ListKeyMap<Action>(up: .up, down: .down, tabMovesDown: true, backTabMovesUp: true)
        #expect(tabbing.action(for: .tab) == .down)
        #expect(tabbing.action(for: .backTab) == .up)
    }
}
