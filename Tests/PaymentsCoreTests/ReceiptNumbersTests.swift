import Clocks
import Foundation
import Testing
@_spi(Testing) @testable import PaymentsCore

/// Receipt numbers: gapless per counter, given in the transaction that pays the order, on both
/// engines; two counters of a fleet count apart, and a payment rolled back takes its number back.
@Suite struct ReceiptNumbersTests {
    /// Pays one jar at `world`'s counter; the order as paid.
    static func pay(_ world: CommerceTestWorld, _ session: String) throws -> Order {
        try world.carts.add(productId: "honey-clover", for: session)
        let order = try world.orders.placeOrder(for: session)
        return try #require(try world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.get())
    }

    @Test(arguments: StorageBackend.allCases)
    func eachCounterOfAFleetCountsItsOwnReceiptsWithoutAGap(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let till1 = CommerceTestWorld(database: location.database, counterName: "till-1")
        let till2 = CommerceTestWorld(database: location.database, ids: RandomIDGenerator(), counterName: "till-2")
        var numbers: [String: [Int]] = [:]
        for round in 0..<3 {
            for (name, world) in [("till-1", till1), ("till-2", till2)] {
                let paid = try Self.pay(world, "\(name)-\(round)")
                #expect(paid.receiptCounter == name)
                numbers[name, default: []].append(try #require(paid.receiptNumber))
            }
        }
        #expect(numbers == ["till-1": [1, 2, 3], "till-2": [1, 2, 3]])
        // The receipt reads its number back; the order's own number is apart from it.
        let receipt = try ReceiptLedger(store: till1.core.store, clock: till1.clock, instanceId: till1.commerce.instance.id)
        let first = try #require(try till1.orders.orders(for: "till-1-0").first)
        #expect(try receipt.receipt(orderNumber: first.number)?.order.receiptNumber == 1)
    }

    /// Two payments at one counter at the same moment (two processes sharing a name): they take
    /// turns on the sequence's row and get consecutive numbers, neither shared nor skipped.
    @Test(arguments: StorageBackend.allCases)
    func paymentsAtOneCounterAtOnceTakeTurnsOnItsSequence(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let setup = CommerceTestWorld(database: location.database, counterName: "till-1")
        let orders = try (0..<2).map { index -> String in
            try setup.carts.add(productId: "honey-clover", for: "s\(index)")
            return try setup.orders.placeOrder(for: "s\(index)").id
        }
        let stores = Stores([try location.openStore(commerce: true), try location.openStore(commerce: true)])
        for round in 0..<5 {
            let outcomes = runTogether(2) { index in
                try stores.all[index].write { tx in
                    try tx.execute("UPDATE orders SET state = 'pendingPayment', receipt_number = NULL, receipt_counter = NULL WHERE id = ?", orders[index])
                    try ReceiptNumbers.assign(tx, orderId: orders[index], counterName: "till-1")
                }
            }
            #expect(outcomes.allSatisfy { (try? $0.get()) != nil }, "round \(round): \(outcomes)")
            let given = try setup.core.store.read { tx in
                try tx.fetchValues(Int.self, "SELECT receipt_number FROM orders WHERE receipt_counter = 'till-1' ORDER BY receipt_number")
            }
            #expect(given == [2 * round + 1, 2 * round + 2], "round \(round)")
        }
    }

    /// The number is given in the paying transaction: a transaction that fails after taking one
    /// gives it back, and the next payment takes it.
    @Test(arguments: StorageBackend.allCases)
    func aPaymentRolledBackGivesItsNumberBack(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend, counterName: "till-1")
        try world.carts.add(productId: "honey-clover", for: "s")
        let order = try world.orders.placeOrder(for: "s")
        struct Crash: Error {}
        #expect(throws: Crash.self) {
            try world.core.store.write { tx in
                try ReceiptNumbers.assign(tx, orderId: order.id, counterName: "till-1")
                throw Crash()
            }
        }
        let paid = try #require(try world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.get())
        #expect(paid.receiptNumber == 1)
        // Paid once, numbered once: a second look at it (the settler's) gives no other number.
        try world.core.store.write { tx in try ReceiptNumbers.assign(tx, orderId: order.id, counterName: "till-1") }
        #expect(try world.orders.order(id: order.id)?.receiptNumber == 1)
    }

    final class Stores: @unchecked Sendable {
        let all: [any CoreStore]
        init(_ all: [any CoreStore]) { self.all = all }
    }
}
