@testable import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
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
        /// What was printed, under which once-key; a key printed before answers nil.
        var printed: [(ReceiptDocument, String?)] = []
    }

    private func client(_ calls: Calls) -> BackOfficeClient {
        var client = BackOfficeClient(find: { query in calls.finds.append(query); return .success([Self.order]) },
                                      refund: { _, request, key, _, done in calls.refunds.append((request, key)); done(calls.answer) },
                                      reprint: { number in .success("/dev/usb/lp0") })
        client.print = { document, once in
            if let once, calls.printed.contains(where: { $0.1 == once }) { return nil }
            calls.printed.append((document, once))
            return .success("/dev/usb/lp0")
        }
        return client
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

    /// An order's footer lists only keys that act: ↑↓ with two lines to choose from, r once a
    /// refund has a slip to print again.
    @Test func anOrdersFooterListsOnlyKeysThatAct() {
        var state = BackOfficeFeature.State()
        state.order = Self.order
        #expect(BackOfficeFeature.keyHints(state).map(\.key) == ["↑↓", "w", "j", "a", "p", "Esc"])
        state.order = BackOfficeOrder(id: "ord_2", number: "HS-000002", state: .paid, placedAt: Self.order.placedAt, total: Self.order.total,
                                      lines: [Self.order.lines[0]], payment: Self.order.payment,
                                      refunds: [BackOfficeOrder.Refund(amount: Money(minorUnits: 650, currency: .eur), jars: 1, state: .refunded,
                                                                       at: Self.order.placedAt, id: "orf_1")],
                                      refundable: Money(minorUnits: 650, currency: .eur))
        #expect(BackOfficeFeature.keyHints(state).map(\.key) == ["w", "j", "a", "p", "r", "Esc"])
    }

    @Test func aTypedRefundGoesOutOnceUnderTheOrdersNextKey() throws {
        let calls = Calls()
        var refunded = Self.order
        refunded = BackOfficeOrder(id: refunded.id, number: refunded.number, state: .paid, placedAt: refunded.placedAt, total: refunded.total,
                                   lines: refunded.lines, payment: refunded.payment,
                                   refunds: [BackOfficeOrder.Refund(amount: Money(minorUnits: 650, currency: .eur), jars: 1, state: .refunded,
                                                                    at: refunded.placedAt, id: "orf_1",
                                                                    items: [.init(name: "Acacia honey", quantity: 1,
                                                                                  amount: Money(minorUnits: 650, currency: .eur))])],
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
        // Its own receipt, once under the refund's id.
        store.receive(.printed(.refundReceipt, .success("/dev/usb/lp0"))) { $0.printout = .printed(what: .refundReceipt, destination: "/dev/usb/lp0") }
        #expect(calls.printed.map(\.1) == ["refund-orf_1"])
        let receipt = ReceiptText.render(try #require(calls.printed.first?.0))
        for line in ["REFUND", "Order HS-000001", "Refund orf_1", "1 x Acacia honey", "-€6.50", "Refunded €6.50", "Back to Visa **** 4242",
                     "Left to refund €12.40"] {
            #expect(receipt.contains(line), "\(line) on\n\(receipt)")
        }
        #expect(!receipt.contains("4242424242424242"))
        // The same answer replayed (a retry after "not known") prints nothing more.
        store.send(.refunded(.success(refunded), asked: nil))
        store.receive(.printed(.refundReceipt, nil)) { $0.printout = .printedBefore(what: .refundReceipt) }
        #expect(calls.printed.count == 1)
        // r prints it again, as a copy.
        #expect(BackOfficeFeature.action(for: .key(.character("r")), in: store.state) == .reprintRefund)
        store.send(.reprintRefund)
        store.receive(.printed(.refundReceipt, .success("/dev/usb/lp0"))) { $0.printout = .printed(what: .refundReceipt, destination: "/dev/usb/lp0") }
        #expect(calls.printed.count == 2 && calls.printed.last?.1 == nil)
        #expect(ReceiptText.render(try #require(calls.printed.last?.0)).contains("** COPY **"))
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
        var printed: [(ReceiptDocument, String?)] = []
        var client = BackOfficeClient(find: { _ in .success([]) }, refund: { _, _, _, _, _ in }, reprint: { _ in .failure(.notConfigured) },
                                      report: { close, _ in closes.append(close); return .success(report) })
        // The printer is down: the report is saved and shown all the same, its print waits.
        var printerWorks = false
        var printedKeys: Set<String> = []
        client.print = { document, once in
            printed.append((document, once))
            guard printerWorks else { return .failure(.cannotWrite("/dev/usb/lp0")) }
            if let once { printedKeys.insert(once) }
            return .success("/dev/usb/lp0")
        }
        client.waitingReports = { printedKeys.contains("z-report-1") ? [] : [report] }
        let store = TestStore(initialState: BackOfficeFeature.State(), environment: client) { BackOfficeFeature.reduce(&$0, $1) }
        #expect(BackOfficeFeature.action(for: .key(.character("z")), in: store.state) == .askCloseDay)
        // The day is read first (an X report, nothing closed): this one is empty, and the
        // question says so.
        store.send(.askCloseDay) { $0.isBusy = true }
        store.receive(.dayToClose(.success(report))) { $0.isBusy = false; $0.entry = .confirmClose; $0.closingAnEmptyDay = true }
        #expect(BackOfficeFeature.action(for: .key(.character("n")), in: store.state) == .confirm(false))
        store.send(.confirm(false)) { $0.entry = nil }
        #expect(closes == [false], "no means the day stays open")
        store.send(.askCloseDay) { $0.isBusy = true }
        store.receive(.dayToClose(.success(report))) { $0.isBusy = false; $0.entry = .confirmClose; $0.closingAnEmptyDay = true }
        store.send(.confirm(true)) { $0.entry = nil; $0.isBusy = true }
        store.receive(.dayReport(.success(report))) { $0.isBusy = false; $0.report = report }
        store.receive(.printed(.report(number: 1), .failure(.cannotWrite("/dev/usb/lp0")))) {
            $0.printout = .waiting(what: .report(number: 1), .cannotWrite("/dev/usb/lp0"))
        }
        #expect(closes == [false, false, true])
        #expect(printed.map(\.1) == ["z-report-1"], "a Z report prints itself once, under its number")
        let text = ReceiptText.render(try #require(printed.first?.0))
        #expect(text.contains("Z REPORT NO. 1") && text.contains("The day is closed."), "\(text)")
        // p tries again (the printer fixed or not), as a copy.
        #expect(BackOfficeFeature.action(for: .key(.character("p")), in: store.state) == .printReport)
        store.send(.printReport)
        store.receive(.printed(.report(number: 1), .failure(.cannotWrite("/dev/usb/lp0"))))
        #expect(printed.count == 2 && printed.last?.1 == nil)
        #expect(BackOfficeFeature.action(for: .key(.escape), in: store.state) == .closeReport)
        store.send(.closeReport) { $0.report = nil; $0.printout = nil }
        // Back in the list it is said to wait; p prints it once the printer works.
        store.receive(.checkWaitingReports)
        store.receive(.waitingReportsFound([1])) { $0.waitingReports = [1] }
        #expect(BackOfficeFeature.keyHints(store.state).contains(KeyHint("p", "Print")))
        printerWorks = true
        #expect(BackOfficeFeature.action(for: .key(.character("p")), in: store.state) == .printWaitingReports)
        store.send(.printWaitingReports) { $0.isBusy = true }
        store.receive(.printed(.report(number: 1), .success("/dev/usb/lp0"))) {
            $0.isBusy = false
            $0.printout = .printed(what: .report(number: 1), destination: "/dev/usb/lp0")
        }
        store.receive(.waitingReportsFound([])) { $0.waitingReports = [] }
        #expect(printed.last?.1 == "z-report-1", "printed as the original, under its key")
        #expect(BackOfficeFeature.action(for: .key(.character("p")), in: store.state) == .typed("p"), "nothing waits: p is typed")
        store.finish()
    }
}

/// The holds view: v lists them, Enter asks, y voids the selected one once under a key made from
/// its bid (keys wait while it is on its way), prints its VOID receipt once, and lists again.
@Suite struct BackOfficeVoidTests {
    static let hold = BackOfficeHold(id: "bid_1", auctionTitle: "Upgrade to Business", flight: "LX 318", route: "LHR -> ZRH",
                                     flightDate: "2026-11-28", amount: Money(minorUnits: 15_000, currency: .eur),
                                     card: .card(brand: "Visa", lastFour: "4242"), voidInFlight: false)

    final class Calls {
        var holds: [BackOfficeHold] = [BackOfficeVoidTests.hold]
        var voids: [String] = []
        var answer: Result<BackOfficeVoid, BackOfficeRefusal> = .success(BackOfficeVoid(id: "hvd_1", hold: BackOfficeVoidTests.hold,
                                                                                         at: Date(timeIntervalSince1970: 1_764_000_000)))
        var printed: [(ReceiptDocument, String?)] = []
    }

    private func client(_ calls: Calls) -> BackOfficeClient {
        var client = BackOfficeClient(find: { _ in .success([]) }, refund: { _, _, _, _, _ in }, reprint: { _ in .failure(.notConfigured) })
        client.holds = { .success(calls.holds) }
        client.void = { hold, key, _, done in
            calls.voids.append(key)
            if case .success = calls.answer { calls.holds.removeAll { $0.id == hold.id } }
            done(calls.answer)
        }
        client.print = { document, once in calls.printed.append((document, once)); return .success("/dev/usb/lp0") }
        return client
    }

    @Test func vListsTheHoldsEnterAsksAndYesVoidsOnceAndPrintsItsReceipt() throws {
        let calls = Calls()
        let store = TestStore(initialState: BackOfficeFeature.State(), environment: client(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        #expect(BackOfficeFeature.action(for: .key(.character("v")), in: store.state) == .showHolds)
        store.send(.showHolds) { $0.isBusy = true }
        store.receive(.holdsFound(.success([Self.hold]))) { $0.isBusy = false; $0.holds = [Self.hold] }
        #expect(!BackOfficeFeature.hasTextFocus(store.state))
        #expect(BackOfficeFeature.action(for: .key(.enter), in: store.state) == .askVoid)
        store.send(.askVoid) { $0.entry = .confirmVoid }
        store.send(.confirm(false)) { $0.entry = nil }
        #expect(calls.voids.isEmpty, "no keeps the hold")
        store.send(.askVoid) { $0.entry = .confirmVoid }
        store.send(.confirm(true)) { $0.entry = nil; $0.isBusy = true }
        #expect(BackOfficeFeature.action(for: .key(.enter), in: store.state) == nil, "a second Enter waits for the answer")
        let voided = try calls.answer.get()
        store.receive(.voided(.success(voided))) { $0.isBusy = false; $0.message = .voided(Self.hold.amount, flight: "LX 318") }
        store.receive(.printed(.voidReceipt, .success("/dev/usb/lp0"))) { $0.printout = .printed(what: .voidReceipt, destination: "/dev/usb/lp0") }
        store.receive(.holdsFound(.success([]))) { $0.holds = [] }
        #expect(calls.voids == ["backoffice-void-bid_1"])
        #expect(calls.printed.map(\.1) == ["void-hvd_1"])
        let receipt = ReceiptText.render(try #require(calls.printed.first?.0))
        for line in ["VOID", "LX 318 · LHR -> ZRH · 2026-11-28", "Void hvd_1", "Released €150.00", "Card Visa **** 4242"] {
            #expect(receipt.contains(line), "\(line) on\n\(receipt)")
        }
        store.send(.closeHolds) { $0.holds = nil; $0.message = nil; $0.printout = nil }
        store.finish()
    }

    @Test func anUnknownAnswerIsSaidAsUnknownAndTheHoldShowsItsVoidInFlight() {
        let calls = Calls()
        calls.answer = .failure(.voidOutcomeUnknown)
        var state = BackOfficeFeature.State()
        state.holds = [Self.hold]
        let store = TestStore(initialState: state, environment: client(calls)) { BackOfficeFeature.reduce(&$0, $1) }
        store.send(.askVoid) { $0.entry = .confirmVoid }
        store.send(.confirm(true)) { $0.entry = nil; $0.isBusy = true }
        let inFlight = BackOfficeHold(id: "bid_1", auctionTitle: "Upgrade to Business", flight: "LX 318", route: "LHR -> ZRH",
                                      flightDate: "2026-11-28", amount: Money(minorUnits: 15_000, currency: .eur),
                                      card: .card(brand: "Visa", lastFour: "4242"), voidInFlight: true)
        calls.holds = [inFlight]
        store.receive(.voided(.failure(.voidOutcomeUnknown))) { $0.isBusy = false; $0.message = .refused(.voidOutcomeUnknown) }
        store.receive(.holdsFound(.success([inFlight]))) { $0.holds = [inFlight] }
        #expect(calls.printed.isEmpty, "nothing is printed for a void not known")
        #expect(BackOfficeFeature.words(BackOfficeFeature.Notice.refused(.voidOutcomeUnknown)).contains("not recorded"))
        // Asked again while it is not known: refused before anything is sent.
        store.send(.askVoid) { $0.message = .refused(.holdInFlight) }
        #expect(calls.voids.count == 1)
        store.finish()
    }
}
