import Clocks
import Foundation
import GRDB
import PostgresClient
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The books from both sides: the services book every movement of money once, in the
/// transaction that changes its order (an express order's shipping and surcharge included, a
/// second bank's approval after the first refused); and each rule of `BooksCheck` names the
/// damage one direct SQL write makes, on either engine.
@Suite struct BooksTests {
    typealias Ledger = LedgerAuditTests.Ledger

    private func entries(_ ledger: Ledger, _ orderId: String) throws -> [LedgerEntry] {
        try ledger.world.core.store.read { tx in try MoneyLedger.entries(tx, orderId: orderId) }
    }

    private func refundedOrder(_ ledger: Ledger) throws -> Order {
        let id = try #require(try ledger.read(String.self, "SELECT id FROM orders WHERE state = 'refunded'"))
        return try #require(try ledger.world.orders.order(id: id))
    }

    @Test(arguments: StorageBackend.allCases)
    func everyPaymentCaptureAndRefundIsBookedOnceWithItsTender(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let paid = try entries(ledger, ledger.paid.id)
        #expect(paid.map(\.movement) == [.payment] && paid.map(\.tender) == [.card])
        #expect(paid.first?.amount == ledger.paid.total && paid.first?.card?.lastFour == "4242")
        #expect(try entries(ledger, ledger.bankOrder.id).map(\.tender) == [.bank])
        let refunded = try refundedOrder(ledger)
        let back = try entries(ledger, refunded.id)
        #expect(back.map(\.movement) == [.payment, .refund])
        #expect(back.map(\.amount.minorUnits).reduce(0, +) == 0, "refunded in full: nothing held")
        #expect(try entries(ledger, ledger.declined.id).isEmpty && entries(ledger, ledger.placed.id).isEmpty, "no money, no entry")
        let captures = try #require(try ledger.read(Int.self, "SELECT COUNT(*) FROM ledger_entries WHERE movement = 'capture'"))
        #expect(captures == 1, "the won bid's hold, captured")
        #expect(try ledger.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aPaymentMissingFromTheBooksIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("DELETE FROM ledger_entries WHERE order_id = ?", [ledger.paid.id])
        #expect(try ledger.audit() == [
            .bookedBalanceDiffers(orderId: ledger.paid.id, orderNumber: ledger.paid.number, booked: .zero(ledger.paid.total.currency),
                                  owed: ledger.paid.total),
            .paymentNotBooked(orderId: ledger.paid.id, orderNumber: ledger.paid.number, paymentId: try ledger.charge(ofOrder: ledger.paid)),
        ])
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefundMissingFromTheBooksIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let refunded = try refundedOrder(ledger)
        let refundId = try #require(try ledger.read(String.self, "SELECT id FROM order_refunds WHERE order_id = ?", refunded.id))
        try ledger.write("DELETE FROM ledger_entries WHERE order_id = ? AND movement = 'refund'", [refunded.id])
        #expect(try ledger.audit() == [
            .bookedBalanceDiffers(orderId: refunded.id, orderNumber: refunded.number, booked: refunded.total, owed: .zero(refunded.total.currency)),
            .refundNotBooked(refundId: refundId, orderNumber: refunded.number),
        ])
    }

    @Test(arguments: StorageBackend.allCases)
    func anEntryThatSaysAnotherAmountThanItsPaymentIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("UPDATE ledger_entries SET amount_minor = amount_minor - 100 WHERE order_id = ?", [ledger.paid.id])
        let total = ledger.paid.total
        let less = Money(minorUnits: total.minorUnits - 100, currency: total.currency)
        #expect(try ledger.audit() == [
            .bookedBalanceDiffers(orderId: ledger.paid.id, orderNumber: ledger.paid.number, booked: less, owed: total),
            .entryDiffersFromPayment(entryId: "charge:\(try ledger.charge(ofOrder: ledger.paid))", booked: less, moved: total),
        ])
    }

    @Test(arguments: StorageBackend.allCases)
    func anEntryForAPaymentThatIsNowhereIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("""
            INSERT INTO ledger_entries (id, order_id, movement, tender, amount_minor, currency, at, answer_kind, answer_id)
            VALUES ('charge:ch_nowhere', ?, 'refund', 'card', -100, 'EUR', 0, 'charge_refund', 're_nowhere')
            """, [ledger.paid.id])
        let total = ledger.paid.total
        #expect(try ledger.audit() == [
            .bookedBalanceDiffers(orderId: ledger.paid.id, orderNumber: ledger.paid.number,
                                  booked: Money(minorUnits: total.minorUnits - 100, currency: total.currency), owed: total),
            .entryDiffersFromPayment(entryId: "charge:ch_nowhere", booked: Money(minorUnits: -100, currency: total.currency), moved: .zero(total.currency)),
        ])
    }

    @Test(arguments: StorageBackend.allCases)
    func aZReportThatNoLongerSaysWhatTheBooksHoldIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let reports = DayReports(store: ledger.world.core.store, clock: ledger.world.clock)
        let z = try reports.close()
        #expect(z.fromBooks && !z.sales.isEmpty)
        #expect(try ledger.audit() == [], "a Z report is the books' sum over its period")
        let sale = try #require(z.sales.first)
        let altered = DayReport(number: z.number, from: z.from, to: z.to,
                                sales: [DayReport.Total(method: sale.method, currency: sale.currency, minorUnits: sale.minorUnits - 50, count: sale.count)]
                                    + z.sales.dropFirst(),
                                refunds: z.refunds, voids: z.voids, captures: z.captures, net: z.net, grandTotal: z.grandTotal, unsettled: z.unsettled)
        let body = String(decoding: try JSONEncoder().encode(altered), as: UTF8.self)
        try ledger.write("UPDATE day_reports SET body = ? WHERE number = ?", [body, z.number])
        let currency = try #require(Currency(code: sale.currency))
        #expect(try ledger.audit() == [
            .dayReportDiffersFromBooks(number: try #require(z.number), figure: "sales (\(sale.method))",
                                       reported: Money(minorUnits: sale.minorUnits - 50, currency: currency),
                                       booked: Money(minorUnits: sale.minorUnits, currency: currency)),
        ])
    }

    /// A fleet's server from before the books: the table mirrored, nothing in it. The first
    /// counter of this round to open the server books what its rows show was paid and given back
    /// (a file's migration does the same), once.
    // Server-only: a file's own migration is `books-v1-ledger-entries`, run by GRDB.
    @Test func aFleetFromBeforeTheBooksIsBookedWhenAServerIsMigrated() throws {
        let ledger = try Ledger(.postgres)
        let before = try #require(try ledger.read(Int.self, "SELECT COUNT(*) FROM ledger_entries"))
        let server = try #require(ledger.world.core.store as? PostgresCoreStore)
        try ledger.write("DELETE FROM ledger_entries")
        try ledger.write("DELETE FROM mirrored_migrations WHERE identifier = 'books-v1-ledger-entries'")
        #expect(try !ledger.audit().isEmpty, "an unbooked fleet is named")
        var migrator = DatabaseMigrator()
        CoreMigrations.register(in: &migrator)
        CommerceMigrations.register(in: &migrator)
        try PostgresCoreMigrations.migrate(server.connection, mirroring: migrator)
        #expect(try ledger.read(Int.self, "SELECT COUNT(*) FROM ledger_entries") == before)
        #expect(try ledger.audit() == [])
        try PostgresCoreMigrations.migrate(server.connection, mirroring: migrator)
        #expect(try ledger.read(Int.self, "SELECT COUNT(*) FROM ledger_entries") == before, "once")
    }

    @Test(arguments: StorageBackend.allCases)
    func theReportsAreSumsOfTheBooksByTenderWithANetAndAGrandTotal(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let x = try DayReports(store: ledger.world.core.store, clock: ledger.world.clock).current()
        let booked = try #require(try ledger.read(Int64.self, "SELECT SUM(amount_minor) FROM ledger_entries"))
        #expect(x.grandTotal.map(\.minorUnits) == [booked])
        #expect(Set(x.sales.map(\.method)) == ["bank", "card"])
        #expect(x.refunds.map(\.method) == ["card"] && x.refunds.allSatisfy { $0.minorUnits > 0 }, "refunds are not card payments")
        #expect(x.captures.map(\.count) == [1])
        #expect(x.net.map(\.minorUnits).reduce(0, +) == booked)
    }

    /// An express order: the sheet's shipping and surcharge are lines of the order; the charge
    /// for all of it is what the books hold; the goods alone leave the shelf; a whole refund
    /// gives back everything charged.
    @Test(arguments: StorageBackend.allCases)
    func anExpressOrderHoldsShippingAndSurchargeAndTheBooksHoldWhatWasCharged(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        _ = try world.carts.add(productId: "honey-clover", for: "guest")
        let stock = world.stock("honey-clover")
        let extras = [OrderExtra(kind: .shipping, name: "Shipping (Standard)", amount: Money(minorUnits: 490, currency: .eur)),
                      OrderExtra(kind: .surcharge, name: "American Express surcharge", amount: Money(minorUnits: 27, currency: .eur))]
        let order = try world.orders.placeOrder(for: "guest", extras: extras, shipsTo: "Ada Lovelace, 1 Main St, D02 Dublin, IE")
        #expect(order.total.minorUnits == order.goods.map(\.lineTotal.minorUnits).reduce(0, +) + 517)
        #expect(order.lines.map(\.kind) == [.goods, .shipping, .surcharge])
        let key = "express-1"
        try world.orders.startExternalPayment(orderId: order.id, kind: .express, paymentKey: key)
        guard case .token(let token) = world.token() else { Issue.record("no token"); return }
        var charged: Result<Charge, ChargeError>?
        world.core.charges.create(ChargeRequest(amount: order.total, source: .token(token), description: order.paymentDescription,
                                                idempotencyKey: key)) { charged = $0 }
        world.advance(.seconds(1))
        let charge = try #require(try charged?.get())
        let paid = try #require(try world.orders.markPaid(orderId: order.id, reference: charge.id))
        #expect(paid.state == .paid && paid.shipsTo == "Ada Lovelace, 1 Main St, D02 Dublin, IE")
        #expect(world.stock("honey-clover") == stock - 1, "only the jar left the shelf")
        let booked = try world.core.store.read { tx in try MoneyLedger.balance(tx, orderId: order.id) }
        #expect(booked == order.total.minorUnits)
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
        let refund = world.settle { world.orders.refund(orderId: order.id, .everythingLeft, idempotencyKey: "r", completion: $0) }
        #expect(try refund?.get().amount == order.total, "shipping and surcharge go back with everything")
        #expect(try world.core.store.read { tx in try MoneyLedger.balance(tx, orderId: order.id) } == 0)
        #expect(world.stock("honey-clover") == stock)
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
    }

    /// The first bank refuses while the shopper is there: the attempt is released and the order
    /// waits; she picks another bank, a new payment for the same order, which approves: that order
    /// is paid, once, booked once, and nothing is left on a failed order.
    @Test(arguments: StorageBackend.allCases)
    func anotherBankAfterARefusalPaysTheSameOrderOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        _ = try world.carts.add(productId: "honey-manuka", for: "s")
        let order = try world.orders.placeOrder(for: "s")
        func attempt(at bank: String) throws -> (BankResourceHandle, BankFlowState?) {
            try world.orders.startExternalPayment(orderId: order.id, kind: .bank)
            let handle = try world.bank.createPayment(amount: order.total, reference: order.number)
            try world.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: handle.identifier, token: handle.resourceToken))
            let answer = world.settle(after: .seconds(5)) {
                world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: bank, completion: $0)
            }
            return (handle, answer?.value)
        }
        let (_, refused) = try attempt(at: "gb-crown-savings")
        #expect(refused != .authorized)
        let waiting = try world.orders.releaseExternalAttempt(orderId: order.id, reason: "rejected")
        #expect(waiting.state == .pendingPayment && world.stock("honey-manuka") == 3, "the jar is back on the shelf, the order waits")
        #expect(try world.orders.openExternalOrder(for: "s", kind: .bank)?.id == order.id, "the next attempt pays the same order")
        let (handle, approved) = try attempt(at: "gb-albion-bank")
        #expect(approved == .authorized)
        let paid = try #require(try world.orders.markPaid(orderId: order.id, reference: handle.identifier))
        #expect(paid.state == .paid && paid.number == order.number)
        #expect(try world.core.store.read { tx in try MoneyLedger.entries(tx, orderId: order.id) }.map(\.amount) == [order.total])
        #expect(try world.carts.cart(for: "s").isEmpty)
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
    }

    /// Money that arrives for an order already given up on (a payment made out to it, approved
    /// after the order failed) pays that order: it is never left on a failed order.
    @Test(arguments: StorageBackend.allCases)
    func moneyForAFailedOrderPaysItOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        _ = try world.carts.add(productId: "honey-clover", for: "s")
        let order = try world.orders.placeOrder(for: "s")
        try world.orders.startExternalPayment(orderId: order.id, kind: .bank)
        let handle = try world.bank.createPayment(amount: order.total, reference: order.number)
        try world.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: handle.identifier, token: handle.resourceToken))
        #expect(try world.orders.markFailed(orderId: order.id, reason: "not_started").state == .failed)
        let approved = world.settle(after: .seconds(5)) {
            world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: "gb-albion-bank", completion: $0)
        }
        #expect(approved?.value == .authorized)
        #expect(try world.orders.markPaid(orderId: order.id, reference: handle.identifier)?.state == .paid)
        #expect(try world.orders.markPaid(orderId: order.id, reference: handle.identifier)?.state == .paid, "again: as it is")
        #expect(try world.core.store.read { tx in try MoneyLedger.balance(tx, orderId: order.id) } == order.total.minorUnits)
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
    }
}
