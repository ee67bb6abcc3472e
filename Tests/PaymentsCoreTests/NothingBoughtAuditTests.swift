import Foundation
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The audit names money taken with nothing bought (issue 32): a subscription's payment or a
/// mandate draw that took money and that no order holds in the books. One damage each, on the
/// ledger `LedgerAuditTests` builds (a subscription with its first renewal among the rest).
@Suite struct NothingBoughtAuditTests {
    @Test(arguments: StorageBackend.allCases)
    func aRenewalsChargeWhoseOrderIsGoneIsNamed(_ backend: StorageBackend) throws {
        let ledger = try LedgerAuditTests.Ledger(backend)
        let orderId = try #require(try ledger.read(String.self, """
            SELECT id FROM orders WHERE payment_kind = 'subscription' AND payment_key LIKE '%-period-1-attempt-0'
            """))
        let charge = try #require(try ledger.read(String.self, "SELECT charge_id FROM orders WHERE id = ?", orderId))
        let key = try #require(try ledger.read(String.self, "SELECT idempotency_key FROM charges WHERE id = ?", charge))
        for table in ["ledger_entries", "order_lines"] { try ledger.write("DELETE FROM \(table) WHERE order_id = ?", [orderId]) }
        try ledger.write("DELETE FROM orders WHERE id = ?", [orderId])
        #expect(try ledger.audit() == [.moneyTakenWithNothingBought(paymentId: charge, amount: Money(minorUnits: 990, currency: .eur), takenFor: key)])
    }

    /// What the bank screen's old `n` left behind: "Renewal of €7.20 on the mandate", no order.
    @Test(arguments: StorageBackend.allCases)
    func aMandateDrawForNoOrderIsNamed(_ backend: StorageBackend) throws {
        let ledger = try LedgerAuditTests.Ledger(backend)
        try ledger.write("""
            INSERT INTO bank_resources (id, kind, token, amount_minor, currency, reference, status, mandate_id, created_at, expires_at, updated_at)
            VALUES ('bpay_drawn', 'payment', 'rt', 720, 'EUR', 'renewal-1', 'settled', 'mandate_checkout', 0, 0, 0)
            """)
        #expect(try ledger.audit() == [.moneyTakenWithNothingBought(paymentId: "bpay_drawn", amount: Money(minorUnits: 720, currency: .eur),
                                                                    takenFor: "renewal-1")])
    }

    @Test(arguments: StorageBackend.allCases)
    func aLedgerWithSubscriptionOrdersIsSound(_ backend: StorageBackend) throws {
        let ledger = try LedgerAuditTests.Ledger(backend)
        #expect(try ledger.read(Int64.self, "SELECT COUNT(*) FROM orders WHERE payment_kind = 'subscription' AND state = 'paid'") == 2,
                "the first period and the first renewal")
        #expect(try ledger.audit() == [])
    }
}
