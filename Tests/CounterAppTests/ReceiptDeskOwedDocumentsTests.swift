@_spi(Core) import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
import PaymentsCore
import Testing

/// A refund's or void's receipt the back office did not print (the settler finished it, or the
/// screen was gone when the answer came) comes out of the kiosk's printer by itself, once.
@Suite struct ReceiptDeskOwedDocumentsTests {
    @Test func aRefundTheBackOfficeDidNotPrintComesOutOnceAsARefundReceipt() throws {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("owed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("receipts.txt").path
        let office = services.backOffice()
        let desk = try ReceiptDesk(printer: ReceiptPrinter(path: path, format: .text), ledger: services.receiptBook(),
                                   owedReceipt: office.receipt(for:))

        // An order paid at this counter, its receipt printed.
        let orders = services.commerce.orders
        try services.commerce.carts.add(productId: "honey-acacia", quantity: 2, for: "kiosk")
        let order = try orders.placeOrder(for: "kiosk")
        let token = try services.core.vault.tokenize(Card.validate(number: "4242424242424242", expiry: "12/30", cvc: "123",
                                                                    holder: "Ada Lovelace", now: clock.now)).id
        var paid: Result<Order, OrderError>?
        orders.pay(orderId: order.id, with: .token(token)) { paid = $0 }
        timers.advance(clock, by: .seconds(2))
        #expect(try paid?.get().state == .paid)
        #expect(desk.print(order.number, copy: false) == .success(path))
        #expect(desk.printOwedDocuments() == (0, nil) as (Int, ReceiptPrinter.Failure?), "a paid order owes no refund receipt")

        // Refunded through the core, with nobody printing its receipt.
        let shown = try office.order(id: order.id).get()
        var refunded: Result<BackOfficeOrder, BackOfficeRefusal>?
        office.refund(shown, .jars(line: 0, quantity: 1), idempotencyKey: "r") { refunded = $0 }
        timers.advance(clock, by: .seconds(2))
        let refund = try #require(try refunded?.get().refunds.first)

        #expect(desk.owedDocumentCount() == 1, "the operator's menu counts it while it waits")
        let first = desk.printOwedDocuments()
        #expect(first.printed == 1 && first.failure == nil)
        #expect(desk.printOwedDocuments().printed == 0, "printed once")
        #expect(desk.owedDocumentCount() == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("REFUND"))
        #expect(text.contains("Refund \(refund.id)"))
        #expect(text.components(separatedBy: "REFUND").count == 2)
        #expect(!text.contains("** COPY **"))
    }
}
