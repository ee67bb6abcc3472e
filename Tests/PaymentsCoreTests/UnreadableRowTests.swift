import Foundation
import GRDB
import Testing
@_spi(Testing) import PaymentsCore

/// A row the core cannot read back (damaged by hand, or written by something else) is an error
/// where it is read, never a guessed default: an order in an unknown state is not "failed", an
/// unknown currency is not euros.
@Suite struct UnreadableRowTests {
    private func damaged(_ sql: String) throws -> (CommerceTestWorld, Order) {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", for: "s")
        let order = try world.orders.placeOrder(for: "s")
        try world.core.database.queue.write { db in try db.execute(sql: sql, arguments: [order.id]) }
        return (world, order)
    }

    @Test func anOrderInAStateTheCoreDoesNotKnowCannotBeRead() throws {
        let (world, order) = try damaged("UPDATE orders SET state = 'lost' WHERE id = ?")
        #expect(throws: (any Error).self) { try world.orders.order(id: order.id) }
    }

    @Test func anOrderInACurrencyTheCoreDoesNotKnowCannotBeRead() throws {
        let (world, order) = try damaged("UPDATE orders SET currency = 'XXX' WHERE id = ?")
        #expect(throws: (any Error).self) { try world.orders.order(id: order.id) }
    }

    @Test func aBankPaymentInAStatusTheCoreDoesNotKnowIsNotAnswered() throws {
        let world = CommerceTestWorld()
        let handle = try world.bank.createPayment(amount: Money(minorUnits: 1_000, currency: .eur), reference: "r")
        try world.core.database.queue.write { db in
            try db.execute(sql: "UPDATE bank_resources SET status = 'lost' WHERE id = ?", arguments: [handle.identifier])
        }
        #expect(throws: (any Error).self) { try world.bank.paymentStatus(identifier: handle.identifier, token: handle.resourceToken) }
    }

    @Test func aSourceInAStatusTheCoreDoesNotKnowCannotBeRead() throws {
        let world = CommerceTestWorld()
        let source = try world.sources.create(SourceParams(amount: Money(minorUnits: 1_000, currency: .cny), description: "Honey",
                                                           type: .wechatPay, flow: .qrCode))
        try world.core.database.queue.write { db in
            try db.execute(sql: "UPDATE sources SET status = 'lost' WHERE id = ?", arguments: [source.id])
        }
        #expect(throws: (any Error).self) { try world.sources.source(id: source.id) }
    }
}
