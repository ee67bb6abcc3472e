@testable import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// The till's reducer with a stand-in client: the float typed or the suggestion taken, a paid
/// out (amount, then reason) and a no-sale going out once and kicking the drawer as their slip
/// prints, the opening and the close never kicking it, and a count off by more than the limit
/// closing only past the operator's PIN.
@Suite struct TillFeatureTests {
    static let at = Date(timeIntervalSince1970: 1_764_000_000)
    static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }
    static let session = TillSession(id: "till_1", counter: "front", currency: "EUR", openedAt: at,
                                     figures: CashFigures(float: 10_000, cashSales: 1_950), closing: nil)

    final class Calls {
        var status: TillStatus = .closed(suggestedFloat: euros(10_000))
        var opened: [Money] = []
        var moved: [(CashMovementKind, Money?, String)] = []
        var closes: [([DenominationCount], String, Money, TillApproval?)] = []
        var printed: [(ReceiptDocument, String?)] = []
        var limit: Int64 = 500
    }

    private func client(_ calls: Calls) -> TillClient {
        func movement(_ kind: CashMovementKind, _ minor: Int64, _ reason: String) -> CashMovement {
            CashMovement(id: "cash_\(calls.moved.count)", sessionId: "till_1", counter: "front", kind: kind, amount: Self.euros(minor), reason: reason,
                         at: Self.at)
        }
        return TillClient(
            status: { .success(calls.status) },
            open: { float, _ in calls.opened.append(float); return .success(Self.session) },
            payIn: { amount, reason, _ in calls.moved.append((.paidIn, amount, reason)); return .success(movement(.paidIn, amount.minorUnits, reason)) },
            payOut: { amount, reason, _ in calls.moved.append((.paidOut, amount, reason)); return .success(movement(.paidOut, -amount.minorUnits, reason)) },
            noSale: { reason, _ in calls.moved.append((.noSale, nil, reason)); return .success(movement(.noSale, 0, reason)) },
            close: { count, note, leftIn, approval, _ in
                calls.closes.append((count, note, leftIn, approval))
                let counted = count.countedMinorUnits
                let difference = counted - Self.session.figures.expected
                if approval == nil, abs(difference) > calls.limit {
                    return .failure(.approvalNeeded(difference: Self.euros(difference), limit: Self.euros(calls.limit)))
                }
                return .success(TillSession(id: "till_1", counter: "front", currency: "EUR", openedAt: Self.at, figures: Self.session.figures,
                                            closing: TillClosing(closedAt: Self.at, count: count, counted: counted, note: note,
                                                                 leftIn: leftIn.minorUnits, approval: approval)))
            },
            verifyPIN: { $0 == "4711" },
            print: { document, once in
                if let once, calls.printed.contains(where: { $0.1 == once }) { return nil }
                calls.printed.append((document, once))
                return .success("/dev/usb/lp0")
            })
    }

    private func store(_ calls: Calls) -> TestStore<TillFeature.State, TillFeature.Action, TillClient> {
        TestStore(initialState: TillFeature.State(), environment: client(calls)) { TillFeature.reduce(&$0, $1) }
    }

    @Test func theFloatIsTypedOrTheSuggestionTakenAndTheOpeningKicksNoDrawer() throws {
        let calls = Calls()
        let store = store(calls)
        store.send(.onAppear)
        store.receive(.loaded(.success(.closed(suggestedFloat: Self.euros(10_000))), currency: .eur)) {
            $0.status = .closed(suggestedFloat: Self.euros(10_000))
        }
        store.send(.askOpen) { $0.entry = .opening(amount: "", problem: nil) }
        store.send(.typed("x")) // not an amount
        store.send(.typed("1")) { $0.entry = .opening(amount: "1", problem: nil) }
        store.send(.erase) { $0.entry = .opening(amount: "", problem: nil) }
        store.send(.submit) { $0.isBusy = true }
        #expect(calls.opened == [Self.euros(10_000)], "empty: the suggestion")
        calls.status = .open(Self.session, movements: [])
        store.receive(.opened(.success(Self.session))) { $0.isBusy = false; $0.entry = nil; $0.message = .opened(Self.euros(10_000)) }
        store.receive(.loaded(.success(.open(Self.session, movements: [])), currency: .eur)) { $0.status = .open(Self.session, movements: []) }
        store.receive(.printed(drawer: false, .success("/dev/usb/lp0"))) { $0.printout = .printed(destination: "/dev/usb/lp0", drawer: false) }
        let slip = try #require(calls.printed.first)
        #expect(!slip.0.opensDrawer && slip.1 == "till-opened-till_1")
        store.finish()
    }

    @Test func aPaidOutAsksAmountThenReasonAndKicksTheDrawer() throws {
        let calls = Calls()
        calls.status = .open(Self.session, movements: [])
        var state = TillFeature.State()
        state.status = calls.status
        let store = TestStore(initialState: state, environment: client(calls)) { TillFeature.reduce(&$0, $1) }
        var movement = TillFeature.Movement(kind: .paidOut)
        store.send(.askPayOut) { $0.entry = .moving(movement) }
        for character in "12.5" {
            movement.amount.append(character)
            store.send(.typed(character)) { $0.entry = .moving(movement) }
        }
        movement.onReason = true
        store.send(.submit) { $0.entry = .moving(movement) }
        for character in "milk" {
            movement.reason.append(character)
            store.send(.typed(character)) { $0.entry = .moving(movement) }
        }
        store.send(.submit) { $0.isBusy = true }
        #expect(calls.moved.count == 1 && calls.moved[0].0 == .paidOut && calls.moved[0].1 == Self.euros(1_250) && calls.moved[0].2 == "milk")
        let answer = CashMovement(id: "cash_1", sessionId: "till_1", counter: "front", kind: .paidOut, amount: Self.euros(-1_250), reason: "milk", at: Self.at)
        store.receive(.moved(.success(answer))) { $0.isBusy = false; $0.entry = nil; $0.message = .moved(.paidOut, Self.euros(1_250)) }
        store.receive(.loaded(.success(calls.status), currency: .eur))
        store.receive(.printed(drawer: true, .success("/dev/usb/lp0"))) { $0.printout = .printed(destination: "/dev/usb/lp0", drawer: true) }
        let slip = try #require(calls.printed.first)
        #expect(slip.0.opensDrawer, "cash moved: the drawer opens")
        let bytes = try EscPosDecoder(EscPosReceipt.encode(slip.0))
        #expect(bytes.commands.filter { $0 == .drawerKick }.count == 1 && bytes.texts.contains("PAID OUT"), "ESC p, once, as it prints")
        #expect(slip.0.lines.contains(.total("€12.50")) && slip.0.lines.contains(.text("Reason: milk")))
        store.finish()
    }

    @Test func aNoSaleAsksOnlyAReasonAndKicksTheDrawer() throws {
        let calls = Calls()
        var state = TillFeature.State()
        state.status = .open(Self.session, movements: [])
        state.entry = .moving(TillFeature.Movement(kind: .noSale))
        var result = state
        for character in "change" { result = step(result, .typed(character)) }
        guard case let .moving(movement) = result.entry else { Issue.record("no form"); return }
        #expect(movement.reason == "change" && movement.amount.isEmpty)
        let store = TestStore(initialState: result, environment: client(calls)) { TillFeature.reduce(&$0, $1) }
        store.send(.submit) { $0.isBusy = true }
        let answer = CashMovement(id: "cash_1", sessionId: "till_1", counter: "front", kind: .noSale, amount: Self.euros(0), reason: "change", at: Self.at)
        store.receive(.moved(.success(answer))) { $0.isBusy = false; $0.entry = nil; $0.message = .moved(.noSale, Self.euros(0)) }
        store.receive(.loaded(.success(calls.status), currency: .eur)) { $0.status = calls.status }
        store.receive(.printed(drawer: true, .success("/dev/usb/lp0"))) { $0.printout = .printed(destination: "/dev/usb/lp0", drawer: true) }
        #expect(try #require(calls.printed.first).0.opensDrawer)
        store.finish()
    }

    @Test func aCountOffByMoreThanTheLimitClosesOnlyPastThePIN() throws {
        let calls = Calls()
        var state = TillFeature.State()
        state.status = .open(Self.session, movements: [])
        state = step(state, .askClose)
        guard case var .counting(count) = state.entry else { Issue.record("no count"); return }
        #expect(count.pieces == CashDenominations.of(.eur) && count.leftIn == "100.00" && count.expected == 11_950)
        // Eleven €10 notes: €110.00 counted, €9.50 short.
        let tenEuros = try #require(count.pieces.firstIndex(of: CashDenomination(.note, 1_000)))
        for _ in 0..<tenEuros { state = step(state, .nextField) }
        state = step(step(state, .typed("1")), .typed("1"))
        guard case let .counting(typed) = state.entry else { Issue.record("no count"); return }
        count = typed
        #expect(count.countedTotal == Self.euros(11_000) && count.difference == Self.euros(-950))

        let store = TestStore(initialState: state, environment: client(calls)) { TillFeature.reduce(&$0, $1) }
        var asked = count
        asked.leftInAmount = Self.euros(10_000)
        store.send(.submit) { $0.isBusy = true }
        #expect(calls.closes.count == 1 && calls.closes[0].3 == nil)
        store.receive(.closed(.failure(.approvalNeeded(difference: Self.euros(-950), limit: Self.euros(500))), asked)) {
            $0.isBusy = false
            $0.entry = .approving(asked, pin: "", wrong: false)
        }
        store.send(.typed("1")) { $0.entry = .approving(asked, pin: "1", wrong: false) }
        store.send(.submit) { $0.isBusy = true }
        store.receive(.pinChecked(false)) { $0.isBusy = false; $0.entry = .approving(asked, pin: "", wrong: true) }
        #expect(calls.closes.count == 1, "a wrong PIN closes nothing")
        for (index, digit) in "4711".enumerated() {
            store.send(.typed(digit)) { $0.entry = .approving(asked, pin: String("4711".prefix(index + 1)), wrong: false) }
        }
        store.send(.submit) { $0.isBusy = true }
        store.receive(.pinChecked(true))
        #expect(calls.closes.count == 2 && calls.closes[1].3 == .operatorPIN && calls.closes[1].2 == Self.euros(10_000))
        let closed = TillSession(id: "till_1", counter: "front", currency: "EUR", openedAt: Self.at, figures: Self.session.figures,
                                 closing: TillClosing(closedAt: Self.at, count: count.counted, counted: 11_000, note: "", leftIn: 10_000,
                                                      approval: .operatorPIN))
        store.receive(.closed(.success(closed), asked)) { $0.isBusy = false; $0.entry = nil; $0.message = .closed(difference: Self.euros(-950)) }
        store.receive(.loaded(.success(calls.status), currency: .eur)) { $0.status = calls.status }
        store.receive(.printed(drawer: false, .success("/dev/usb/lp0"))) { $0.printout = .printed(destination: "/dev/usb/lp0", drawer: false) }
        let slip = try #require(calls.printed.first)
        #expect(!slip.0.opensDrawer, "counting is no cash movement: no kick")
        #expect(try EscPosDecoder(EscPosReceipt.encode(slip.0)).commands.filter { $0 == .drawerKick }.isEmpty)
        #expect(slip.0.lines.contains(.text("Difference approved with the operator PIN.")))
        store.finish()
    }

    /// Ctrl+U empties the field being typed, as every text field of the counter does: "Left in
    /// the drawer" starts at the float and is typed over, never appended to ("100.0050").
    @Test func ctrlUEmptiesTheFieldBeingTyped() {
        var state = TillFeature.State()
        state.status = .open(Self.session, movements: [])
        state = step(state, .askClose)
        guard case let .counting(count) = state.entry else { Issue.record("no count"); return }
        #expect(TillFeature.action(for: .key(.control("u")), in: state) == .clearField)
        #expect(count.selection == 0)
        state = step(state, .previousField)   // from the first line, up wraps to the last: "Left in the drawer"
        guard case let .counting(atLeftIn) = state.entry, atLeftIn.selection == atLeftIn.leftInRow else { Issue.record("not on Left in"); return }
        state = step(step(step(state, .clearField), .typed("5")), .typed("0"))
        guard case let .counting(typed) = state.entry else { Issue.record("no count"); return }
        #expect(typed.leftIn == "50")
        state = step(step(state, .typed("x")), .clearField)
        guard case let .counting(cleared) = state.entry else { Issue.record("no count"); return }
        #expect(cleared.leftIn == "")
    }

    @Test func theFooterShowsOnlyKeysThatAct() {
        var state = TillFeature.State()
        #expect(TillFeature.keyHints(state).map(\.key) == ["Esc"])
        state.status = .closed(suggestedFloat: nil)
        #expect(TillFeature.keyHints(state).map(\.key) == ["o", "Esc"])
        #expect(TillFeature.action(for: .key(.character("n")), in: state) == nil, "no drawer to open while the till is closed")
        state.status = .open(Self.session, movements: [])
        #expect(TillFeature.keyHints(state).map(\.key) == ["i", "u", "n", "c", "Esc"])
        #expect(TillFeature.action(for: .key(.character("n")), in: state) == .askNoSale)
        #expect(!TillFeature.hasTextFocus(state))
        state.entry = .moving(TillFeature.Movement(kind: .noSale))
        #expect(TillFeature.hasTextFocus(state) && TillFeature.keyHints(state).map(\.key) == ["Enter", "Esc"])
    }

    private func step(_ state: TillFeature.State, _ action: TillFeature.Action) -> TillFeature.State {
        var state = state
        _ = TillFeature.reduce(&state, action)
        return state
    }
}
