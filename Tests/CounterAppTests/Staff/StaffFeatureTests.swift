@testable import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// The staff's screens (issue 36) with stand-in clients: the manager-approval prompt, a cashier's
/// refund, void and Z report each held for a manager's PIN and then signed by both, the till's
/// keys a cashier may not use alone, and the staffed counter's sign-in, sign-out and lock.
@Suite struct StaffFeatureTests {
    static let carl = StaffMember(id: StaffID(rawValue: "staff_2"), name: "Carl", role: .cashier, badge: "0410000010006", isActive: true,
                                  createdAt: Date(timeIntervalSince1970: 0))
    static let mia = StaffMember(id: StaffID(rawValue: "staff_1"), name: "Mia", role: .manager, badge: nil, isActive: true,
                                 createdAt: Date(timeIntervalSince1970: 0))
    static let order = BackOfficeFeatureTests.order

    /// Mia's PIN approves; any other PIN nothing.
    static func approve(_ action: StaffAction, _ pin: String) -> StaffPerson? { pin == "1111" ? mia.person : nil }

    @Test func theApprovalPromptAnswersTheManagerOrSaysThePINIsWrong() {
        let store = TestStore(initialState: ManagerApprovalFeature.State(action: .refund),
                              environment: ManagerApprovalClient(approve: Self.approve)) { ManagerApprovalFeature.reduce(&$0, $1) }
        store.send(.typed("a"))
        store.send(.typed("2")) { $0.pin = "2" }
        store.send(.submit) { $0.isChecking = true }
        store.receive(.answered(nil)) { $0.isChecking = false; $0.pin = ""; $0.isWrong = true }
        for digit in "1111" { store.send(.typed(digit)) { $0.pin.append(digit); $0.isWrong = false } }
        store.send(.submit) { $0.isChecking = true }
        store.receive(.answered(Self.mia.person)) { $0.isChecking = false; $0.pin = "" }
        store.receive(.delegate(.approved(.refund, by: Self.mia.person)))
        store.send(.cancel)
        store.receive(.delegate(.cancelled(.refund)))
        store.finish()
    }

    final class Calls {
        var refunds: [StaffSignature?] = []
        var reports: [(Bool, StaffSignature?)] = []
        var voids: [StaffSignature?] = []
    }

    private func backOffice(_ calls: Calls) -> BackOfficeClient {
        var client = BackOfficeClient(find: { _ in .success([]) }, refund: { _, _, _, signature, done in
            calls.refunds.append(signature)
            done(.failure(.nothingLeft))
        }, reprint: { _ in .failure(.notConfigured) }, report: { close, signature in
            calls.reports.append((close, signature))
            return .failure(.storage)
        })
        client.approve = Self.approve
        client.void = { _, _, signature, done in calls.voids.append(signature); done(.failure(.holdGone)) }
        client.holds = { .success([]) }
        return client
    }

    /// A cashier's refund is held for a manager's PIN; a wrong PIN refunds nothing, Mia's
    /// refunds once, signed by Carl and approved by Mia.
    @Test func aCashiersRefundWaitsForAManagersPIN() {
        let calls = Calls()
        var state = BackOfficeFeature.State(serving: Self.carl)
        state.order = Self.order
        let store = TestStore(initialState: state, environment: backOffice(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        store.send(.askWholeRefund) { $0.entry = .confirmWhole }
        store.send(.confirm(true)) {
            $0.entry = nil
            $0.approval = ManagerApprovalFeature.State(action: .refund)
            $0.awaitingApproval = .refund(Self.order, .whole, asked: Self.order.refundable)
        }
        #expect(calls.refunds.isEmpty, "denied: nothing asked of the core")
        #expect(BackOfficeFeature.keyHints(store.state).map(\.key) == ["Enter", "Esc"])
        #expect(BackOfficeFeature.action(for: .key(.character("2")), in: store.state) == .approval(.typed("2")))
        store.send(.approval(.typed("2"))) { $0.approval?.pin = "2" }
        store.send(.approval(.submit)) { $0.approval?.isChecking = true }
        store.receive(.approval(.answered(nil))) { $0.approval?.isChecking = false; $0.approval?.pin = ""; $0.approval?.isWrong = true }
        #expect(calls.refunds.isEmpty)
        for digit in "1111" { store.send(.approval(.typed(digit))) { $0.approval?.pin.append(digit); $0.approval?.isWrong = false } }
        store.send(.approval(.submit)) { $0.approval?.isChecking = true }
        store.receive(.approval(.answered(Self.mia.person))) { $0.approval?.isChecking = false; $0.approval?.pin = "" }
        store.receive(.approval(.delegate(.approved(.refund, by: Self.mia.person)))) {
            $0.approval = nil
            $0.awaitingApproval = nil
            $0.isBusy = true
        }
        store.receive(.refunded(.failure(.nothingLeft), asked: Self.order.refundable)) { $0.isBusy = false; $0.message = .refused(.nothingLeft) }
        #expect(calls.refunds == [StaffSignature(doneBy: Self.carl.person, approvedBy: Self.mia.person)])
        store.finish()
    }

    /// A manager refunds and closes the day alone, signed as themself; a shop without staff signs nothing.
    @Test func aManagerActsAloneAndAShopWithoutStaffSignsNothing() {
        let calls = Calls()
        var state = BackOfficeFeature.State(serving: Self.mia)
        state.order = Self.order
        let store = TestStore(initialState: state, environment: backOffice(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        store.send(.askWholeRefund) { $0.entry = .confirmWhole }
        store.send(.confirm(true)) { $0.entry = nil; $0.isBusy = true }
        store.receive(.refunded(.failure(.nothingLeft), asked: Self.order.refundable)) { $0.isBusy = false; $0.message = .refused(.nothingLeft) }
        #expect(calls.refunds == [StaffSignature(doneBy: Self.mia.person)])
        store.finish()

        var plain = BackOfficeFeature.State()
        plain.entry = .confirmClose
        let unstaffed = TestStore(initialState: plain, environment: backOffice(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        unstaffed.send(.confirm(true)) { $0.entry = nil; $0.isBusy = true }
        unstaffed.receive(.dayReport(.failure(.storage))) { $0.isBusy = false; $0.message = .refused(.storage) }
        #expect(calls.reports.count == 1 && calls.reports[0].0 && calls.reports[0].1 == nil)
        unstaffed.finish()
    }

    /// Closing the day and voiding a hold, tried as the cashier: each waits for the approval.
    @Test func aCashiersZReportAndVoidAreHeldToo() {
        let calls = Calls()
        var state = BackOfficeFeature.State(serving: Self.carl)
        state.entry = .confirmClose
        let store = TestStore(initialState: state, environment: backOffice(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        store.send(.confirm(true)) {
            $0.entry = nil
            $0.approval = ManagerApprovalFeature.State(action: .closeDay)
            $0.awaitingApproval = .closeDay
        }
        store.send(.approval(.cancel))
        store.receive(.approval(.delegate(.cancelled(.closeDay)))) { $0.approval = nil; $0.awaitingApproval = nil }
        #expect(calls.reports.isEmpty, "cancelled: the day stays open")

        let hold = BackOfficeHold(id: "bid_1", auctionTitle: "Jet", flight: "CC101", route: "A-B", flightDate: "2026-12-01",
                                  amount: Money(minorUnits: 10_000, currency: .eur), card: .none, voidInFlight: false)
        var holds = BackOfficeFeature.State(serving: Self.carl)
        holds.holds = [hold]
        holds.entry = .confirmVoid
        let voids = TestStore(initialState: holds, environment: backOffice(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        voids.send(.confirm(true)) {
            $0.entry = nil
            $0.approval = ManagerApprovalFeature.State(action: .void)
            $0.awaitingApproval = .void
        }
        #expect(calls.voids.isEmpty)
        voids.finish()
    }

    /// The catalogue (c) as the cashier: a manager's PIN first, and the screen opens with that
    /// manager approving its changes; a manager (or a shop without staff) opens it at once.
    @Test func theCatalogueIsAManagersOrApprovedByOne() {
        let calls = Calls()
        let store = TestStore(initialState: BackOfficeFeature.State(hasTill: true, serving: Self.carl), environment: backOffice(calls)) {
            BackOfficeFeature.reduce(&$0, $1)
        }
        #expect(BackOfficeFeature.action(for: .key(.character("c")), in: store.state) == .askCatalogue)
        store.send(.askCatalogue) {
            $0.approval = ManagerApprovalFeature.State(action: .editCatalogue)
            $0.awaitingApproval = .openCatalogue
        }
        for digit in "1111" { store.send(.approval(.typed(digit))) { $0.approval?.pin.append(digit) } }
        store.send(.approval(.submit)) { $0.approval?.isChecking = true }
        store.receive(.approval(.answered(Self.mia.person))) { $0.approval?.isChecking = false; $0.approval?.pin = "" }
        store.receive(.approval(.delegate(.approved(.editCatalogue, by: Self.mia.person)))) { $0.approval = nil; $0.awaitingApproval = nil }
        store.receive(.openCatalogue(approvedBy: Self.mia.person))
        store.finish()

        for serving in [Self.mia, nil] {
            let alone = TestStore(initialState: BackOfficeFeature.State(serving: serving), environment: backOffice(calls)) { BackOfficeFeature.reduce(&$0, $1) }
            alone.send(.askCatalogue)
            alone.receive(.openCatalogue(approvedBy: nil))
            alone.finish()
        }
    }

    /// The till's i, u, n and c as a cashier: each asks for a manager first; the form opens once
    /// approved, and its one action is signed by both.
    @Test func theTillsKeysACashierMayNotUseAlone() {
        var signed: [StaffSignature?] = []
        var client = TillClient(status: { .failure(.storage) }, open: { _, _ in .failure(.storage) },
                                payIn: { _, _, _ in .failure(.storage) }, payOut: { _, _, _ in .failure(.storage) },
                                noSale: { _, signature in signed.append(signature); return .failure(.notOpen) },
                                close: { _, _, _, _, _ in .failure(.storage) })
        client.approve = Self.approve
        let session = TillSession(id: "till_1", counter: "", currency: "EUR", openedAt: Date(timeIntervalSince1970: 0), figures: CashFigures(float: 0),
                                  closing: nil)
        var state = TillFeature.State(serving: Self.carl)
        state.status = .open(session, movements: [])
        let store = TestStore(initialState: state, environment: client) { TillFeature.reduce(&$0, $1) }
        for (action, asked) in [(TillFeature.Action.askPayIn, StaffAction.payIn), (.askPayOut, .payOut), (.askClose, .closeTill)] {
            store.send(action) { $0.approval = ManagerApprovalFeature.State(action: asked); $0.awaitingApproval = action }
            store.send(.approval(.cancel))
            store.receive(.approval(.delegate(.cancelled(asked)))) { $0.approval = nil; $0.awaitingApproval = nil }
        }
        store.send(.askNoSale) { $0.approval = ManagerApprovalFeature.State(action: .noSale); $0.awaitingApproval = .askNoSale }
        store.send(.approval(.delegate(.approved(.noSale, by: Self.mia.person)))) {
            $0.approval = nil
            $0.awaitingApproval = nil
            $0.approver = Self.mia.person
            $0.entry = .moving(TillFeature.Movement(kind: .noSale))
        }
        store.send(.typed("x")) { $0.entry = .moving({ var m = TillFeature.Movement(kind: .noSale); m.reason = "x"; return m }()) }
        store.send(.submit) { $0.isBusy = true }
        store.receive(.moved(.failure(.notOpen))) {
            $0.isBusy = false
            $0.entry = .moving({ var m = TillFeature.Movement(kind: .noSale); m.reason = "x"; m.problem = .refused(.notOpen); return m }())
        }
        #expect(signed == [StaffSignature(doneBy: Self.carl.person, approvedBy: Self.mia.person)])
        store.finish()
    }

    private func staff(members: [String: StaffMember] = ["2222": carl, "1111": mia]) -> StaffClient {
        StaffClient(hasStaff: { .success(true) }, signIn: { pin in members[pin].map { .success($0) } ?? .failure(.notRecognised) },
                    signInBadge: { code in code == "0410000010006" ? .success(Self.carl) : .failure(.notRecognised) },
                    approve: Self.approve)
    }

    @Test func signingInByPINOrBadgeAndOut() {
        let store = TestStore(initialState: StaffDesk.State(), environment: staff()) { StaffDesk.reduce(&$0, $1) }
        store.send(.checkStaff)
        store.receive(.staffChecked(.success(true))) { $0.hasStaff = true }
        #expect(store.state.isLocked)
        for digit in "9999" { store.send(.typed(digit)) { $0.entry.append(digit) } }
        store.send(.submit) { $0.isChecking = true }
        store.receive(.signedIn(.failure(.notRecognised))) { $0.isChecking = false; $0.entry = ""; $0.problem = .notRecognised }
        for digit in "2222" { store.send(.typed(digit)) { $0.entry.append(digit); $0.problem = nil } }
        store.send(.submit) { $0.isChecking = true }
        store.receive(.signedIn(.success(Self.carl))) { $0.isChecking = false; $0.entry = ""; $0.serving = Self.carl }
        store.send(.signOut) { $0.serving = nil }
        store.send(.badge("0410000010006")) { $0.isChecking = true }
        store.receive(.signedIn(.success(Self.carl))) { $0.isChecking = false; $0.serving = Self.carl }
        store.send(.lock) { $0.serving = nil }
        store.finish()
    }

    /// The app: while locked, the sign-in takes every key (q types, nothing quits); F9 signs out
    /// and closes the back office; the Operator line opens the back office as the one serving.
    @Test func theCounterIsLockedUntilSomeoneSignsIn() {
        var state = AppFeature.State()
        state.staff.hasStaff = true
        #expect(AppFeature.action(for: .key(.character("q")), in: state, size: Size(columns: 80, rows: 24)) == .staff(.typed("q")))
        #expect(AppFeature.keyHints(for: state).map(\.key) == ["Enter"])
        state.staff.serving = Self.carl
        #expect(AppFeature.action(for: .key(.function(9)), in: state, size: Size(columns: 80, rows: 24)) == .staff(.signOut))
        #expect(AppFeature.keyHints(for: state).contains { $0.key == "F9" })
        var environment = AppEnvironment()
        environment.staff = staff()
        // The back office it opens is the one serving's.
        var opening = state
        var pushed: [AppFeature.Action] = []
        EffectRunner<AppFeature.Action, AppEnvironment>().run(AppFeature.reduceKiosk(&opening, .openBackOffice), environment: environment) {
            pushed.append($0)
        }
        #expect(pushed == [.push(.backOffice(BackOfficeFeature.State(hasTill: true, serving: Self.carl)))])
        state.stack.append(.backOffice(BackOfficeFeature.State(hasTill: true, serving: Self.carl)))
        // The Operator line opens it with no shared PIN.
        var operatorLine = state
        var asked: [AppFeature.Action] = []
        EffectRunner<AppFeature.Action, AppEnvironment>().run(AppFeature.reduce(&operatorLine, .home(.open(.operatorDesk))), environment: environment) {
            asked.append($0)
        }
        #expect(asked == [.kiosk(.openBackOffice)])
        let store = TestStore(initialState: state, environment: environment, reducer: AppFeature.reduce)
        store.send(.staff(.signOut)) {
            $0.stack.removeLast()
            $0.staff.serving = nil
        }
        store.finish()

        var kiosk = AppFeature.State(isKiosk: true)
        kiosk.staff.hasStaff = true
        #expect(AppFeature.action(for: .key(.character("q")), in: kiosk, size: Size(columns: 80, rows: 24)) != .staff(.typed("q")),
                "a kiosk never asks who is serving")
    }
}
