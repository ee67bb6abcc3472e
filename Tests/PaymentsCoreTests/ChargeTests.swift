import Foundation
import Testing
@testable import PaymentsCore

@Suite struct IdempotencyTests {
    @Test(arguments: StorageBackend.allCases)
    func sameKeySameRequestReplaysWithoutChargingTwice(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        let method = try h.core.paymentMethods.save(card: try h.card(), for: c.id).method
        let request = h.request(.paymentMethod(method.id), customer: c.id, key: "order-1")
        let first = try #require(h.charge(request)?.value)
        let replay = try #require(h.charge(request)?.value)
        #expect(replay == first)
        #expect(try h.core.charges.charges(for: c.id).count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func replayOfATokenChargeDoesNotTouchTheSpentToken(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let request = h.request(.token(try h.token().id), key: "order-1")
        let first = try #require(h.charge(request)?.value)
        #expect(h.charge(request)?.value == first)
    }

    @Test(arguments: StorageBackend.allCases)
    func sameKeyDifferentRequestIsAConflict(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let token = try h.token()
        _ = h.charge(h.request(1250, .token(token.id), key: "order-1"))
        #expect(h.charge(h.request(1300, .token(token.id), key: "order-1"))?.error == .idempotencyKeyReused)
        var other = h.request(1250, .token(token.id), key: "order-1")
        other.metadata = ["order": "ord_2"]
        #expect(h.charge(other)?.error == .idempotencyKeyReused)
    }

    @Test(arguments: StorageBackend.allCases)
    func replayWhileThePendingChargeWaitsGetsTheSameAnswer(_ backend: StorageBackend) throws {
        let h = try Harness(backend, latency: .milliseconds(800))
        let request = h.request(.token(try h.token().id), key: "order-1")
        var answers: [Charge] = []
        h.core.charges.create(request) { answers.append($0.value!) }
        h.settle(advancing: .milliseconds(100))
        h.core.charges.create(request) { answers.append($0.value!) }   // the shopper pressed PAY again
        h.settle(advancing: .seconds(1))
        #expect(answers.count == 2)
        #expect(answers.allSatisfy { $0.id == "ch_000001" && $0.status == .succeeded })
        #expect(try h.core.chargeRepository.charges(status: .succeeded).count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclineIsReplayedNotRetried(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let request = h.request(.token(try h.token("4000000000009995").id), key: "order-1")
        let first = try #require(h.charge(request)?.value)
        #expect(first.status == .failed(.insufficientFunds))
        #expect(h.charge(request)?.value == first)
        #expect(try h.core.events.events(subjectID: first.id).filter { $0.kind == "charge.created" }.count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func keysAreKeptFor24Hours(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        let method = try h.core.paymentMethods.save(card: try h.card(), for: c.id).method
        let request = h.request(.paymentMethod(method.id), customer: c.id, key: "order-1")
        let first = try #require(h.charge(request, wait: .zero)?.value)
        h.clock.advance(by: .seconds(24 * 3600 - 1))
        #expect(h.charge(request, wait: .zero)?.value?.id == first.id)
        h.clock.advance(by: .seconds(1))
        #expect(h.charge(request, wait: .zero)?.value?.id == "ch_000002")
    }

    // No engine: refused before anything is stored (the vault's tokens are in memory).
    @Test func missingKeyAndBadAmountsAreRefused() throws {
        let h = try Harness()
        #expect(h.charge(h.request(1250, .token("tok_x"), key: "  "))?.error == .missingIdempotencyKey)
        #expect(h.charge(h.request(0, .token("tok_x")))?.error == .invalidAmount)
        #expect(h.charge(h.request(1250, .token("tok_x")))?.error == .token(.unknownToken))
    }
}

@Suite struct RefundAndHoldTests {
    @Test(arguments: StorageBackend.allCases)
    func fullAndPartialRefundsNeverExceedWhatWasCaptured(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let charge = try #require(h.charge(h.request(1000, .token(try h.token().id)))?.value)
        let eur = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        #expect(try h.core.charges.refund(charge.id, amount: eur(300)).amount == eur(300))
        #expect(throws: ChargeError.refundExceedsCaptured(available: eur(700))) { try h.core.charges.refund(charge.id, amount: eur(701)) }
        #expect(throws: ChargeError.invalidRefundAmount) { try h.core.charges.refund(charge.id, amount: Money(minorUnits: 100, currency: .usd)) }
        #expect(try h.core.charges.refund(charge.id).amount == eur(700))   // the rest
        #expect(throws: ChargeError.refundExceedsCaptured(available: eur(0))) { try h.core.charges.refund(charge.id) }
        #expect(try h.core.charges.charge(charge.id).amountRefunded == eur(1000))
        #expect(try h.core.charges.refunds(of: charge.id).count == 2)
    }

    @Test(arguments: StorageBackend.allCases)
    func failedChargesCannotBeRefunded(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let charge = try #require(h.charge(h.request(.token(try h.token("4000000000000002").id)))?.value)
        #expect(throws: ChargeError.notRefundable) { try h.core.charges.refund(charge.id) }
    }

    @Test(arguments: StorageBackend.allCases)
    func holdCaptureAndRelease(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let held = try #require(h.charge(h.request(5000, .token(try h.token().id), key: "bid-1", capture: false))?.value)
        #expect(held.status == .authorized)
        #expect(throws: ChargeError.notRefundable) { try h.core.charges.refund(held.id) }
        #expect(throws: ChargeError.captureExceedsAuthorized(authorized: held.amount)) {
            try h.core.charges.capture(held.id, amount: Money(minorUnits: 5001, currency: .eur))
        }
        let captured = try h.core.charges.capture(held.id, amount: Money(minorUnits: 4200, currency: .eur))
        #expect(captured.status == .succeeded && captured.amountCaptured.minorUnits == 4200)
        #expect(throws: ChargeError.refundExceedsCaptured(available: Money(minorUnits: 4200, currency: .eur))) {
            try h.core.charges.refund(held.id, amount: Money(minorUnits: 5000, currency: .eur))
        }

        let other = try #require(h.charge(h.request(5000, .token(try h.token().id), key: "bid-2", capture: false))?.value)
        #expect(try h.core.charges.cancel(other.id).status == .canceled)
        #expect(throws: ChargeError.notAHold) { try h.core.charges.capture(other.id) }
    }
}

@Suite struct PaymentMethodTests {
    @Test(arguments: StorageBackend.allCases)
    func savingTheSameCardTwiceKeepsOne(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        let first = try h.core.paymentMethods.save(token: try h.token().id, for: c.id)
        #expect(!first.alreadySaved && first.method.isDefault)
        let second = try h.core.paymentMethods.save(card: try h.card("4242-4242-4242-4242", expiry: "01/31"), for: c.id)
        #expect(second.alreadySaved && second.method.id == first.method.id)
        #expect(second.method.expiry == (try Expiry(month: 1, year: 2031)))
        #expect(try h.core.paymentMethods.list(for: c.id).count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func defaultsAndRemoval(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        let visa = try h.core.paymentMethods.save(card: try h.card(), for: c.id).method
        let mc = try h.core.paymentMethods.save(card: try h.card("5555555555554444"), for: c.id).method
        #expect(try h.core.paymentMethods.defaultMethod(for: c.id)?.id == visa.id)
        try h.core.paymentMethods.setDefault(mc.id, for: c.id)
        #expect(try h.core.paymentMethods.defaultMethod(for: c.id)?.id == mc.id)
        try h.core.paymentMethods.remove(mc.id, for: c.id)
        #expect(try h.core.paymentMethods.list(for: c.id).map(\.id) == [visa.id])
        #expect(try h.core.paymentMethods.defaultMethod(for: c.id)?.id == visa.id)
        #expect(try h.core.paymentMethods.list(for: c.id).first?.summary == "Visa •••• 4242 (12/30)")
    }

    @Test(arguments: StorageBackend.allCases)
    func anotherCustomersCardIsNeitherVisibleNorUsable(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let ada = try h.customer("ada@example.com"), bob = try h.customer("bob@example.com")
        let adas = try h.core.paymentMethods.save(card: try h.card(), for: ada.id).method
        #expect(try h.core.paymentMethods.list(for: bob.id).isEmpty)
        #expect(throws: PaymentMethodError.notFound) { try h.core.paymentMethods.method(adas.id, for: bob.id) }
        #expect(throws: PaymentMethodError.notFound) { try h.core.paymentMethods.remove(adas.id, for: bob.id) }
        #expect(throws: PaymentMethodError.notFound) { try h.core.paymentMethods.setDefault(adas.id, for: bob.id) }
        #expect(h.charge(h.request(.paymentMethod(adas.id), customer: bob.id))?.error == .paymentMethodNotFound)
        #expect(h.charge(h.request(.paymentMethod(adas.id), customer: nil, key: "k2"))?.error == .customerRequired)
    }

    @Test(arguments: StorageBackend.allCases)
    func aCardSavedWithoutItsNumberCannotBeCharged(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        let method = try h.core.paymentMethods.save(card: try h.card(), for: c.id, keepNumber: false).method
        #expect(!method.canBeCharged)
        #expect(h.charge(h.request(.paymentMethod(method.id), customer: c.id))?.error == .paymentMethodNotChargeable)
    }
}
