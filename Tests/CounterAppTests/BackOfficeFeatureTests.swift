@testable import CheckoutKit
@testable import CounterApp
import Foundation
import Testing

/// The back office's reducer with a stand-in client: typing searches, Enter opens, a typed refund
/// goes out once under the order's next key (keys wait while it is on its way), and a refusal is
/// said at the field that was typed.
@Suite struct BackOfficeFeatureTests {
    static let order = BackOfficeOrder(
        id: "ord_1", number: "HS-000001", state: .paid, placedAt: Date(timeIntervalSince1970: 1_764_000_000),
        total: Money(minorUnits: 1890, currency: .eur),
        lines: [BackOfficeOrder.Line(name: "Acacia honey", quantity: 2, unitPrice: Money(minorUnits: 650, currency: .eur), returned: 0),
                BackOfficeOrder.Line(name: "Clover honey", quantity: 1, unitPrice: Money(minorUnits: 590, currency: .eur), returned: 0)],
        payment: .card(brand: "Visa", lastFour: "4242"), refunds: [], refundable: Money(minorUnits: 1890, currency: .eur))

    final class Calls {
        var finds: [BackOfficeQuery] = []
        var refunds: [(BackOfficeRefundRequest, String)] = []
        var answer: Result<BackOfficeOrder, BackOfficeRefusal> = .success(order)
    }

    private func client(_ calls: Calls) -> BackOfficeClient {
        BackOfficeClient(find: { query in calls.finds.append(query); return .success([Self.order]) },
                         refund: { _, request, key, done in calls.refunds.append((request, key)); done(calls.answer) },
                         reprint: { number in .success("/dev/usb/lp0") })
    }

    @Test func typingSearchesAndEnterOpensTheOrder() {
        let calls = Calls()
        let store = TestStore(initialState: BackOfficeFeature.State(), environment: client(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        store.send(.typed("1")) { $0.query = "1" }
        store.send(.submit)
        store.receive(.found(query: "1", .success([Self.order]))) { $0.searched = "1"; $0.results = [Self.order] }
        #expect(calls.finds == [.number("HS-000001")])
        store.send(.submit) { $0.order = Self.order }
        store.send(.closeOrder) { $0.order = nil }
        store.send(.erase) { $0.query = "" }
        store.send(.typed("x")) { $0.query = "x" }
        store.send(.submit) { $0.message = .notAQuery }
        store.finish()
    }

    @Test func aTypedRefundGoesOutOnceUnderTheOrdersNextKey() {
        let calls = Calls()
        var refunded = Self.order
        refunded = BackOfficeOrder(id: refunded.id, number: refunded.number, state: .paid, placedAt: refunded.placedAt, total: refunded.total,
                                   lines: refunded.lines, payment: refunded.payment,
                                   refunds: [BackOfficeOrder.Refund(amount: Money(minorUnits: 650, currency: .eur), jars: 1, state: .refunded,
                                                                    at: refunded.placedAt)],
                                   refundable: Money(minorUnits: 1240, currency: .eur))
        calls.answer = .success(refunded)
        var state = BackOfficeFeature.State()
        state.order = Self.order
        let store = TestStore(initialState: state, environment: client(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        store.send(.askJars) { $0.entry = .jars("", problem: nil) }
        store.send(.submit) { $0.entry = .jars("", problem: .notANumber) }
        store.send(.typed("1")) { $0.entry = .jars("1", problem: nil) }
        store.send(.submit) { $0.isBusy = true }
        #expect(BackOfficeFeature.action(for: .key(.enter), in: store.state) == nil, "a second Enter waits for the answer")
        store.receive(.refunded(.success(refunded), asked: Money(minorUnits: 650, currency: .eur))) {
            $0.isBusy = false
            $0.order = refunded
            $0.entry = nil
            $0.message = .refunded(Money(minorUnits: 650, currency: .eur), order: "HS-000001")
        }
        #expect(calls.refunds.count == 1)
        #expect(calls.refunds.first?.0 == .jars(line: 0, quantity: 1))
        #expect(calls.refunds.first?.1 == "backoffice-ord_1-1")
        #expect(BackOfficeFeature.refundKey(refunded) == "backoffice-ord_1-2", "the next refund is a new one")
        store.finish()
    }

    @Test func aRefusalIsSaidAtTheAmountField() {
        let calls = Calls()
        calls.answer = .failure(.exceedsRefundable(available: Money(minorUnits: 1890, currency: .eur)))
        var state = BackOfficeFeature.State()
        state.order = Self.order
        let store = TestStore(initialState: state, environment: client(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        store.send(.askAmount) { $0.entry = .amount("", problem: nil) }
        store.send(.typed("a")) { _ in }
        store.send(.submit) { $0.entry = .amount("", problem: .amount(.empty)) }
        for c in "19.00" { store.send(.typed(c)) { if case let .amount(text, _) = $0.entry { $0.entry = .amount(text + String(c), problem: nil) } } }
        store.send(.submit) { $0.isBusy = true }
        store.receive(.refunded(calls.answer, asked: Money(minorUnits: 1900, currency: .eur))) {
            $0.isBusy = false
            $0.entry = .amount("19.00", problem: .refused(.exceedsRefundable(available: Money(minorUnits: 1890, currency: .eur))))
        }
        store.finish()
    }
}

@Suite struct BackOfficeDayReportTests {
    @Test func zAsksFirstThenClosesTheDayAndEscLeavesTheReport() throws {
        var closes: [Bool] = []
        let report = try JSONDecoder().decode(DayReport.self, from: Data("""
            {"number":1,"to":0,"sales":[],"refunds":[],"voids":[],"unsettled":[]}
            """.utf8))
        let client = BackOfficeClient(find: { _ in .success([]) }, refund: { _, _, _, _ in }, reprint: { _ in .failure(.notConfigured) },
                                      report: { close in closes.append(close); return .success(report) })
        let store = TestStore(initialState: BackOfficeFeature.State(), environment: client) { BackOfficeFeature.reduce(&$0, $1) }
        #expect(BackOfficeFeature.action(for: .key(.character("z")), in: store.state) == .askCloseDay)
        store.send(.askCloseDay) { $0.entry = .confirmClose }
        #expect(BackOfficeFeature.action(for: .key(.character("n")), in: store.state) == .confirm(false))
        store.send(.confirm(false)) { $0.entry = nil }
        #expect(closes.isEmpty, "no means the day stays open")
        store.send(.askCloseDay) { $0.entry = .confirmClose }
        store.send(.confirm(true)) { $0.entry = nil; $0.isBusy = true }
        store.receive(.dayReport(.success(report))) { $0.isBusy = false; $0.report = report }
        #expect(closes == [true])
        #expect(BackOfficeFeature.action(for: .key(.escape), in: store.state) == .closeReport)
        store.send(.closeReport) { $0.report = nil }
        store.finish()
    }
}
