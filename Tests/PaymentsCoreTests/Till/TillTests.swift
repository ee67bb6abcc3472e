import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import ProgramSupport
import Testing

/// Cash control per till: the expected cash of a till from the books and its movements, one open
/// till per counter (the database's rule, on both engines), a difference above the limit refused
/// without the PIN, Z reports numbered per counter with their cash section.
@Suite struct TillTests {
    /// Books cash for a placed order at `counter`, as the checkout books a cash sale (the amount
    /// due, change netted) or a cash refund (negative).
    private func bookCash(_ world: CommerceTestWorld, _ minor: Int64, counter: String?, refund: Bool = false) throws {
        let session = "cash-\(UUID().uuidString)"
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: session)
        let orderId = try world.orders.placeOrder(for: session).id
        let answer = LedgerAnswer(kind: refund ? .cashRefund : .cashPayment, id: UUID().uuidString)
        try world.core.store.write { tx in
            try tx.insert(LedgerEntryRecord(id: MoneyLedger.entryId(answer), orderId: orderId, movement: refund ? .refund : .payment, tender: .cash,
                                            amountMinor: refund ? -minor : minor, currency: "EUR", at: world.clock.now, counter: counter,
                                            answerKind: answer.kind, answerId: answer.id))
        }
    }

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private func tills(_ world: CommerceTestWorld, _ counter: String?, limit: Money = Tills.defaultDifferenceLimit) -> Tills {
        Tills(store: world.core.store, clock: world.clock, ids: world.core.ids, counter: counter, differenceLimit: limit)
    }

    /// A count that comes to `minor` in €10 notes and cents.
    private func count(_ minor: Int64) -> [DenominationCount] {
        [DenominationCount(CashDenomination(.note, 1_000), quantity: Int(minor / 1_000)),
         DenominationCount(CashDenomination(.coin, 1), quantity: Int(minor % 1_000))]
    }

    @Test func theExpectedCashFormula() {
        let figures = CashFigures(float: 10_000, cashSales: 2_650, cashRefunds: 650, paidIn: 500, paidOut: 1_200)
        #expect(figures.expected == 10_000 + 2_650 - 650 + 500 - 1_200)
        #expect(figures.expected == 11_300)
        #expect(figures.difference(counted: 11_300) == 0)
        #expect(figures.difference(counted: 11_000) == -300, "short: negative")
        #expect((figures + figures).expected == 2 * figures.expected)
    }

    @Test(arguments: StorageBackend.allCases)
    func expectedCashAcrossTwoCountersAndTwoSessions(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (a, b) = (tills(world, "A"), tills(world, "B"))
        #expect(try a.suggestedFloat(currency: .eur) == nil, "never closed: nothing to suggest")
        _ = try a.open(float: euros(10_000))
        _ = try b.open(float: euros(5_000))
        world.advance(.seconds(1))
        try bookCash(world, 650, counter: "A")
        try bookCash(world, 1_300, counter: "A")
        try bookCash(world, 650, counter: "A", refund: true)
        try bookCash(world, 2_000, counter: "B")
        try bookCash(world, 999, counter: nil) // the unnamed counter's, in neither till
        _ = try a.payIn(euros(500), reason: "change from the bank")
        _ = try a.payOut(euros(1_200), reason: "window cleaner")
        _ = try a.noSale(reason: "change for a customer")
        _ = try b.payOut(euros(300), reason: "stamps")

        let tillA = try #require(try a.current())
        #expect(tillA.figures == CashFigures(float: 10_000, cashSales: 1_950, cashRefunds: 650, paidIn: 500, paidOut: 1_200))
        #expect(tillA.figures.expected == 10_600)
        let tillB = try #require(try b.current())
        #expect(tillB.figures.expected == 5_000 + 2_000 - 300)
        #expect(try a.movements(of: tillA).map(\.kind) == [.paidIn, .paidOut, .noSale])
        #expect(try a.movements(of: tillA).map(\.amount.minorUnits) == [500, -1_200, 0])

        world.advance(.seconds(60))
        let closed = try a.close(count: count(10_600), note: "", leftIn: euros(10_000), approval: nil)
        #expect(closed.difference == 0 && closed.closing?.counted == 10_600 && closed.closing?.approval == nil)
        #expect(try a.current() == nil)
        #expect(try a.suggestedFloat(currency: .eur) == euros(10_000), "the last close's cash left in")

        // The second session counts only what it saw.
        world.advance(.seconds(60))
        _ = try a.open(float: euros(10_000))
        try bookCash(world, 650, counter: "A")
        #expect(try a.current()?.figures == CashFigures(float: 10_000, cashSales: 650))
        #expect(try b.current()?.figures.expected == 6_700, "B's till is its own")
    }

    /// The checkout's own cash sale and cash refund (not rows made by the test): the till expects
    /// the amount due, the change already given back, less the refund.
    @Test(arguments: StorageBackend.allCases)
    func aCashSaleAndACashRefundAtTheCheckoutMoveTheExpectedCash(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend, counterName: "front")
        let till = tills(world, "front")
        _ = try till.open(float: euros(10_000))
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        let sale = try world.orders.payInCash(sessionKey: "s", tendered: euros(2_000))
        #expect(sale.order.total == euros(1_300))
        #expect(try till.current()?.figures == CashFigures(float: 10_000, cashSales: 1_300), "the amount due, not the €20 tendered")
        _ = world.settle { world.orders.refund(orderId: sale.order.id, .lines([ReturnedLine(position: 0, quantity: 1)]), idempotencyKey: "r",
                                               completion: $0) }
        #expect(try till.current()?.figures == CashFigures(float: 10_000, cashSales: 1_300, cashRefunds: 650))
        #expect(try till.current()?.figures.expected == 10_650)
        #expect(try tills(world, "back").current() == nil, "another counter's till saw none of it")
    }

    @Test(arguments: StorageBackend.allCases)
    func oneOpenTillPerCounterOnBothEngines(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let first = try tills(world, "A").open(float: euros(10_000))
        #expect(throws: TillError.alreadyOpen) { try tills(world, "A").open(float: euros(5_000)) }
        // The database itself refuses a second open till for the counter, whoever writes it.
        #expect(throws: StorageError.duplicate) {
            try world.core.store.write { tx in
                try tx.insert(TillSessionRecord(id: "till_other", counter: "A", state: .open, currency: "EUR", openedAt: world.clock.now,
                                                floatMinor: 0, suggestedMinor: nil))
            }
        }
        _ = try tills(world, "B").open(float: euros(5_000))
        _ = try tills(world, "A").close(count: count(10_000), note: "", leftIn: euros(0), approval: nil)
        #expect(try tills(world, "A").open(float: euros(0)).id != first.id, "closed: a new one opens")
    }

    @Test func movementsAndClosingNeedAnOpenTillAReasonAndSenseAmounts() throws {
        let world = CommerceTestWorld()
        let till = tills(world, nil)
        #expect(throws: TillError.notOpen) { try till.payIn(euros(100), reason: "float top-up") }
        #expect(throws: TillError.notOpen) { try till.close(count: [], note: "", leftIn: euros(0), approval: nil) }
        _ = try till.open(float: euros(1_000))
        #expect(throws: TillError.reasonMissing) { try till.noSale(reason: "  ") }
        #expect(throws: TillError.invalidAmount) { try till.payOut(euros(0), reason: "nothing") }
        #expect(throws: TillError.invalidAmount) { try till.payIn(Money(minorUnits: 100, currency: .usd), reason: "dollars") }
        #expect(throws: TillError.leftInExceedsCounted) { try till.close(count: count(1_000), note: "", leftIn: euros(2_000), approval: nil) }
        #expect(try till.current()?.isOpen == true, "nothing refused was written")
    }

    @Test(arguments: StorageBackend.allCases)
    func aDifferenceAboveTheLimitIsRefusedWithoutThePIN(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let till = tills(world, "A")
        _ = try till.open(float: euros(10_000))
        try bookCash(world, 2_000, counter: "A")
        // €5.00 short is at the limit: closes without approval.
        #expect(throws: TillError.approvalNeeded(difference: euros(-501), limit: euros(500))) {
            try till.close(count: count(11_499), note: "short", leftIn: euros(0), approval: nil)
        }
        #expect(throws: TillError.approvalNeeded(difference: euros(800), limit: euros(500))) {
            try till.close(count: count(12_800), note: "over", leftIn: euros(0), approval: nil)
        }
        #expect(try till.current()?.isOpen == true, "refused: still open")
        let closed = try till.close(count: count(12_800), note: "a note found in the coins", leftIn: euros(10_000), approval: .operatorPIN)
        #expect(closed.difference == 800 && closed.closing?.approval == .operatorPIN && closed.closing?.note == "a note found in the coins")
        #expect(try till.closed().first == closed, "recorded as closed, approval and all")
        #expect(world.eventTypes(closed.id) == ["till.opened", "till.closed"])

        let within = tills(world, "B")
        _ = try within.open(float: euros(1_000))
        #expect(try within.close(count: count(500), note: "", leftIn: euros(0), approval: nil).difference == -500, "at the limit")
    }

    @Test(arguments: StorageBackend.allCases)
    func zReportsAreNumberedPerCounterOnAFleetWithTheirCashSection(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let (tillA, tillB) = (tills(world, "A"), tills(world, "B"))
        let (zA, zB) = (DayReports(store: world.core.store, clock: world.clock, counter: "A"),
                        DayReports(store: world.core.store, clock: world.clock, counter: "B"))
        _ = try tillA.open(float: euros(10_000))
        _ = try tillB.open(float: euros(5_000))
        world.advance(.seconds(1))
        try bookCash(world, 650, counter: "A")
        try bookCash(world, 1_300, counter: "B")
        _ = try tillA.payOut(euros(200), reason: "milk")
        world.advance(.seconds(1))
        _ = try tillA.close(count: count(10_450), note: "", leftIn: euros(10_000), approval: nil)
        // A second session of A's before its Z: both in the cash section.
        world.advance(.seconds(1))
        _ = try tillA.open(float: euros(10_000))
        try bookCash(world, 650, counter: "A")
        world.advance(.seconds(1))
        _ = try tillA.close(count: count(10_600), note: "ten cents found", leftIn: euros(10_000), approval: nil)

        let x = try zA.current()
        #expect(x.number == nil && x.cash.count == 2)
        let first = try zA.close()
        #expect(first.number == 1 && first.counter == "A" && first.printKey == "z-report-A-1")
        #expect(first.sales == [DayReport.Total(method: "cash", currency: "EUR", minorUnits: 1_300, count: 2)], "A's sales only")
        #expect(first.cash.map(\.figures.cashSales) == [650, 650])
        let total = try #require(first.cashTotals.first)
        #expect(total.currency == "EUR" && first.cashTotals.count == 1)
        #expect(total.figures == CashFigures(float: 20_000, cashSales: 1_300, cashRefunds: 0, paidIn: 0, paidOut: 200))
        #expect(total.figures.expected == 21_100 && total.counted == 21_050, "50 cents short over the two tills")
        #expect(try zA.current().cash.isEmpty, "a till is in one Z report")

        world.advance(.seconds(1))
        let second = try zA.close()
        #expect(second.number == 2 && second.from == first.to && second.sales.isEmpty)
        let b = try zB.close()
        #expect(b.number == 1 && b.from == nil && b.counter == "B", "B's own sequence and span")
        #expect(b.sales == [DayReport.Total(method: "cash", currency: "EUR", minorUnits: 1_300, count: 1)])
        #expect(b.cash.isEmpty, "B's till is still open")
        #expect(try zA.closed().map(\.number) == [2, 1] && zB.closed().map(\.number) == [1])

        // The shop's day: every counter's entries and tills.
        let start = world.clock.now.addingTimeInterval(-3_600)
        let day = try zA.shopDay(from: start, to: start.addingTimeInterval(86_400))
        #expect(day.counter == nil && day.number == nil && day.cash.count == 2)
        #expect(day.sales == [DayReport.Total(method: "cash", currency: "EUR", minorUnits: 2_600, count: 3)])
        // The audit sums each saved Z report again from the books, per counter.
        let differing = try LedgerAudit().violations(in: world.core.store, now: world.clock.now).filter {
            if case .dayReportDiffersFromBooks = $0 { true } else { false }
        }
        #expect(differing.isEmpty)
    }

    /// A counter's printer owes its own Z reports, not another counter's of the fleet.
    @Test(arguments: StorageBackend.allCases)
    func aCountersPrinterWaitsForItsOwnZReportsOnly(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let ledger = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: world.commerce.instance.id, counter: "A")
        try ledger.registerPrinter()
        world.advance(.seconds(60))
        _ = try DayReports(store: world.core.store, clock: world.clock, counter: "B").close()
        let own = try DayReports(store: world.core.store, clock: world.clock, counter: "A").close()
        #expect(try ledger.reportsAwaitingPrint().map(\.printKey) == [own.printKey])
    }

    /// A Z report saved before reports were per counter closed the whole shop: it still reads, it
    /// is each counter's last close, and the numbers go on from it.
    @Test func aZReportFromBeforeIsEveryCountersLastClose() throws {
        let world = CommerceTestWorld()
        let old = #"{"number":1,"to":0,"sales":[],"refunds":[],"voids":[],"unsettled":[]}"#
        try world.core.store.write { tx in
            try tx.execute("INSERT INTO day_reports (number, from_at, to_at, body) VALUES (1, NULL, ?, ?)",
                           Date(timeIntervalSinceReferenceDate: 0).milliseconds, old)
        }
        let reports = DayReports(store: world.core.store, clock: world.clock, counter: "A")
        let saved = try #require(try reports.closed().first)
        #expect(saved.counter == nil && saved.cash.isEmpty && saved.printKey == "z-report-1")
        world.advance(.seconds(1))
        let next = try reports.close()
        #expect(next.number == 2 && next.from == Date(timeIntervalSinceReferenceDate: 0))
        #expect(try DayReports(store: world.core.store, clock: world.clock, counter: "B").close().number == 2)
    }

    @Test func theDenominationsOfTheShopsCurrencies() {
        for currency in [Currency.eur, .gbp, .usd, .chf, .cny, .jpy] {
            let pieces = CashDenominations.of(currency)
            #expect(!pieces.isEmpty && pieces == pieces.sorted() && Set(pieces).count == pieces.count, "\(currency)")
        }
        #expect(CashDenominations.of(.eur).first == CashDenomination(.coin, 1) && CashDenominations.of(.eur).last == CashDenomination(.note, 50_000))
        #expect(CashDenominations.of(.jpy).first == CashDenomination(.coin, 1) && CashDenominations.of(.jpy).last == CashDenomination(.note, 10_000))
        #expect(CashDenominations.of(.chf).first == CashDenomination(.coin, 5), "no 1 or 2 centimes")
        let counted = [DenominationCount(CashDenomination(.note, 2_000), quantity: 3), DenominationCount(CashDenomination(.coin, 50), quantity: 7)]
        #expect(counted.countedMinorUnits == 6_350)
    }

    @Test func theExportListsCashMovements() throws {
        let world = CommerceTestWorld(counterName: "front")
        let till = tills(world, "front")
        _ = try till.open(float: euros(10_000))
        _ = try till.payIn(euros(500), reason: "change from the bank")
        _ = try till.payOut(euros(1_200), reason: "window cleaner")
        _ = try till.noSale(reason: "change for a customer")
        let start = world.clock.now.addingTimeInterval(-3_600)
        let rows = try CSVReader.records(try LedgerExport.csv(world.core.store, from: start, to: start.addingTimeInterval(86_400)).text)
            .dropFirst().map { Dictionary(uniqueKeysWithValues: zip(LedgerExport.header, $0)) }
        #expect(rows.map { $0["record"] } == ["paid_in", "paid_out", "no_sale"])
        #expect(rows.map { $0["amount_minor"] } == ["500", "-1200", "0"])
        #expect(rows.map { $0["description"] } == ["change from the bank", "window cleaner", "change for a customer"])
        #expect(rows.allSatisfy { $0["counter"] == "front" && $0["method"] == "cash" && !($0["time"] ?? "").isEmpty })
    }
}
