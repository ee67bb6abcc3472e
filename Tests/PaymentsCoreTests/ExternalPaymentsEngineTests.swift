import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// Bank payments and mandates, sources, subscriptions, day reports and the export, each flow
/// run the same on SQLite and on a PostgreSQL server, with the same answers.
@Suite struct ExternalPaymentsEngineTests {
    private let eur10 = Money(minorUnits: 1_000, currency: .eur)

    private func eventKinds(_ counter: ExternalPaymentsCounter, _ subject: String) throws -> [String] {
        try counter.store.read { tx in try tx.fetchValues(String.self, "SELECT kind FROM events WHERE subject_id = ? ORDER BY id", subject) }
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankPaymentWalksToSettledAndAMandatePaysOnceAReference(_ backend: StorageBackend) throws {
        let counter = try ExternalPaymentsCounter(try backend.freshStore(), keys: .ephemeral())
        #expect(try counter.providers.countries() == ["DE", "ES", "FR", "GB", "IE", "NL"])
        #expect(try counter.providers.providers(in: "gb").map(\.name) == ["Albion Bank", "Thames Mutual", "Crown Savings", "Fogline Bank"])

        let payment = try counter.bank.createPayment(amount: eur10, reference: "order HS-000001")
        let answer = counter.settle { counter.bank.processSinglePayment(identifier: payment.identifier, token: payment.resourceToken,
                                                                        providerId: "gb-albion-bank", completion: $0) }
        #expect(answer == .success(.authorized))
        counter.advance(.minutes(1))
        #expect(try counter.bank.paymentStatus(identifier: payment.identifier, token: payment.resourceToken).status == .settled)
        #expect(try eventKinds(counter, payment.identifier) == ["bank.payment.created", "bank.payment.authorizing", "bank.payment.authorized",
                                                                "bank.payment.executed", "bank.payment.settled"])
        #expect(throws: BankError.invalidToken) { try counter.bank.paymentStatus(identifier: payment.identifier, token: "nope") }

        let rejected = try counter.bank.createPayment(amount: eur10, reference: "order HS-000002")
        let refusal = counter.settle { counter.bank.processSinglePayment(identifier: rejected.identifier, token: rejected.resourceToken,
                                                                         providerId: "gb-crown-savings", completion: $0) }
        #expect(refusal == .failure(.paymentRejected))

        let mandate = try counter.authorisedMandate(maximum: eur10)
        let first = try counter.bank.payFromMandate(identifier: mandate.identifier, token: mandate.resourceToken, amount: eur10, reference: "renewal-1")
        let again = try counter.bank.payFromMandate(identifier: mandate.identifier, token: mandate.resourceToken, amount: eur10, reference: "renewal-1")
        #expect(again == first, "one payment a reference")
        #expect(counter.bank.paymentFromMandate(identifier: mandate.identifier, reference: "renewal-1") == first.identifier)
        #expect(try counter.count("SELECT COUNT(*) FROM bank_resources WHERE mandate_id = ?", mandate.identifier) == 1)
        #expect(throws: BankError.generic(reason: BankError.exceedsMandate)) {
            try counter.bank.payFromMandate(identifier: mandate.identifier, token: mandate.resourceToken, amount: Money(minorUnits: 2_000, currency: .eur), reference: "renewal-2")
        }
        try counter.bank.revokeMandate(identifier: mandate.identifier, token: mandate.resourceToken)
        #expect(try counter.bank.mandateStatus(identifier: mandate.identifier, token: mandate.resourceToken).status == .revoked)
        #expect(throws: BankError.mandateRejected) {
            try counter.bank.payFromMandate(identifier: mandate.identifier, token: mandate.resourceToken, amount: eur10, reference: "renewal-3")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func cardAndWalletSourcesAreAuthorisedThenConsumed(_ backend: StorageBackend) throws {
        let counter = try ExternalPaymentsCounter(try backend.freshStore(), keys: .ephemeral())
        let card = try counter.sources.create(SourceParams(amount: eur10, description: "Manuka honey", type: .card, flow: .inApp))
        let token = try counter.fleet.vault.tokenize(try counter.card()).id
        let authorised = counter.settle(after: .seconds(1)) { counter.sources.authorizeCard(sourceId: card.id, instrument: .token(token), completion: $0) }
        #expect(try authorised?.get().status == .authorized)
        counter.advance(.seconds(3))
        let consumed = try counter.sources.source(id: card.id)
        #expect(consumed.status == .consumed)
        let chargeId = try #require(consumed.chargeId)
        #expect(try counter.count("SELECT COUNT(*) FROM charges WHERE id = ? AND status = 'succeeded'", chargeId) == 1)

        let wallet = try counter.sources.create(SourceParams(amount: eur10, description: "Manuka honey", type: .alipay, flow: .qrCode))
        #expect(try counter.sources.startWalletAuthorization(sourceId: wallet.id) == "alipay://pay/\(wallet.id)")
        try counter.sources.confirmWallet(sourceId: wallet.id)
        #expect(throws: SourceError.invalidState(.confirmation)) { try counter.sources.confirmWallet(sourceId: wallet.id) }
        counter.advance(.seconds(3))
        #expect(try counter.sources.sourceStatus(id: wallet.id) == .consumed)
        #expect(try eventKinds(counter, wallet.id) == ["source.pending", "source.awaitingConfirmation", "source.authorized", "source.consumed"])

        let forgotten = try counter.sources.create(SourceParams(amount: eur10, description: "Manuka honey", type: .alipay, flow: .qrCode))
        _ = try counter.sources.startWalletAuthorization(sourceId: forgotten.id)
        counter.advance(.minutes(11))
        #expect(try counter.sources.sourceStatus(id: forgotten.id) == .failed(reason: "expired"))
    }

    @Test(arguments: StorageBackend.allCases)
    func subscriptionsRenewByCardAndByMandateThenCancel(_ backend: StorageBackend) throws {
        let counter = try ExternalPaymentsCounter(try backend.freshStore(), keys: .ephemeral())
        #expect(try counter.subscriptions.plans().map(\.name) == ["Monthly jar", "Weekly jar"])
        let saved = try counter.savedCard(email: "ada@honey.test")
        let byCard = try #require(try counter.settle {
            counter.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-monthly-jar", payer: .savedCard(paymentMethodId: saved.methodId),
                                            completion: $0)
        }?.get())
        let mandate = try counter.authorisedMandate(maximum: eur10)
        let byMandate = try #require(try counter.settle {
            counter.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-monthly-jar",
                                            payer: .mandate(identifier: mandate.identifier, token: mandate.resourceToken), completion: $0)
        }?.get())
        #expect(byCard.state == .active && byMandate.state == .active)
        #expect(try counter.subscriptions.nextRenewalDate() == byCard.currentPeriodEnd)

        counter.advance(.days(31))
        var done = false
        counter.subscriptions.runDueRenewals { done = true }
        counter.advance(.seconds(10))
        #expect(done)
        for id in [byCard.id, byMandate.id] {
            #expect(try counter.subscriptions.subscription(id: id)?.periodIndex == 1)
            #expect(try counter.subscriptions.renewalAttempts(subscriptionId: id).map(\.succeeded) == [true, true])
        }
        let payments = try counter.subscriptions.payments(customerId: saved.customerId)
        #expect(payments.map(\.attempt.amount.minorUnits) == [990, 990, 990, 990])
        #expect(try counter.subscriptions.subscriptions(customerId: saved.customerId).map(\.id) == [byCard.id, byMandate.id].sorted())
        #expect(try counter.count("SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") == 2, "the card's two periods")

        _ = try counter.subscriptions.cancel(subscriptionId: byCard.id, atPeriodEnd: true)
        try counter.subscriptions.cancel(subscriptionId: byMandate.id, atPeriodEnd: false)
        #expect(throws: SubscriptionError.alreadyCanceled) { try counter.subscriptions.cancel(subscriptionId: byMandate.id, atPeriodEnd: false) }
        counter.advance(.days(31))
        counter.subscriptions.runDueRenewals()
        counter.advance(.seconds(10))
        #expect(try counter.subscriptions.history(subscriptionId: byCard.id).map(\.to) == [.active, .canceled])
        #expect(try counter.subscriptions.nextRenewalDate() == nil)
    }

    /// The same sales, refunds and export on both engines; sums beyond 32 bits read back whole
    /// (the server's `SUM` of a `BIGINT` is a `NUMERIC`).
    @Test(arguments: StorageBackend.allCases)
    func dayReportsAndTheExportReadTheSameFiguresOnBothEngines(_ backend: StorageBackend) throws {
        let counter = try ExternalPaymentsCounter(try backend.freshStore(), keys: .ephemeral())
        let jar = try #require(try counter.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        var orders: [Order] = []
        for shopper in ["ada", "grace"] {
            try counter.fleet.carts.add(productId: jar, quantity: 2, for: shopper)
            orders.append(try #require(try counter.fleet.payCart(of: shopper)).get())
        }
        let refund = counter.settle(after: .seconds(1)) { counter.fleet.orders.refund(orderId: orders[0].id, .everythingLeft, idempotencyKey: "r", completion: $0) }
        #expect(try refund?.get() != nil)
        let huge: Int64 = 5_000_000_000
        // The books are what the reports sum: the second order's payment, beyond 32 bits.
        _ = try counter.store.write { tx in
            try tx.execute("UPDATE ledger_entries SET amount_minor = ? WHERE order_id = ? AND movement = 'payment'", huge, orders[1].id)
        }

        let x = try counter.reports.current()
        #expect(x.number == nil && x.from == nil)
        #expect(x.sales == [DayReport.Total(method: "card", currency: "EUR", minorUnits: orders[0].total.minorUnits + huge, count: 2)])
        #expect(x.refunds == [DayReport.Total(method: "card", currency: "EUR", minorUnits: orders[0].total.minorUnits, count: 1)])
        #expect(x.voids.isEmpty && x.unsettled.isEmpty)
        counter.advance(.seconds(1))
        let z = try counter.reports.close()
        #expect(z.number == 1 && z.sales == x.sales && z.refunds == x.refunds)
        #expect(try counter.reports.closed() == [z])
        let next = try counter.reports.current()
        #expect(next.from == z.to && next.sales.isEmpty)

        let table = try LedgerExport.csv(counter.store, from: ManualClock.defaultStart.addingTimeInterval(-86_400),
                                         to: ManualClock.defaultStart.addingTimeInterval(86_400))
        let kinds = table.records.map { $0[0] }
        // The orders placed, then the money as the books moved it, each at its own time, each
        // followed by its VAT (one rate here).
        #expect(kinds == ["order", "line", "order", "line", "payment", "tax", "payment", "tax", "refund", "tax"])
        #expect(table.records.filter { $0[0] == "order" }.map { $0[1] } == orders.map(\.number))
        #expect(table.records.last { $0[0] == "refund" }?[4] == String(-orders[0].total.minorUnits), "a refund is money out: negative, as booked")
        let taxed = table.records.filter { $0[0] == "tax" }.compactMap { Int64($0[4]) }.reduce(0, +)
        #expect(taxed == z.taxes.reduce(0) { $0 + $1.grossMinor } && taxed == z.grandTotal.first?.minorUnits, "the VAT rows sum to the money")
        let money = table.records.filter { ["payment", "capture", "refund"].contains($0[0]) }.compactMap { Int64($0[4]) }.reduce(0, +)
        #expect(money == z.grandTotal.first?.minorUnits, "the export's money sums to the Z report's grand total")
        #expect(table.records.filter { $0[0] == "payment" }.allSatisfy { $0[8] == "card" && $0[10] == "4242" })
    }
}
