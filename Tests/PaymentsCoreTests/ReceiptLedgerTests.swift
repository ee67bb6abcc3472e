import Clocks
import Foundation
@_spi(Testing) import PaymentsCore
import Testing

/// Which paid orders owe a printed receipt: those of this host's counters that print, paid any
/// way, until noted printed; a copy is counted, never owed again.
@Suite struct ReceiptLedgerTests {
    func paidOrder(_ world: CommerceTestWorld, orders: Orders? = nil, session: String = "kiosk") throws -> Order {
        let orders = orders ?? world.orders
        try world.carts.add(productId: "honey-manuka", quantity: 1, for: session)
        let order = try orders.placeOrder(for: session)
        let paid = world.settle { orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.value
        #expect(paid?.state == .paid)
        return order
    }

    @Test(arguments: StorageBackend.allCases)
    func aPrintingCountersPaidOrderIsOwedUntilPrinted(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let ledger = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: world.commerce.instance.id)
        try ledger.registerPrinter()
        let order = try paidOrder(world)
        let owed = try ledger.owed()
        #expect(owed.map(\.order.number) == [order.number])
        #expect(owed.first?.tender == .card(brand: "Visa", lastFour: "4242"))
        #expect(owed.first?.printedAt == nil)
        #expect(try ledger.lastPrinted() == nil)

        try ledger.markPrinted(orderNumber: order.number, copy: false)
        #expect(try ledger.owed().isEmpty)
        #expect(try ledger.lastPrinted()?.order.number == order.number)
        try ledger.markPrinted(orderNumber: order.number, copy: true)
        #expect(try ledger.receipt(orderNumber: order.number)?.copies == 1)
        #expect(try ledger.owed().isEmpty, "a copy is never owed")
    }

    /// The back office's printouts: each noted once under its key; a Z report made since the
    /// counter prints waits for the printer until its printout is noted, one made before does not.
    @Test(arguments: StorageBackend.allCases)
    func aZReportWaitsForThePrinterUntilItsPrintoutIsNoted(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let ledger = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: world.commerce.instance.id)
        let reports = DayReports(store: world.core.store, clock: world.clock)
        world.clock.advance(by: .seconds(60))
        _ = try reports.close()
        world.clock.advance(by: .seconds(60))
        try ledger.registerPrinter()
        #expect(try ledger.reportsAwaitingPrint().isEmpty, "closed before this counter printed")
        world.clock.advance(by: .seconds(60))
        let second = try reports.close()
        #expect(second.printKey == "z-report-2")
        #expect(try ledger.reportsAwaitingPrint().map(\.number) == [2])
        #expect(try !ledger.documentPrinted(key: "z-report-2"))
        try ledger.markDocumentPrinted(key: "z-report-2")
        try ledger.markDocumentPrinted(key: "z-report-2")
        #expect(try ledger.documentPrinted(key: "z-report-2"))
        #expect(try ledger.reportsAwaitingPrint().isEmpty)
        #expect(try reports.current().printKey == nil, "an X report is printed whenever asked")
    }

    /// A refund or void asked at a printing counter owes its own receipt once its money moved,
    /// also when the settler finished it (the screen was not there to print it); one whose
    /// answer is not known yet, or another counter's, owes nothing here.
    @Test(arguments: StorageBackend.allCases)
    func aRefundAndAVoidTheSettlerFinishedOweTheirReceipts(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let ledger = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: world.commerce.instance.id)
        try ledger.registerPrinter()
        let order = try paidOrder(world)
        try ledger.markPrinted(orderNumber: order.number, copy: false)
        let failing = FailingCommits.install(on: world.core)
        failing.passFirst = 2 // the intent, the charge's refund
        failing.failNext = 1  // the order's side
        let refund = world.settle { world.orders.refund(orderId: order.id, .everythingLeft, idempotencyKey: "r", completion: $0) }
        guard case .outcomeUnknown? = refund?.error else { Issue.record("\(String(describing: refund))"); return }
        #expect(try ledger.owedDocuments().isEmpty, "the money is back but its answer is not written: nothing to print yet")
        world.commerce.settler.settleNow()
        let refunded = try #require(try world.orders.refunds(orderId: order.id).first)
        #expect(refunded.state == .refunded)
        #expect(try ledger.owedDocuments() == [.refund(id: refunded.id, orderId: order.id)])

        let saved = world.savedCard()
        let joined = world.settle { world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId,
                                                        instrument: .savedMethod(saved.methodId, customerId: saved.customerId),
                                                        bid: nil, termsAccepted: true, completion: $0) }
        guard case .success(.joined(let bid))? = joined else { Issue.record("\(String(describing: joined))"); return }
        failing.onlyTable = "hold_voids"
        failing.passFirst = 1 // the intent
        failing.failNext = 1  // the answer
        _ = world.settle { world.auctions.voidHold(bidId: bid.id, idempotencyKey: "v", completion: $0) }
        world.commerce.settler.settleNow()
        let void = try #require(try world.auctions.holdVoids(bidId: bid.id).first)
        #expect(void.state == .voided)
        #expect(try ledger.owedDocuments() == [.refund(id: refunded.id, orderId: order.id), .void(id: void.id)])
        #expect(OwedDocument.void(id: void.id).printKey == "void-\(void.id)")

        try ledger.markDocumentPrinted(key: OwedDocument.refund(id: refunded.id, orderId: order.id).printKey)
        try ledger.markDocumentPrinted(key: OwedDocument.void(id: void.id).printKey)
        #expect(try ledger.owedDocuments().isEmpty)
        // Another counter on the same file without a printer: its refunds are not this printer's.
        let other = try Commerce(core: world.core)
        let second = try paidOrder(world, orders: other.orders, session: "other")
        failing.onlyTable = nil
        let elsewhere = world.settle { other.orders.refund(orderId: second.id, .everythingLeft, idempotencyKey: "o", completion: $0) }
        #expect(elsewhere?.value?.state == .refunded)
        #expect(try ledger.owedDocuments().isEmpty)
    }

    @Test(arguments: StorageBackend.allCases)
    func ordersOfACounterWithoutAPrinterOweNothing(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let ledger = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: world.commerce.instance.id)
        // Paid before this counter had a printer: not owed.
        _ = try paidOrder(world)
        try ledger.registerPrinter()
        #expect(try ledger.owed().isEmpty)
        // Another counter on the same database, without a printer: its orders are not this printer's.
        let other = try Commerce(core: world.core)
        _ = try paidOrder(world, orders: other.orders, session: "other")
        #expect(try ledger.owed().isEmpty)
        // A later run of this counter that prints owes the receipts of every printing run of this host.
        let later = try Commerce(core: world.core)
        let laterLedger = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: later.instance.id)
        try laterLedger.registerPrinter()
        let order = try paidOrder(world)
        #expect(try laterLedger.owed().map(\.order.number) == [order.number])
    }

    @Test(arguments: StorageBackend.allCases)
    func anUnpaidOrderHasNoReceiptAndAWeekOldOneIsNoLongerOwed(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let ledger = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: world.commerce.instance.id)
        try ledger.registerPrinter()
        try world.carts.add(productId: "honey-clover", for: "kiosk")
        let unpaid = try world.orders.placeOrder(for: "kiosk")
        #expect(try ledger.receipt(orderNumber: unpaid.number) == nil)
        #expect(try ledger.receipt(orderNumber: "HS-999999") == nil)
        _ = try world.carts.empty(for: "kiosk")
        let order = try paidOrder(world)
        #expect(try ledger.owed().map(\.order.number) == [order.number])
        world.clock.advance(by: .seconds(ReceiptLedger.owedWindow + 1))
        #expect(try ledger.owed().isEmpty)
        #expect(try ledger.receipt(orderNumber: order.number) != nil, "still reprintable")
    }
}
