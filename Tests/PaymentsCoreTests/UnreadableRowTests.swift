import Foundation
import Testing
@_spi(Testing) import PaymentsCore

/// A row the core cannot read back (damaged by hand, or written by something else) is an error
/// where it is read, never a guessed default: an order in an unknown state is not "failed", an
/// unknown currency is not euros. Neither engine's schema refuses these values (the columns are
/// plain text, as SQLite's are), so the same damage is made on both.
@Suite struct UnreadableRowTests {
    private func damaged(_ backend: StorageBackend, _ sql: String) throws -> (CommerceTestWorld, Order) {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", for: "s")
        let order = try world.orders.placeOrder(for: "s")
        #expect(throws: Never.self, "read back before the damage") { try world.orders.order(id: order.id) }
        #expect(try world.core.store.write { tx in try tx.execute(sql, order.id) } == 1, "the damage was made")
        return (world, order)
    }

    @Test(arguments: StorageBackend.allCases)
    func anOrderInAStateTheCoreDoesNotKnowCannotBeRead(_ backend: StorageBackend) throws {
        let (world, order) = try damaged(backend, "UPDATE orders SET state = 'lost' WHERE id = ?")
        #expect(throws: (any Error).self) { try world.orders.order(id: order.id) }
    }

    @Test(arguments: StorageBackend.allCases)
    func anOrderInACurrencyTheCoreDoesNotKnowCannotBeRead(_ backend: StorageBackend) throws {
        let (world, order) = try damaged(backend, "UPDATE orders SET currency = 'XXX' WHERE id = ?")
        #expect(throws: (any Error).self) { try world.orders.order(id: order.id) }
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankPaymentInAStatusTheCoreDoesNotKnowIsNotAnswered(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: Money(minorUnits: 1_000, currency: .eur), reference: "r")
        #expect(throws: Never.self) { try world.bank.paymentStatus(identifier: handle.identifier, token: handle.resourceToken) }
        #expect(try world.core.store.write { tx in try tx.execute("UPDATE bank_resources SET status = 'lost' WHERE id = ?", handle.identifier) } == 1)
        #expect(throws: (any Error).self) { try world.bank.paymentStatus(identifier: handle.identifier, token: handle.resourceToken) }
    }

    @Test(arguments: StorageBackend.allCases)
    func aSourceInAStatusTheCoreDoesNotKnowCannotBeRead(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let source = try world.sources.create(SourceParams(amount: Money(minorUnits: 1_000, currency: .cny), description: "Honey",
                                                           type: .wechatPay, flow: .qrCode))
        #expect(throws: Never.self) { try world.sources.source(id: source.id) }
        #expect(try world.core.store.write { tx in try tx.execute("UPDATE sources SET status = 'lost' WHERE id = ?", source.id) } == 1)
        #expect(throws: (any Error).self) { try world.sources.source(id: source.id) }
    }
}
