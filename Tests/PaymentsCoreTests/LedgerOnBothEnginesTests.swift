import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// The receipts, the settler's look and the ledger's checks on both engines, each counter on a
/// connection of its own (`LastJarRaceTests.FleetCounter`), as a fleet on one server runs them.
@Suite struct LedgerOnBothEnginesTests {
    /// A fleet counter that prints: its instance registered on the database, its orders its own.
    final class PrintingCounter {
        let fleet: LastJarRaceTests.FleetCounter
        let instance: CounterInstance
        let orders: Orders
        let receipts: ReceiptLedger

        init(_ location: StoreLocation, keys: VaultKeys = .ephemeral(), host: String = "till", acquirerLatency: Duration = .zero) throws {
            fleet = try LastJarRaceTests.FleetCounter(location, acquirerLatency: acquirerLatency, keys: keys)
            let ids = RandomIDGenerator()
            instance = try CounterInstance(store: fleet.store, clock: fleet.clock, ids: ids, host: host)
            orders = Orders(store: fleet.store, carts: fleet.carts,
                            charges: ChargeServiceGateway(charges: fleet.chargeService, repository: fleet.charges, scheduler: fleet.timers),
                            ids: ids, scheduler: fleet.timers, events: CoreEventRecorder(clock: fleet.clock), owner: instance.id)
            receipts = try ReceiptLedger(store: fleet.store, clock: fleet.clock, instanceId: instance.id)
        }

        /// Pays a cart of one jar by card; the order as the answer left it (pending while the
        /// acquirer has not answered).
        func pay(_ session: String, jar: String = "honey-acacia") throws -> Order {
            try fleet.carts.add(productId: jar, for: session)
            let payment = try orders.prepareCartPayment(for: session)
            let card = try Card.validate(number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: fleet.clock.now)
            orders.pay(payment, with: .token(try fleet.vault.tokenize(card).id)) { _ in }
            fleet.timers.advance(fleet.clock, by: .seconds(1))
            return try #require(try orders.order(id: payment.orderId))
        }
    }

    final class Printers: @unchecked Sendable {
        let all: [PrintingCounter]
        init(_ all: [PrintingCounter]) { self.all = all }
    }

    // MARK: - Receipts

    @Test(arguments: StorageBackend.allCases)
    func aPaidOrderIsOwedItsReceiptUntilPrintedAndCopiesAreCounted(_ backend: StorageBackend) throws {
        let counter = try PrintingCounter(try backend.freshStore())
        try counter.receipts.registerPrinter()
        try counter.receipts.registerPrinter()
        let order = try counter.pay("ada")
        #expect(order.state == .paid)
        let owed = try counter.receipts.owed()
        #expect(owed.map(\.order.number) == [order.number])
        #expect(owed.first?.tender == .card(brand: "Visa", lastFour: "4242"))
        #expect(try counter.receipts.latestPaid(sessionKey: "ada")?.order.number == order.number)
        #expect(try counter.receipts.lastPrinted() == nil)

        try counter.receipts.markPrinted(orderNumber: order.number, copy: false)
        #expect(try counter.receipts.owed().isEmpty)
        #expect(try counter.receipts.lastPrinted()?.order.number == order.number)
        try counter.receipts.markPrinted(orderNumber: order.number, copy: true)
        try counter.receipts.markPrinted(orderNumber: order.number, copy: true)
        #expect(try counter.receipts.receipt(orderNumber: order.number)?.copies == 2)
        #expect(try counter.receipts.owedDocuments().isEmpty)
        #expect(try counter.receipts.reportsAwaitingPrint().isEmpty)

        // A refund this counter asked for owes its own receipt once its money is back.
        var answers: [Result<OrderRefund, RefundError>] = []
        counter.orders.refund(orderId: order.id, .everythingLeft, idempotencyKey: "operator-1") { answers.append($0) }
        counter.fleet.timers.advance(counter.fleet.clock, by: .seconds(1))
        let refund = try #require(try answers.first?.get())
        #expect(try counter.receipts.owedDocuments() == [.refund(id: refund.id, orderId: order.id)])
        try counter.receipts.markDocumentPrinted(key: OwedDocument.refundKey(refund.id))
        #expect(try counter.receipts.owedDocuments().isEmpty)
        #expect(try counter.receipts.receipt(orderNumber: order.number)?.order.state == .refunded, "a refunded order's receipt is still there")

        try counter.receipts.markDocumentPrinted(key: "z-report-1")
        try counter.receipts.markDocumentPrinted(key: "z-report-1")
        #expect(try counter.receipts.documentPrinted(key: "z-report-1"))
        #expect(try !counter.receipts.documentPrinted(key: "z-report-2"))
    }

    /// Another host's counter on the same server owes nothing here, and its orders are not ours.
    @Test(arguments: StorageBackend.allCases)
    func anotherHostsPrintingCounterOwesItsOwnReceiptsOnly(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let here = try PrintingCounter(location, host: "till")
        let there = try PrintingCounter(location, host: "kiosk-2")
        try here.receipts.registerPrinter()
        try there.receipts.registerPrinter()
        let ours = try here.pay("ada")
        let theirs = try there.pay("grace")
        #expect(try here.receipts.owed().map(\.order.number) == [ours.number])
        #expect(try there.receipts.owed().map(\.order.number) == [theirs.number])
        #expect(ours.number != theirs.number)
    }

    /// Two counters noting one receipt at the same moment (a copy each): one row, every copy
    /// counted. The upsert decides on the server; a read-then-write would lose a copy or refuse
    /// the second row as a duplicate.
    @Test(arguments: StorageBackend.allCases)
    func twoCountersNotingOneReceiptAtOnceCountEveryCopy(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = try PrintingCounter(location)
        let order = try setup.pay("ada")
        let counters = Printers([try PrintingCounter(location), try PrintingCounter(location)])
        for round in 1...Self.rounds {
            let outcomes = runTogether(2) { index in try counters.all[index].receipts.markPrinted(orderNumber: order.number, copy: true) }
            #expect(outcomes.allSatisfy { (try? $0.get()) != nil }, "round \(round): \(outcomes)")
            #expect(try setup.receipts.receipt(orderNumber: order.number)?.copies == 2 * round, "round \(round)")
        }
    }

    static let rounds = 10

    // MARK: - The settler

    /// Two counters' settlers passing at the same moment over one card payment whose answer was
    /// lost (its counter's acquirer never answered): the charge is settled once, with one
    /// event, the order paid once and its jar taken off the shelf once.
    @Test(arguments: StorageBackend.allCases)
    func twoSettlersPassingAtOnceSettleALostPaymentOnce(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let keys = VaultKeys.ephemeral()
        let lost = try PrintingCounter(location, keys: keys, acquirerLatency: .seconds(3_600))
        let settlers = Printers([try PrintingCounter(location, keys: keys), try PrintingCounter(location, keys: keys)])
        let stock = try #require(try lost.fleet.store.read { tx in try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = 'honey-acacia'") })
        for round in 1...Self.settlerRounds {
            let order = try lost.pay("round-\(round)")
            #expect(order.state == .pendingPayment)
            let chargeId = try #require(try lost.fleet.store.read { tx in
                try tx.fetchValue(String.self, "SELECT id FROM charges WHERE status = 'pending'")
            })
            // The settlers' clocks past the charge's grace (each counter keeps its own clock).
            for settler in settlers.all { settler.fleet.clock.advance(by: .seconds(3_600)) }
            let outcomes = runTogether(2) { index -> String in
                let settler = settlers.all[index]
                let charges = try settler.fleet.chargeService.reconcilePending(olderThan: 0).map(\.id)
                let orders = try settler.orders.reconcilePayments(isAlive: { _ in true }).map(\.id)
                return "charges \(charges) orders \(orders)"
            }
            let after = try lost.fleet.store.read { tx in
                (charge: try tx.fetchValue(String.self, "SELECT status FROM charges WHERE id = ?", chargeId),
                 answers: try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'charge.succeeded'", chargeId),
                 order: try tx.fetchValue(String.self, "SELECT state FROM orders WHERE id = ?", order.id),
                 paid: try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM events WHERE subject_id = ? AND kind = 'order.paid'", order.id),
                 stock: try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = 'honey-acacia'"),
                 held: try tx.fetchValue(Int.self, "SELECT COUNT(*) FROM stock_reservations"))
            }
            #expect(after.charge == "succeeded", "round \(round): \(outcomes)")
            #expect(after.answers == 1, "round \(round): one answer recorded: \(outcomes)")
            #expect(after.order == "paid", "round \(round)")
            #expect(after.paid == 1, "round \(round): paid once: \(outcomes)")
            #expect(after.stock == stock - round, "round \(round)")
            #expect(after.held == 0, "round \(round)")
        }
    }

    static let settlerRounds = 6

    /// Whether anything waits on the settler, read the same on both engines.
    @Test(arguments: StorageBackend.allCases)
    func theSettlersLookSaysWhetherAPaymentIsOpen(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let counter = try PrintingCounter(location, acquirerLatency: .seconds(3_600))
        let look = { try counter.fleet.store.read { tx in try Settler.hasUnsettled(tx) } }
        #expect(try look() == false)
        _ = try counter.pay("ada")
        #expect(try look() == true, "a charge pending, its jar reserved")
    }

    // MARK: - The audit

    /// The whole audit, every check in one read.
    private func audit(_ counter: PrintingCounter, at now: Date) throws -> [LedgerViolation] {
        try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: counter.fleet.store, now: now)
    }

    /// The audit's checks of what a card payment leaves (all but the auctions' holds) in one read.
    private func checks(_ tx: any CoreTransaction, at now: Date) throws -> [LedgerViolation] {
        try PaymentOwnershipCheck.violations(tx) + StockCheck.violations(tx) + RefundCheck.violations(tx)
            + UnsettledCheck.violations(tx, olderThan: now.addingTimeInterval(-15 * 60)) + CardNumberScan.violations(tx)
    }

    /// A row id is SQLite's; the server has none that lasts, and names the table and column.
    private func withoutRowIds(_ found: [LedgerViolation]) -> [LedgerViolation] {
        found.map { violation in
            guard case let .cardNumberInClear(table, column, _, lastFour) = violation else { return violation }
            return .cardNumberInClear(table: table, column: column, rowId: nil, lastFour: lastFour)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aLedgerMadeByCountersPayingAndRefundingIsSound(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let till = try PrintingCounter(location), kiosk = try PrintingCounter(location, host: "kiosk")
        _ = try till.pay("ada")
        let refunded = try kiosk.pay("grace", jar: "honey-clover")
        var answers: [Result<OrderRefund, RefundError>] = []
        till.orders.refund(orderId: refunded.id, .everythingLeft, idempotencyKey: "operator-1") { answers.append($0) }
        till.fleet.timers.advance(till.fleet.clock, by: .seconds(1))
        #expect(answers.count == 1)
        let later = till.fleet.clock.now.addingTimeInterval(3_600)
        #expect(try till.fleet.store.read { tx in try checks(tx, at: later) } == [])
        #expect(try audit(till, at: later) == [])
    }

    /// The same damage is named the same way by both engines.
    @Test(arguments: StorageBackend.allCases)
    func damageIsNamedTheSameOnBothEngines(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let keys = VaultKeys.ephemeral()
        let till = try PrintingCounter(location, keys: keys)
        let paid = try till.pay("ada")
        let stuck = try PrintingCounter(location, keys: keys, acquirerLatency: .seconds(3_600))
        let since = stuck.fleet.clock.now
        let waiting = try stuck.pay("grace", jar: "honey-manuka")
        try till.fleet.carts.add(productId: "honey-clover", for: "ada-again")
        let unpaid = try till.orders.placeOrder(for: "ada-again")
        let chargeId = try #require(try till.fleet.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM charges WHERE status = 'pending'") })
        try till.fleet.store.write { tx in
            try tx.execute("INSERT INTO stock_reservations (order_id, product_id, quantity) VALUES (?, 'honey-acacia', 1)", paid.id)
            try tx.execute("UPDATE orders SET state = 'paid' WHERE id = ?", unpaid.id)
            try tx.execute("UPDATE orders SET failure = 'typed 4000 0000 0000 0002 here' WHERE id = ?", paid.id)
            try tx.execute("UPDATE products SET stock = 0 WHERE id = 'honey-manuka'")
        }
        let later = since.addingTimeInterval(3_600)
        let found = try till.fleet.store.read { tx in try checks(tx, at: later) }
        let expected: [LedgerViolation] = [
            .paidOrderWithoutPayment(orderId: unpaid.id, orderNumber: unpaid.number),
            .reservationOfSettledOrder(orderId: paid.id, orderNumber: paid.number, orderState: "paid", productId: "honey-acacia", quantity: 1),
            .reservationsExceedStock(productId: "honey-manuka", stock: 0, reserved: 1),
            .unsettled(.charge(id: chargeId, status: "pending"), since: since),
            .unsettled(.order(id: waiting.id, number: waiting.number), since: since),
            .cardNumberInClear(table: "orders", column: "failure", rowId: nil, lastFour: "0002"),
            // The stock set by hand, with no movement for it (issue 36's stock book).
            .stockDisagreesWithMovements(productId: "honey-manuka", stock: 0, moved: 3),
        ]
        #expect(Set(withoutRowIds(found)) == Set(expected))
        #expect(found.count == expected.count, "each named once: \(found)")
        // The whole audit names the books' side of it too: an order paid with nothing booked.
        let books = LedgerViolation.bookedBalanceDiffers(orderId: unpaid.id, orderNumber: unpaid.number, booked: .zero(unpaid.total.currency),
                                                         owed: unpaid.total)
        #expect(Set(withoutRowIds(try audit(till, at: later))) == Set(expected + [books]))
    }

    /// The audit reads one snapshot: what another counter commits while it reads is seen by
    /// every check of it or by none (here: none, as it committed after the audit began).
    @Test(arguments: StorageBackend.allCases)
    func theAuditReadsOneSnapshotWhileAnotherCounterWrites(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let auditor = try PrintingCounter(location), other = try PrintingCounter(location)
        try other.fleet.carts.add(productId: "honey-clover", for: "ada")
        let unpaid = try other.orders.placeOrder(for: "ada")
        let now = auditor.fleet.clock.now
        let (before, during) = try auditor.fleet.store.read { tx in
            let before = try checks(tx, at: now)
            try other.fleet.store.write { tx in try tx.execute("UPDATE orders SET state = 'paid' WHERE id = ?", unpaid.id) }
            return (before, try checks(tx, at: now))
        }
        #expect(before == [] && during == [], "the write came after the audit's snapshot")
        #expect(try auditor.fleet.store.read { tx in try checks(tx, at: now) } == [.paidOrderWithoutPayment(orderId: unpaid.id, orderNumber: unpaid.number)])
    }
}
