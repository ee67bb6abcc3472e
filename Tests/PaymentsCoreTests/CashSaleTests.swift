import Clocks
import Foundation
import GRDB
import Testing
@_spi(Testing) @testable import PaymentsCore

/// Cash at the till, on either engine: a sale is placed, paid, booked and its cart emptied in one
/// transaction, or nothing of it is written; rounding is a line of the order; a cash refund is
/// given and booked at once; and the audit finds the books whole after each.
@Suite struct CashSaleTests {
    typealias Ledger = LedgerAuditTests.Ledger

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private func cashWorld(_ backend: StorageBackend) throws -> (Ledger, CommerceTestWorld) {
        let ledger = try Ledger(backend)
        return (ledger, ledger.world)
    }

    @Test(arguments: StorageBackend.allCases)
    func aCashSaleIsPaidBookedAtTheAmountDueAndKeepsItsChange(_ backend: StorageBackend) throws {
        let (ledger, world) = try cashWorld(backend)
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        let stock = world.stock("honey-acacia")
        let sale = try world.orders.payInCash(sessionKey: "till", tendered: euros(2000))
        #expect(sale.order.state == .paid && sale.order.total == euros(650))
        #expect(sale.cash == CashTendered(due: euros(650), tendered: euros(2000), change: euros(1350)))
        #expect(world.stock("honey-acacia") == stock - 1)
        #expect(try world.carts.cart(for: "till").isEmpty)
        let entries = try world.core.store.read { tx in try MoneyLedger.entries(tx, orderId: sale.order.id) }
        #expect(entries.map(\.tender) == [.cash] && entries.map(\.amount) == [euros(650)] && entries.map(\.movement) == [.payment])
        #expect(try world.orders.cashTendered(orderId: sale.order.id) == sale.cash)
        let problems = try ledger.audit()
        #expect(problems == [], "\(problems)")
    }

    @Test(arguments: StorageBackend.allCases)
    func lessCashThanDueWritesNothing(_ backend: StorageBackend) throws {
        let (ledger, world) = try cashWorld(backend)
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        let orders = try #require(try ledger.read(Int.self, "SELECT COUNT(*) FROM orders"))
        #expect(throws: OrderError.cashShort(due: euros(650))) { try world.orders.payInCash(sessionKey: "till", tendered: euros(500)) }
        #expect(try ledger.read(Int.self, "SELECT COUNT(*) FROM orders") == orders, "no order placed")
        #expect(try ledger.read(Int.self, "SELECT COUNT(*) FROM cash_payments") == 0)
        #expect(try !world.carts.cart(for: "till").isEmpty)
    }

    @Test(arguments: StorageBackend.allCases)
    func aSoldOutJarTakesNoCash(_ backend: StorageBackend) throws {
        let (ledger, world) = try cashWorld(backend)
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        try ledger.write("UPDATE products SET stock = 0 WHERE id = 'honey-acacia'")
        #expect(throws: OrderError.self) { try world.orders.payInCash(sessionKey: "till", tendered: euros(2000)) }
        #expect(try ledger.read(Int.self, "SELECT COUNT(*) FROM ledger_entries WHERE tender = 'cash'") == 0)
        #expect(try ledger.read(Int.self, "SELECT COUNT(*) FROM cash_payments") == 0)
    }

    @Test(arguments: StorageBackend.allCases)
    func cashRoundingIsALineOfTheOrderAndTheBooksHoldTheRoundedTotal(_ backend: StorageBackend) throws {
        let (ledger, world) = try cashWorld(backend)
        // €6.53: to the nearest 0.05 is €6.55 (two cents more); €6.52 would be €6.50.
        try ledger.write("UPDATE products SET price_minor = 653 WHERE id = 'honey-acacia'")
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        let sale = try world.orders.payInCash(sessionKey: "till", tendered: euros(1000), rounding: CashRounding(increment: 5))
        #expect(sale.order.total == euros(655))
        #expect(sale.order.lines.map(\.kind) == [.goods, .rounding] && sale.order.lines.last?.lineTotal == euros(2))
        #expect(sale.order.goods.count == 1)
        #expect(sale.cash.change == euros(345))
        #expect(try ledger.read(Int64.self, "SELECT amount_minor FROM ledger_entries WHERE order_id = ?", sale.order.id) == 655)
        let problems = try ledger.audit()
        #expect(problems == [], "\(problems)")
    }

    @Test func roundingIsHalfUpToTheIncrement() {
        let swiss = CashRounding(increment: 5)
        #expect([650, 651, 652, 653, 654, 655, 657, 658].map(swiss.rounded) == [650, 650, 650, 655, 655, 655, 655, 660])
        #expect(CashRounding.unrounded.rounded(653) == 653)
        #expect(CashRounding(increment: 10).adjustment(655) == 5)
    }

    @Test(arguments: StorageBackend.allCases)
    func aCashRefundIsGivenAndBookedAtOnceThroughTheTill(_ backend: StorageBackend) throws {
        let (ledger, world) = try cashWorld(backend)
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        let sale = try world.orders.payInCash(sessionKey: "till", tendered: euros(650))
        let stock = world.stock("honey-acacia")
        let refunded = world.settle { world.orders.refund(orderId: sale.order.id, completion: $0) }
        #expect(refunded?.value?.state == .refunded)
        #expect(world.stock("honey-acacia") == stock + 1, "the jar is back")
        let entries = try world.core.store.read { tx in try MoneyLedger.entries(tx, orderId: sale.order.id) }
        #expect(entries.map(\.tender) == [.cash, .cash] && entries.map(\.amount.minorUnits) == [650, -650])
        #expect(entries.last?.answersTo.kind == .cashRefund)
        #expect(try ledger.read(String.self, "SELECT state FROM order_refunds WHERE order_id = ?", sale.order.id) == "refunded",
                "never left asked: the cash went back in the transaction that asked it")
        let problems = try ledger.audit()
        #expect(problems == [], "\(problems)")
    }

    @Test(arguments: StorageBackend.allCases)
    func theReceiptSaysCashTenderedAndChange(_ backend: StorageBackend) throws {
        let (_, world) = try cashWorld(backend)
        _ = try world.carts.add(productId: "honey-acacia", for: "till")
        let sale = try world.orders.payInCash(sessionKey: "till", tendered: euros(2000))
        let receipts = try ReceiptLedger(store: world.core.store, clock: world.clock, instanceId: world.commerce.instance.id)
        let receipt = try #require(try receipts.receipt(orderNumber: sale.order.number))
        #expect(receipt.tender == .cash(sale.cash))
    }
}
