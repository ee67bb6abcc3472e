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

    @Test func aPrintingCountersPaidOrderIsOwedUntilPrinted() throws {
        let world = CommerceTestWorld()
        let ledger = try ReceiptLedger(database: world.core.database, clock: world.clock, instanceId: world.commerce.instance.id)
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
    @Test func aZReportWaitsForThePrinterUntilItsPrintoutIsNoted() throws {
        let world = CommerceTestWorld()
        let ledger = try ReceiptLedger(database: world.core.database, clock: world.clock, instanceId: world.commerce.instance.id)
        let reports = DayReports(database: world.core.database, clock: world.clock)
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

    @Test func ordersOfACounterWithoutAPrinterOweNothing() throws {
        let world = CommerceTestWorld()
        let ledger = try ReceiptLedger(database: world.core.database, clock: world.clock, instanceId: world.commerce.instance.id)
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
        let laterLedger = try ReceiptLedger(database: world.core.database, clock: world.clock, instanceId: later.instance.id)
        try laterLedger.registerPrinter()
        let order = try paidOrder(world)
        #expect(try laterLedger.owed().map(\.order.number) == [order.number])
    }

    @Test func anUnpaidOrderHasNoReceiptAndAWeekOldOneIsNoLongerOwed() throws {
        let world = CommerceTestWorld()
        let ledger = try ReceiptLedger(database: world.core.database, clock: world.clock, instanceId: world.commerce.instance.id)
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
