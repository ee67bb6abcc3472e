import Foundation
import GRDB
@_spi(Testing) @testable import PaymentsCore
import Testing

/// The audit reads bank and wallet refunds as it reads card refunds: a refund marked done whose
/// bank or wallet never gave the money back, a bank or wallet refund that moved another amount
/// than its entry books, a refund marked failed whose money went back, a refund not booked. Each
/// damage by one SQL write, on either engine, named and nothing else.
@Suite struct TenderRefundAuditTests {
    /// A bank order and a wallet order, each with one jar of acacia (€6.50) given back.
    final class Books {
        let world: CommerceTestWorld
        let bankOrder: Order
        let walletOrder: Order

        init(_ backend: StorageBackend) throws {
            world = try CommerceTestWorld(backend)
            bankOrder = try world.payByBank(try world.placeTwoLines("bank"))
            walletOrder = try world.payByWallet(try world.placeTwoLines("wallet"))
            for order in [bankOrder, walletOrder] {
                let answer = world.settle(after: .seconds(3)) {
                    world.orders.refund(orderId: order.id, .lines([ReturnedLine(position: 0, quantity: 1)]), idempotencyKey: order.id, completion: $0)
                }
                #expect(answer?.value?.state == .refunded)
            }
        }

        /// The order's one refund: its row's id, and the tender's refund id.
        func refund(of order: Order) throws -> (id: String, tenderId: String) {
            let row = try #require(try world.core.store.read { tx in
                try tx.rows("SELECT id, charge_refund_id FROM order_refunds WHERE order_id = ?", order.id).first
            })
            return (try row.value(String.self, "id"), try row.value(String.self, "charge_refund_id"))
        }

        func write(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws {
            try world.core.store.write { tx in try tx.execute(sql, arguments) }
        }
    }

    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    @Test(arguments: StorageBackend.allCases)
    func bankAndWalletRefundsMadeByTheServicesAreSound(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        #expect(try books.world.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankRefundRowThatIsMissingIsARefundWithoutMoney(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        let refund = try books.refund(of: books.bankOrder)
        try books.write("DELETE FROM bank_refunds WHERE id = ?", [refund.tenderId])
        #expect(try books.world.audit() == [.refundWithoutMoney(refundId: refund.id, orderNumber: books.bankOrder.number),
                                            .entryDiffersFromPayment(entryId: "bank_refund:\(refund.tenderId)", booked: euros(-650), moved: euros(0))])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankRefundTheBankNeverExecutedIsARefundWithoutMoney(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        let refund = try books.refund(of: books.bankOrder)
        try books.write("UPDATE bank_refunds SET status = 'submitted' WHERE id = ?", [refund.tenderId])
        #expect(try books.world.audit() == [.refundWithoutMoney(refundId: refund.id, orderNumber: books.bankOrder.number),
                                            .entryDiffersFromPayment(entryId: "bank_refund:\(refund.tenderId)", booked: euros(-650), moved: euros(0))])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankRefundThatMovedAnotherAmountThanItsEntryIsNamed(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        let refund = try books.refund(of: books.bankOrder)
        try books.write("UPDATE bank_refunds SET amount_minor = 600 WHERE id = ?", [refund.tenderId])
        #expect(try books.world.audit() == [.entryDiffersFromPayment(entryId: "bank_refund:\(refund.tenderId)", booked: euros(-650), moved: euros(-600))])
    }

    @Test(arguments: StorageBackend.allCases)
    func aWalletRefundRowThatIsMissingOrDiffersIsNamed(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        let refund = try books.refund(of: books.walletOrder)
        try books.write("UPDATE source_refunds SET amount_minor = 700 WHERE id = ?", [refund.tenderId])
        #expect(try books.world.audit() == [.entryDiffersFromPayment(entryId: "wallet_refund:\(refund.tenderId)", booked: euros(-650), moved: euros(-700))])
        try books.write("DELETE FROM source_refunds WHERE id = ?", [refund.tenderId])
        #expect(try books.world.audit() == [.refundWithoutMoney(refundId: refund.id, orderNumber: books.walletOrder.number),
                                            .entryDiffersFromPayment(entryId: "wallet_refund:\(refund.tenderId)", booked: euros(-650), moved: euros(0))])
    }

    /// A bank order's refund whose money went back through a card refund instead: not the tender
    /// that paid, so not this refund's money.
    @Test(arguments: StorageBackend.allCases)
    func moneyBackThroughAnotherTenderIsNotTheRefundsMoney(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        let refund = try books.refund(of: books.bankOrder)
        try books.write("DELETE FROM bank_refunds WHERE id = ?", [refund.tenderId])
        try books.write("INSERT INTO source_refunds (id, source_id, amount_minor, currency, created_at) VALUES (?, ?, 650, 'EUR', 0)",
                        [refund.tenderId, try #require(books.walletOrder.chargeId)])
        #expect(try books.world.audit().contains(.refundWithoutMoney(refundId: refund.id, orderNumber: books.bankOrder.number)))
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankRefundMarkedFailedWhoseMoneyWentBackIsNamed(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        let refund = try books.refund(of: books.bankOrder)
        try books.write("UPDATE order_refunds SET state = 'failed' WHERE id = ?", [refund.id])
        let violations = try books.world.audit()
        #expect(violations.contains(.moneyBackOfFailedRefund(refundId: refund.id, orderNumber: books.bankOrder.number, amount: euros(650))))
        // Its entry is booked: the order holds less than its refunds say it should.
        #expect(violations.contains(.bookedBalanceDiffers(orderId: books.bankOrder.id, orderNumber: books.bankOrder.number,
                                                          booked: euros(1240), owed: euros(1890))))
    }

    @Test(arguments: StorageBackend.allCases)
    func aWalletRefundNotBookedIsNamed(_ backend: StorageBackend) throws {
        let books = try Books(backend)
        let refund = try books.refund(of: books.walletOrder)
        try books.write("DELETE FROM ledger_entries WHERE answer_kind = 'wallet_refund' AND answer_id = ?", [refund.tenderId])
        #expect(try books.world.audit() == [
            .bookedBalanceDiffers(orderId: books.walletOrder.id, orderNumber: books.walletOrder.number, booked: euros(1890), owed: euros(1240)),
            .refundNotBooked(refundId: refund.id, orderNumber: books.walletOrder.number),
        ])
    }
}
