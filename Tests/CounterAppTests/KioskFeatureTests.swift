import CheckoutKit
@testable import CounterApp
import PaymentsCore
import Foundation
import TerminalUI
import Testing

/// The kiosk's rules, reducer by reducer (the tapes under Tapes/kiosk show them on screen).
@Suite struct KioskFeatureTests {
    /// A purchase's receipt: two jars, paid with a Visa ending 4242.
    static func receipt(_ number: String) -> ReceiptFeature.State {
        let price = Money(minorUnits: 720, currency: .eur)
        let line = CartLine(product: Product(id: "wildflower", name: "Wildflower honey", detail: "", price: price), quantity: 2)
        let charge = CardChargeReceipt(chargeIdentifier: "ch_1", amount: Money(minorUnits: 1440, currency: .eur), brand: "Visa",
                                       lastFour: "4242", paymentMethodIdentifier: nil)
        return ReceiptFeature.State(receipt: StoreReceipt(orderIdentifier: number, lines: [line], total: charge.amount, charge: charge),
                                    paidAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    let start = Date(timeIntervalSince1970: 1_000_000)

    func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    func store(_ environment: KioskFeature.Environment = .init(), attract: Duration? = nil) -> TestStore<KioskFeature.State, KioskFeature.Action, KioskFeature.Environment> {
        let state = KioskFeature.State(configuration: .init(isKiosk: true, idleTimeout: .seconds(90), attractAfter: attract),
                                       themeName: "honey", now: start)
        return TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
    }

    let shopping = CounterSnapshot(isRestingAtHome: false)

    @Test func theIdleTimeCountsOnEveryScreenAPaymentsIncluded() {
        // The snapshot says nothing of payments: the one rule asks wherever nobody is at the keys,
        // and starting over is what waits for a charge being answered (`standDown`).
        let store = store()
        store.send(.tick(at(89), shopping)) { $0.now = at(89) }
        store.send(.tick(at(90), shopping)) {
            $0.now = at(90)
            $0.overlay = .stillThere(deadline: at(100))
        }
        store.finish()
    }

    @Test func startingOverCoversTheScreenAndGoesBackUntilHome() {
        var stepsLeft = [false, false, true]
        var resets = 0
        var environment = KioskFeature.Environment()
        environment.standDown = { stepsLeft.removeFirst() }
        environment.resetCounter = { resets += 1 }
        let store = store(environment)
        store.send(.tick(at(90), shopping)) {
            $0.now = at(90)
            $0.overlay = .stillThere(deadline: at(100))
        }
        store.send(.tick(at(100), shopping)) {
            $0.now = at(100)
            $0.overlay = .startingOver(since: at(100))
        }
        // Esc is waiting on something (a charge being answered): the cover stays, nothing is forgotten yet.
        store.receive(.stoodDown(atRest: false))
        #expect(resets == 0)
        // A key meanwhile reaches nothing underneath.
        #expect(KioskFeature.action(for: .key(.enter), in: store.state) == .activity(at(100)))
        #expect(KioskFeature.action(for: .paste("4242"), in: store.state) == .activity(at(100)))
        store.send(.tick(at(101), shopping)) { $0.now = at(101) }
        store.receive(.stoodDown(atRest: false))
        store.send(.tick(at(102), shopping)) { $0.now = at(102) }
        store.receive(.stoodDown(atRest: true)) {
            $0.overlay = nil
            $0.lastInput = at(102)
            $0.sessionStartedAt = at(102)
        }
        #expect(resets == 1)
        #expect(stepsLeft.isEmpty)
        store.finish()
    }

    @Test func pastItsPatienceStartingOverForgetsTheSessionAnyway() {
        var resets = 0
        var environment = KioskFeature.Environment()
        environment.standDown = { false }
        environment.resetCounter = { resets += 1 }
        var state = KioskFeature.State(configuration: .init(isKiosk: true, idleTimeout: .seconds(90), attractAfter: nil),
                                       themeName: "honey", now: start)
        state.overlay = .startingOver(since: start)
        let store = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        store.send(.tick(at(119), shopping)) { $0.now = at(119) }
        store.receive(.stoodDown(atRest: false))
        #expect(resets == 0)
        store.send(.tick(at(120), shopping)) { $0.now = at(120) }
        store.receive(.stoodDown(atRest: false)) {
            $0.overlay = nil
            $0.lastInput = at(120)
            $0.sessionStartedAt = at(120)
        }
        #expect(resets == 1, "what is still open is the settler's; the next shopper sees none of it")
        store.finish()
    }

    @Test func aKeyCancelsTheCountdownAndNothingResets() {
        var resets = 0
        var environment = KioskFeature.Environment()
        environment.resetCounter = { resets += 1 }
        let store = store(environment)
        store.send(.tick(at(90), shopping)) {
            $0.now = at(90)
            $0.overlay = .stillThere(deadline: at(100))
        }
        #expect(KioskFeature.action(for: .key(.character("x")), in: store.state) == .stillThereAnswered)
        store.send(.stillThereAnswered) {
            $0.overlay = nil
            $0.lastInput = at(90)
        }
        store.send(.tick(at(100), shopping)) { $0.now = at(100) }
        #expect(resets == 0)
        store.finish()
    }

    @Test func theCountdownEndsInAReset() {
        var resets = 0
        var environment = KioskFeature.Environment()
        environment.resetCounter = { resets += 1 }
        let store = store(environment)
        store.send(.tick(at(90), shopping)) {
            $0.now = at(90)
            $0.overlay = .stillThere(deadline: at(100))
        }
        store.send(.tick(at(100), shopping)) {
            $0.now = at(100)
            $0.overlay = .startingOver(since: at(100))
        }
        store.receive(.stoodDown(atRest: true)) {
            $0.overlay = nil
            $0.lastInput = at(100)
            $0.sessionStartedAt = at(100)
        }
        #expect(resets == 1)
        store.finish()
    }

    @Test func exitKeysAreSwallowedAtAKiosk() {
        let state = KioskFeature.State(configuration: .init(isKiosk: true), themeName: "honey", now: start)
        for key in [Key.control("c"), .control("z"), .control("\\"), .function(2)] {
            #expect(KioskFeature.action(for: .key(key), in: state) == .activity(start))
        }
        let plain = KioskFeature.State(configuration: .init(isKiosk: false), themeName: "honey", now: start)
        #expect(KioskFeature.action(for: .key(.control("c")), in: plain) == nil, "outside a kiosk Ctrl+C still reaches the counter, which quits")
        #expect(KioskFeature.action(for: .key(.function(10)), in: plain) == .openOperator, "a staffed counter's F10 asks for the operator PIN")
        #expect(KioskFeature.action(for: .key(.function(2)), in: plain) == .cycleTheme, "a staffed counter's F2 steps through the themes")
    }

    @Test func onlyTheRightPINOpensTheMenu() {
        var environment = KioskFeature.Environment()
        environment.verifyPIN = { $0 == "4711" }
        let store = store(environment)
        store.send(.openOperator) { $0.overlay = .operatorPIN(entry: "", message: nil) }
        for digit in "1234" {
            store.send(.operatorKey(.character(digit))) {
                guard case let .operatorPIN(entry, _) = $0.overlay else { return }
                $0.overlay = .operatorPIN(entry: entry + String(digit), message: nil)
            }
        }
        store.send(.operatorKey(.enter))
        store.receive(.pinChecked(false)) {
            $0.overlay = .operatorPIN(entry: "", message: .wrongPIN)
            $0.wrongPINs = 1
        }
        for digit in "4711" {
            store.send(.operatorKey(.character(digit))) {
                guard case let .operatorPIN(entry, _) = $0.overlay else { return }
                $0.overlay = .operatorPIN(entry: entry + String(digit), message: nil)
            }
        }
        store.send(.operatorKey(.enter))
        store.receive(.pinChecked(true)) {
            $0.overlay = .operatorMenu(selection: 0, message: nil)
            $0.wrongPINs = 0
        }
        // The menu opens on its safest entry: an Enter too many goes back to the counter.
        #expect(KioskFeature.OperatorChoice.allCases.first == .close)
        #expect(KioskFeature.OperatorChoice.allCases.last == .exit)
        store.send(.operatorKey(.character("7"))) { $0.exitStatus = 0 }
        store.finish()
    }

    @Test func aReceiptGoesHomeAfter30Seconds() {
        var resets = 0
        var environment = KioskFeature.Environment()
        environment.resetCounter = { resets += 1 }
        let store = store(environment)
        let onReceipt = CounterSnapshot(isRestingAtHome: false, freshReceipt: Self.receipt("HS-000007"))
        store.send(.tick(at(1), onReceipt)) {
            $0.now = at(1)
            $0.receiptOrder = "HS-000007"
            $0.receiptShownAt = at(1)
        }
        store.send(.printed(order: "HS-000007", forShopper: true, .success("/tmp/printer"))) { $0.notice = .receiptPrinted(order: "HS-000007") }
        store.send(.tick(at(30), onReceipt)) { $0.now = at(30) }
        // The shopper is done: the counter starts over without asking, and the notice goes with them.
        store.send(.tick(at(31), onReceipt)) {
            $0.now = at(31)
            $0.receiptShownAt = nil
            $0.notice = nil
            $0.overlay = .startingOver(since: at(31))
        }
        store.receive(.stoodDown(atRest: true)) {
            $0.overlay = nil
            $0.lastInput = at(31)
            $0.sessionStartedAt = at(31)
        }
        #expect(resets == 1)
        store.finish()
    }

    @Test func eachOwedReceiptIsPrintedOnceByItselfAndTheShopperIsToldOfTheirs() {
        var printed: [String] = []
        var reports: [ReceiptReport] = []
        var environment = KioskFeature.Environment()
        // The ledger owes two: one from before this shopper came (an earlier run's, say), one theirs.
        let earlier = OwedReceipt(orderNumber: "HS-000003", placedAt: at(-500))
        let theirs = OwedReceipt(orderNumber: "HS-000004", placedAt: at(5))
        environment.owedReceipts = { [earlier, theirs].filter { !printed.contains($0.orderNumber) } }
        environment.printReceipt = { order, copy in
            #expect(!copy)
            printed.append(order)
            return .success("/dev/usb/lp0")
        }
        environment.report = { reports.append($0) }
        let store = store(environment)
        store.send(.tick(at(10), shopping)) { $0.now = at(10) }
        store.receive(.receiptsOwed([earlier, theirs])) { $0.printedOrders = ["HS-000003", "HS-000004"] }
        // The earlier order's number is nobody's business at the counter now.
        store.receive(.printed(order: "HS-000003", forShopper: false, .success("/dev/usb/lp0")))
        store.receive(.printed(order: "HS-000004", forShopper: true, .success("/dev/usb/lp0"))) {
            $0.notice = .receiptPrinted(order: "HS-000004")
        }
        store.send(.tick(at(11), shopping)) { $0.now = at(11) }
        #expect(printed == ["HS-000003", "HS-000004"], "printed once each, not once a tick")
        #expect(reports == [.printed(order: "HS-000003", destination: "/dev/usb/lp0", copy: false),
                            .printed(order: "HS-000004", destination: "/dev/usb/lp0", copy: false)])
        store.finish()
    }

    @Test func aReceiptThePrinterCannotTakeWaitsForTheOperator() {
        var printerWorks = false
        var printed: [String] = []
        var reports: [ReceiptReport] = []
        var environment = KioskFeature.Environment()
        let owed = OwedReceipt(orderNumber: "HS-000009", placedAt: at(1))
        environment.owedReceipts = { printed.contains("HS-000009") ? [] : [owed] }
        environment.printReceipt = { order, _ in
            guard printerWorks else { return .failure(.cannotWrite("/dev/usb/lp0")) }
            printed.append(order)
            return .success("/dev/usb/lp0")
        }
        environment.report = { reports.append($0) }
        let store = store(environment)
        store.send(.tick(at(2), shopping)) { $0.now = at(2) }
        store.receive(.receiptsOwed([owed])) { $0.printedOrders = ["HS-000009"] }
        store.receive(.printed(order: "HS-000009", forShopper: true, .failure(.cannotWrite("/dev/usb/lp0")))) {
            $0.printedOrders = []
            $0.waitingReceipts = ["HS-000009"]
            $0.printerProblem = .cannotWrite("/dev/usb/lp0")
            $0.notice = .receiptNotPrinted(order: "HS-000009")
        }
        #expect(reports == [.failed(order: "HS-000009", reason: "cannot write to /dev/usb/lp0")], "the operator's log is told")
        // Not tried again every second.
        store.send(.tick(at(3), shopping)) { $0.now = at(3) }
        store.receive(.receiptsOwed([owed]))
        #expect(KioskFeature.printerStatus(store.state) == "Printer: cannot write to /dev/usb/lp0.\n1 receipt waiting.")
        // The operator fixes the printer and prints what waits.
        printerWorks = true
        var state = store.state
        state.overlay = .operatorMenu(selection: 0, message: nil)
        let menu = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        let choice = KioskFeature.OperatorChoice.printWaiting.rawValue
        menu.send(.operatorKey(.character(Character("\(choice + 1)")))) { $0.lastInput = at(3) }
        menu.receive(.waitingReceiptsPrinted(owed: ["HS-000009"], printed: ["HS-000009"], failure: nil)) {
            $0.overlay = .operatorMenu(selection: choice, message: .printedWaiting(count: 1))
            $0.printerProblem = nil
            $0.waitingReceipts = []
            $0.printedOrders = ["HS-000009"]
        }
        #expect(printed == ["HS-000009"])
        #expect(KioskFeature.printerStatus(menu.state) == nil)
        menu.finish()
        store.finish()
    }

    /// Refunds' and voids' receipts the printer could not take wait as a sale's receipt does,
    /// and the operator's menu counts them with the receipts until they are printed.
    @Test func refundReceiptsThePrinterCannotTakeAreCountedOnTheOperatorsMenu() {
        var printerWorks = false
        var owedDocuments = 2
        var environment = KioskFeature.Environment()
        environment.printOwedDocuments = {
            guard printerWorks else { return (0, .cannotWrite("/dev/usb/lp0")) }
            defer { owedDocuments = 0 }
            return (owedDocuments, nil)
        }
        environment.owedDocumentCount = { owedDocuments }
        let store = store(environment)
        store.send(.tick(at(2), shopping)) { $0.now = at(2) }
        store.receive(.printerUnavailable(.cannotWrite("/dev/usb/lp0"))) { $0.printerProblem = .cannotWrite("/dev/usb/lp0") }
        store.receive(.documentsWaiting(2)) { $0.waitingDocuments = 2 }
        #expect(KioskFeature.printerStatus(store.state) == "Printer: cannot write to /dev/usb/lp0.\n2 receipts waiting.")
        // Still failing when the operator asks: the menu says both wait.
        var state = store.state
        state.overlay = .operatorMenu(selection: 0, message: nil)
        let choice = KioskFeature.OperatorChoice.printWaiting.rawValue
        let failing = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        failing.send(.operatorKey(.character(Character("\(choice + 1)")))) { $0.lastInput = at(2) }
        failing.receive(.waitingReceiptsPrinted(owed: [], printed: [], failure: .cannotWrite("/dev/usb/lp0"), documentsLeft: 2)) {
            $0.overlay = .operatorMenu(selection: choice, message: .waitingNotPrinted(.cannotWrite("/dev/usb/lp0"), waiting: 2))
        }
        // The printer mended, both come out and nothing waits.
        printerWorks = true
        let menu = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        menu.send(.operatorKey(.character(Character("\(choice + 1)")))) { $0.lastInput = at(2) }
        menu.receive(.waitingReceiptsPrinted(owed: [], printed: [], failure: nil, documents: 2)) {
            $0.overlay = .operatorMenu(selection: choice, message: .printedWaiting(count: 2))
            $0.printerProblem = nil
            $0.waitingDocuments = 0
        }
        #expect(KioskFeature.printerStatus(menu.state) == nil)
        store.finish()
        failing.finish()
        menu.finish()
    }

    @Test func theOperatorReprintsTheLastReceiptAsACopyAlsoAfterARestart() {
        var copies: [String] = []
        var environment = KioskFeature.Environment()
        environment.lastReceipt = { "HS-000012" }
        environment.printReceipt = { order, copy in
            if copy { copies.append(order) }
            return .success("/dev/usb/lp0")
        }
        var state = KioskFeature.State(configuration: .init(isKiosk: true), themeName: "honey", now: start)
        state.overlay = .operatorMenu(selection: 0, message: nil)
        let store = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        store.send(.operatorKey(.character("2")))
        store.receive(.lastReceiptFound("HS-000012"))
        store.receive(.reprinted(order: "HS-000012", from: .printLastReceipt, .success("/dev/usb/lp0"))) {
            $0.overlay = .operatorMenu(selection: 1, message: .printed(order: "HS-000012", destination: "/dev/usb/lp0"))
        }
        #expect(copies == ["HS-000012"])
        store.finish()
    }

    @Test func theOperatorReprintsAnyPaidOrdersReceiptByItsNumber() {
        var copies: [String] = []
        var environment = KioskFeature.Environment()
        environment.printReceipt = { order, copy in
            guard order == "HS-000042" else { return .failure(.noSuchReceipt(order)) }
            if copy { copies.append(order) }
            return .success("/dev/usb/lp0")
        }
        var state = KioskFeature.State(configuration: .init(isKiosk: true), themeName: "honey", now: start)
        state.overlay = .operatorMenu(selection: 0, message: nil)
        let store = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        store.send(.operatorKey(.character("3"))) { $0.overlay = .operatorReprint(digits: "", message: nil) }
        store.send(.operatorKey(.character("7"))) { $0.overlay = .operatorReprint(digits: "7", message: nil) }
        store.send(.operatorKey(.enter))
        store.receive(.reprinted(order: "HS-000007", from: .reprint, .failure(.noSuchReceipt("HS-000007")))) {
            $0.overlay = .operatorReprint(digits: "", message: .noPaidOrder("HS-000007"))
        }
        store.send(.operatorKey(.character("4"))) { $0.overlay = .operatorReprint(digits: "4", message: nil) }
        store.send(.operatorKey(.character("2"))) { $0.overlay = .operatorReprint(digits: "42", message: nil) }
        store.send(.operatorKey(.enter))
        store.receive(.reprinted(order: "HS-000042", from: .reprint, .success("/dev/usb/lp0"))) {
            $0.overlay = .operatorMenu(selection: KioskFeature.OperatorChoice.reprint.rawValue, message: .printed(order: "HS-000042", destination: "/dev/usb/lp0"))
        }
        #expect(copies == ["HS-000042"])
        store.finish()
    }

    @Test func aReceiptIsNotInterruptedByAShortIdleTimeout() {
        let state = KioskFeature.State(configuration: .init(isKiosk: true, idleTimeout: .seconds(5), attractAfter: nil), themeName: "honey", now: start)
        let store = TestStore(initialState: state, environment: KioskFeature.Environment(), reducer: KioskFeature.reduce)
        let receipt = Self.receipt("HS-000008")
        let onReceipt = CounterSnapshot(isRestingAtHome: false, freshReceipt: receipt)
        store.send(.tick(at(1), onReceipt)) {
            $0.now = at(1)
            $0.receiptOrder = "HS-000008"
            $0.receiptShownAt = at(1)
        }
        store.send(.tick(at(20), onReceipt)) { $0.now = at(20) }
        #expect(store.state.overlay == nil)
        store.finish()
    }

    @Test func threeWrongPINsLockTheOperatorKeyForAMinute() {
        var environment = KioskFeature.Environment()
        environment.verifyPIN = { _ in false }
        let store = store(environment)
        store.send(.openOperator) { $0.overlay = .operatorPIN(entry: "", message: nil) }
        store.send(.pinChecked(false)) { $0.overlay = .operatorPIN(entry: "", message: .wrongPIN); $0.wrongPINs = 1 }
        store.send(.pinChecked(false)) { $0.wrongPINs = 2 }
        // start is 1970-01-12 13:46:40 UTC: the operator is told until when, to the second.
        let locked = KioskFeature.Notice.operatorLocked(until: at(60))
        #expect(KioskFeature.words(locked) == "Operator menu locked after 3 wrong PINs; try again at 13:47:40 UTC.")
        store.send(.pinChecked(false)) {
            $0.wrongPINs = 0
            $0.overlay = nil
            $0.operatorLockedUntil = at(60)
            $0.notice = locked
        }
        store.send(.activity(at(59))) { $0.now = at(59); $0.lastInput = at(59); $0.notice = nil }
        store.send(.openOperator) { $0.notice = locked }
        store.send(.activity(at(60))) { $0.now = at(60); $0.lastInput = at(60); $0.notice = nil }
        store.send(.openOperator) { $0.overlay = .operatorPIN(entry: "", message: nil) }
        store.finish()
    }

    @Test func theOperatorsThemeChangeLeavesNoOlderThemeNotice() {
        var environment = KioskFeature.Environment()
        environment.nextTheme = { "midnight" }
        var state = KioskFeature.State(configuration: .init(isKiosk: true), themeName: "honey", now: start)
        state.notice = .theme(name: "mono")
        state.overlay = .operatorMenu(selection: 0, message: nil)
        let store = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        store.send(.operatorKey(.character("5")))
        store.receive(.themeChangedFromMenu("midnight")) {
            $0.themeName = "midnight"
            $0.notice = nil
            $0.overlay = .operatorMenu(selection: KioskFeature.OperatorChoice.changeTheme.rawValue, message: .theme(name: "midnight"))
        }
        store.finish()
    }

    @Test func theDemoStartsWithoutTheLastShoppersNotice() {
        var environment = KioskFeature.Environment()
        environment.startDemo = { true }
        let store = store(environment, attract: .seconds(60))
        store.send(.printed(order: "HS-000001", forShopper: true, .success("/tmp/printer"))) { $0.notice = .receiptPrinted(order: "HS-000001") }
        store.send(.tick(at(60), CounterSnapshot(isRestingAtHome: true))) {
            $0.now = at(60)
            $0.isAttracting = true
            $0.notice = nil
        }
        store.finish()
    }

    @Test func nothingReachesTheCounterUnderAKioskDialog() {
        var state = KioskFeature.State(configuration: .init(isKiosk: true), themeName: "honey", now: start)
        state.overlay = .stillThere(deadline: at(10))
        #expect(KioskFeature.action(for: .paste("q"), in: state) == .stillThereAnswered)
        #expect(KioskFeature.action(for: .mouse(.left, at: Point(x: 1, y: 1)), in: state) == .stillThereAnswered)
        state.overlay = .operatorPIN(entry: "", message: nil)
        #expect(KioskFeature.action(for: .paste("4711"), in: state) == .activity(start), "a paste types no PIN and reaches no screen")
        #expect(KioskFeature.action(for: .resize(Size(columns: 100, rows: 30)), in: state) == nil, "a resize reaches the counter")
    }

    @Test func aStaffedCounterOpensTheOperatorsMenuWithoutExitOrTheme() {
        var environment = KioskFeature.Environment()
        environment.verifyPIN = { $0 == "4711" }
        var opened = 0
        environment.openBackOffice = { opened += 1 }
        let state = KioskFeature.State(configuration: .init(isKiosk: false), themeName: "honey", now: start)
        let store = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        store.send(.openOperator) { $0.overlay = .operatorPIN(entry: "", message: nil) }
        #expect(KioskFeature.action(for: .key(.character("4")), in: store.state) == .operatorKey(.character("4")),
                "the PIN prompt takes the keys at a staffed counter too")
        for digit in "4711" {
            store.send(.operatorKey(.character(digit))) {
                guard case let .operatorPIN(entry, _) = $0.overlay else { return }
                $0.overlay = .operatorPIN(entry: entry + String(digit), message: nil)
            }
        }
        store.send(.operatorKey(.enter))
        store.receive(.pinChecked(true)) { $0.overlay = .operatorMenu(selection: 0, message: nil) }
        // `q` and F2 are the staffed counter's own: the menu has neither Exit nor a theme, and
        // its numbers follow what is shown (5 is the back office, the last line).
        #expect(KioskFeature.OperatorChoice.menu(isKiosk: false) == [.close, .printLastReceipt, .reprint, .printWaiting, .backOffice])
        store.send(.operatorKey(.character("6")))
        store.send(.operatorKey(.up)) { $0.overlay = .operatorMenu(selection: 4, message: nil) }
        store.send(.operatorKey(.character("5"))) { $0.overlay = nil }
        #expect(opened == 1)
        #expect(store.state.exitStatus == nil)
        store.finish()
    }

    @Test func withoutAnOperatorPINTheCounterSaysHowToSetOne() {
        var configuration = KioskFeature.Configuration(isKiosk: true)
        configuration.hasOperatorPIN = false
        let store = TestStore(initialState: KioskFeature.State(configuration: configuration, themeName: "honey", now: start),
                              environment: KioskFeature.Environment(), reducer: KioskFeature.reduce)
        store.send(.openOperator) { $0.notice = .noOperatorPIN }
        #expect(KioskFeature.words(.noOperatorPIN).contains("checkout kiosk --set-operator-pin"))
        store.finish()
    }

    @Test func theOperatorHearsOfALowRollOnceAndTheMenuSaysIt() {
        var reports: [ReceiptReport] = []
        var paper: ReceiptPrinter.Paper? = .low
        var environment = KioskFeature.Environment()
        environment.report = { reports.append($0) }
        environment.paper = { paper }
        let store = store(environment)
        store.send(.printed(order: "HS-000001", forShopper: false, .success("/dev/usb/lp0")))
        store.receive(.paperChecked(.low)) { $0.printerPaper = .low }
        store.send(.printed(order: "HS-000002", forShopper: false, .success("/dev/usb/lp0")))
        #expect(reports == [.printed(order: "HS-000001", destination: "/dev/usb/lp0", copy: false), .paperLow,
                            .printed(order: "HS-000002", destination: "/dev/usb/lp0", copy: false)])
        #expect(KioskFeature.printerStatus(store.state) == "Printer: paper low; change the roll soon.")
        // A new roll: the operator, coming to the menu, sees nothing wrong any more.
        paper = .present
        store.send(.pinChecked(true)) { $0.overlay = .operatorMenu(selection: 0, message: nil) }
        store.receive(.paperChecked(.present)) { $0.printerPaper = .present }
        #expect(KioskFeature.printerStatus(store.state) == nil)
        store.finish()
    }

    @Test func printWaitingReceiptsAlsoPrintsTheZReportsThatWaited() {
        var environment = KioskFeature.Environment()
        var asked = 0
        environment.printWaitingReports = { asked += 1; return (2, nil) }
        var state = KioskFeature.State(configuration: .init(isKiosk: true), themeName: "honey", now: start)
        state.overlay = .operatorMenu(selection: 0, message: nil)
        let menu = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        let choice = KioskFeature.OperatorChoice.printWaiting.rawValue
        menu.send(.operatorKey(.character(Character("\(choice + 1)"))))
        menu.receive(.waitingReceiptsPrinted(owed: [], printed: [], failure: nil, reports: 2)) {
            $0.overlay = .operatorMenu(selection: choice, message: .printedWaitingWithReports(count: 0, reports: 2))
        }
        #expect(asked == 1)
        #expect(KioskFeature.words(.printedWaitingWithReports(count: 0, reports: 2)) == "Printed 0 waiting receipts. Printed 2 waiting Z reports.")
        // The printer fails on the first report: it says so, the reports wait on.
        environment.printWaitingReports = { (0, .notAccepting("/dev/usb/lp0")) }
        let failing = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        failing.send(.operatorKey(.character(Character("\(choice + 1)"))))
        failing.receive(.waitingReceiptsPrinted(owed: [], printed: [], failure: .notAccepting("/dev/usb/lp0"), reports: 0)) {
            $0.overlay = .operatorMenu(selection: choice, message: .waitingNotPrinted(.notAccepting("/dev/usb/lp0"), waiting: 0))
            $0.printerProblem = .notAccepting("/dev/usb/lp0")
        }
        menu.finish()
        failing.finish()
    }

    /// Z reports the printer could not take before the counter stopped come out at the next
    /// start, once; a printer that fails again is the operator's to see, and they wait on.
    @Test func zReportsThatWaitedArePrintedAtTheNextStart() {
        var environment = KioskFeature.Environment()
        var reports: [ReceiptReport] = []
        environment.report = { reports.append($0) }
        environment.printWaitingReports = { (2, nil) }
        let state = KioskFeature.State(configuration: .init(isKiosk: true), themeName: "honey", now: start)
        let printing = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        printing.send(.started(start))
        printing.finish()
        #expect(reports == [.reportsPrinted(count: 2)])
        reports = []
        environment.printWaitingReports = { (0, .notAccepting("/dev/usb/lp0")) }
        let failing = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        failing.send(.started(start))
        failing.receive(.printerUnavailable(.notAccepting("/dev/usb/lp0"))) { $0.printerProblem = .notAccepting("/dev/usb/lp0") }
        failing.finish()
        #expect(reports == [.reportsNotPrinted(reason: ReceiptPrinter.Failure.notAccepting("/dev/usb/lp0").description)])
        // No printer at all: nothing to say.
        reports = []
        environment.printWaitingReports = { (0, .notConfigured) }
        let none = TestStore(initialState: state, environment: environment, reducer: KioskFeature.reduce)
        none.send(.started(start))
        none.finish()
        #expect(reports.isEmpty)
    }
}
