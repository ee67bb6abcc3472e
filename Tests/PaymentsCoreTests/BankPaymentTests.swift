import Clocks
import Foundation
import PaymentsCore
import Testing

/// A report names a reason exactly when its status is `failed`.
private func checked<Status>(_ report: BankStatusReport<Status>, failed: Status) -> BankStatusReport<Status> {
    #expect((report.status == failed) == (report.failure != nil), "\(report.status) with failure \(String(describing: report.failure))")
    return report
}

private func checked(_ report: BankStatusReport<BankPaymentStatus>) -> BankStatusReport<BankPaymentStatus> { checked(report, failed: .failed) }
private func checked(_ report: BankStatusReport<MandateStatus>) -> BankStatusReport<MandateStatus> { checked(report, failed: .failed) }

@Suite struct BankPaymentTests {
    private let eur10 = Money(minorUnits: 1_000, currency: .eur)

    private func provider(_ world: CommerceTestWorld, _ name: String) throws -> String {
        let all = try world.providers.countries().flatMap { try world.providers.providers(in: $0) }
        return try #require(all.first { $0.name == name }).id
    }

    private func process(_ world: CommerceTestWorld, _ handle: BankResourceHandle, bank: String, after: Duration = .seconds(3)) throws -> Result<BankFlowState, BankError>? {
        let bankId = try provider(world, bank)
        return world.settle(after: after) { world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: bankId, completion: $0) }
    }

    private func status(_ world: CommerceTestWorld, _ handle: BankResourceHandle) throws -> BankPaymentStatus {
        try checked(world.bank.paymentStatus(identifier: handle.identifier, token: handle.resourceToken)).status
    }

    /// Why the payment failed; nil when its status is not `failed`.
    private func failure(_ world: CommerceTestWorld, _ handle: BankResourceHandle) throws -> BankError? {
        try checked(world.bank.paymentStatus(identifier: handle.identifier, token: handle.resourceToken)).failure
    }

    @Test(arguments: StorageBackend.allCases)
    func providersAreListedByCountryWithTheLocaleAsFallback(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(try world.providers.countries() == ["DE", "ES", "FR", "GB", "IE", "NL"])
        let gb = try world.providers.providers(preferredCountry: "gb", localeCountry: "DE")
        #expect(gb.country == "GB")
        #expect(gb.providers.map(\.name) == ["Albion Bank", "Thames Mutual", "Crown Savings", "Fogline Bank"])
        #expect(try world.providers.providers(preferredCountry: "XX", localeCountry: "de").country == "DE", "unknown country")
        #expect(try world.providers.providers(preferredCountry: "US", localeCountry: "NL").country == "NL", "a country without banks")
        #expect(try world.providers.providers(preferredCountry: nil, localeCountry: "FR").providers.count == 3)
        for country in try world.providers.countries() {
            let banks = try world.providers.providers(in: country)
            #expect((2...4).contains(banks.count) && banks.contains { $0.behaviour == .approves })
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aPaymentWalksEveryStatusToSettled(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "order HS-000001")
        #expect(try status(world, handle) == .authorizationRequired)
        var answer: Result<BankFlowState, BankError>?
        world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: try provider(world, "Albion Bank")) { answer = $0 }
        #expect(try status(world, handle) == .authorizing)
        world.advance(.seconds(2))
        #expect(answer == .success(.authorized))
        #expect(try status(world, handle) == .authorized)
        world.advance(.seconds(5))
        #expect(try status(world, handle) == .executed)
        world.advance(.seconds(30))
        #expect(try status(world, handle) == .settled)
        #expect(world.eventTypes(handle.identifier) == ["bank.payment.created", "bank.payment.authorizing", "bank.payment.authorized",
                                                        "bank.payment.executed", "bank.payment.settled"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aDecoupledBankLeavesTheFlowAtWaitUntilItDecides(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        #expect(try process(world, handle, bank: "Thames Mutual") == .success(.wait))
        #expect(try status(world, handle) == .authorizing)
        world.advance(.seconds(300))
        #expect(try status(world, handle) == .authorized)
        world.advance(.seconds(40))
        #expect(try status(world, handle) == .settled)
    }

    @Test(arguments: StorageBackend.allCases)
    func aRedirectBankAnswersRedirectThenAuthorises(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        #expect(try process(world, handle, bank: "Nordbank Direkt", after: .zero) == .success(.redirect))
        world.advance(.seconds(60))
        #expect(try status(world, handle) == .authorized)
    }

    @Test(arguments: StorageBackend.allCases)
    func aRejectingBankFailsThePayment(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        #expect(try process(world, handle, bank: "Crown Savings") == .failure(.paymentRejected))
        #expect(try failure(world, handle) == .paymentRejected)
        #expect(world.eventTypes(handle.identifier).last == "bank.payment.failed")
    }

    @Test(arguments: StorageBackend.allCases)
    func aFailedAuthorisationIsAuthorizationFailed(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        #expect(try process(world, handle, bank: "Credit Provence") == .failure(.authorizationFailed))
        #expect(try failure(world, handle) == .authorizationFailed)
    }

    @Test(arguments: StorageBackend.allCases)
    func aSlowBankLetsThePaymentExpire(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        var answer: Result<BankFlowState, BankError>?
        world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: try provider(world, "Fogline Bank")) { answer = $0 }
        world.advance(.seconds(599))
        #expect(answer == nil)
        #expect(try status(world, handle) == .authorizing)
        world.advance(.seconds(1))
        #expect(answer == .failure(.paymentExpired))
        #expect(try failure(world, handle) == .paymentExpired)
    }

    @Test(arguments: StorageBackend.allCases)
    func aPaymentNobodyProcessesExpiresToo(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        world.advance(.minutes(10))
        #expect(try failure(world, handle) == .paymentExpired)
        #expect(try process(world, handle, bank: "Albion Bank") == .failure(.paymentExpired))
    }

    @Test(arguments: StorageBackend.allCases)
    func theUserCancels(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        var answer: Result<BankFlowState, BankError>?
        world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: try provider(world, "Thames Mutual")) { answer = $0 }
        try world.bank.cancel(identifier: handle.identifier, token: handle.resourceToken)
        world.advance(.seconds(3))
        #expect(answer == .failure(.userCanceled))
        #expect(try failure(world, handle) == .userCanceled)
        #expect(throws: BankError.unexpectedBehaviour) { try world.bank.cancel(identifier: handle.identifier, token: handle.resourceToken) }
    }

    @Test(arguments: StorageBackend.allCases)
    func wrongTokensUnknownIdsAndUnknownBanksMapToTheSeedsErrors(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        #expect(throws: BankError.invalidToken) { try world.bank.paymentStatus(identifier: handle.identifier, token: "rt_wrong") }
        #expect(throws: BankError.paymentNotFound) { try world.bank.paymentStatus(identifier: "bpay_999999", token: handle.resourceToken) }
        #expect(throws: BankError.mandateNotFound) { try world.bank.mandateStatus(identifier: "mandate_999999", token: "x") }
        #expect(throws: BankError.mandateNotFound, "named for the kind asked for, whatever the identifier looks like") {
            try world.bank.mandateStatus(identifier: "bman_unknown", token: "x")
        }
        let wrongToken = world.settle { world.bank.processSinglePayment(identifier: handle.identifier, token: "rt_wrong", providerId: "gb-albion-bank", completion: $0) }
        #expect(wrongToken == .failure(.invalidToken))
        let unknownBank = world.settle { world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: "zz-nope", completion: $0) }
        #expect(unknownBank == .failure(.generic(reason: "unknown bank zz-nope")))
        #expect(throws: BankError.mandateNotFound) { try world.bank.mandateStatus(identifier: handle.identifier, token: handle.resourceToken) }
    }

    @Test(arguments: StorageBackend.allCases)
    func anOfflineBankIsConnectionIssuesAndAnotherBankCanStillPay(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        #expect(try process(world, handle, bank: "Alpen Volksbank") == .failure(.connectionIssues))
        #expect(try status(world, handle) == .authorizationRequired)
        #expect(try process(world, handle, bank: "Rhein Sparkasse") == .success(.authorized))
    }

    @Test(arguments: StorageBackend.allCases)
    func aServerErrorLeavesThePaymentOpen(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        #expect(try process(world, handle, bank: "Societe Seine") == .failure(.serverError))
        #expect(try status(world, handle) == .authorizationRequired)
    }

    @Test(arguments: StorageBackend.allCases)
    func processingTwiceIsUnexpectedBehaviour(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try world.bank.createPayment(amount: eur10, reference: "r")
        _ = try process(world, handle, bank: "Albion Bank")
        #expect(try process(world, handle, bank: "Albion Bank") == .failure(.unexpectedBehaviour))
    }

    @Test func errorCodesRoundTrip() {
        let all: [BankError] = [.authorizationFailed, .connectionIssues, .generic(reason: "x y"), .invalidToken, .paymentExpired, .paymentNotFound,
                                .paymentRejected, .mandateExpired, .mandateNotFound, .mandateRejected, .serverError, .unexpectedBehaviour, .userCanceled]
        #expect(all.map { BankError(code: $0.code) } == all)
    }
}

@Suite struct BankMandateTests {
    private let cap = Money(minorUnits: 5_000, currency: .eur)

    private func authorisedMandate(_ world: CommerceTestWorld) throws -> BankResourceHandle {
        let handle = try world.bank.createMandate(maximumAmount: cap, reference: "honey subscription")
        #expect(checked(try world.bank.mandateStatus(identifier: handle.identifier, token: handle.resourceToken)).status == .authorizationRequired)
        let answer = world.settle(after: .seconds(3)) { world.bank.processMandate(identifier: handle.identifier, token: handle.resourceToken, providerId: "gb-albion-bank", completion: $0) }
        #expect(answer == .success(.authorized))
        #expect(checked(try world.bank.mandateStatus(identifier: handle.identifier, token: handle.resourceToken)).status == .authorized)
        return handle
    }

    @Test(arguments: StorageBackend.allCases)
    func aMandateIsAuthorisedThenRevoked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let handle = try authorisedMandate(world)
        try world.bank.revokeMandate(identifier: handle.identifier, token: handle.resourceToken)
        #expect(checked(try world.bank.mandateStatus(identifier: handle.identifier, token: handle.resourceToken)).status == .revoked)
        #expect(throws: BankError.mandateRejected) { try world.bank.payFromMandate(identifier: handle.identifier, token: handle.resourceToken, amount: cap, reference: "x") }
        #expect(world.eventTypes(handle.identifier) == ["bank.mandate.created", "bank.mandate.authorizing", "bank.mandate.authorized", "bank.mandate.revoked"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aMandateCanBeRejectedOrExpire(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let rejected = try world.bank.createMandate(maximumAmount: cap, reference: "r")
        let answer = world.settle(after: .seconds(3)) { world.bank.processMandate(identifier: rejected.identifier, token: rejected.resourceToken, providerId: "es-caja-mar", completion: $0) }
        #expect(answer == .failure(.mandateRejected))
        #expect(checked(try world.bank.mandateStatus(identifier: rejected.identifier, token: rejected.resourceToken)).failure == .mandateRejected)
        let slow = try world.bank.createMandate(maximumAmount: cap, reference: "r")
        let late = world.settle(after: .minutes(10)) { world.bank.processMandate(identifier: slow.identifier, token: slow.resourceToken, providerId: "ie-shamrock-credit", completion: $0) }
        #expect(late == .failure(.mandateExpired))
        #expect(checked(try world.bank.mandateStatus(identifier: slow.identifier, token: slow.resourceToken)).failure == .mandateExpired)
        #expect(throws: BankError.invalidToken) { try world.bank.revokeMandate(identifier: slow.identifier, token: "nope") }
    }

    @Test(arguments: StorageBackend.allCases)
    func aPaymentFromAMandateExecutesAndSettlesOnTheClock(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let mandate = try authorisedMandate(world)
        let payment = try world.bank.payFromMandate(identifier: mandate.identifier, token: mandate.resourceToken, amount: Money(minorUnits: 990, currency: .eur), reference: "renewal")
        #expect(checked(try world.bank.paymentStatus(identifier: payment.identifier, token: payment.resourceToken)).status == .authorized)
        world.advance(.seconds(35))
        #expect(checked(try world.bank.paymentStatus(identifier: payment.identifier, token: payment.resourceToken)).status == .settled)
        #expect(throws: BankError.generic(reason: "amount exceeds the mandate")) {
            try world.bank.payFromMandate(identifier: mandate.identifier, token: mandate.resourceToken, amount: Money(minorUnits: 5_001, currency: .eur), reference: "x")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aSubscriptionRenewedByAMandateAndStoppedByItsRevocation(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let mandate = try authorisedMandate(world)
        let payer = SubscriptionPayer.mandate(identifier: mandate.identifier, token: mandate.resourceToken)
        let subscribed = world.settle { world.subscriptions.subscribe(customerId: "cus_bank", planId: "plan-weekly-jar", payer: payer, completion: $0) }
        let subscription = try #require(subscribed?.value)
        #expect(subscription.payer == payer)
        world.advance(.days(7))
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.subscriptions.runDueRenewals { done(true) } }
        let renewed = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(renewed.periodIndex == 1 && renewed.state == .active)
        let payments = try world.subscriptions.renewalAttempts(subscriptionId: subscription.id).compactMap(\.paymentReference)
        #expect(payments.count == 2)
        #expect(payments.allSatisfy { $0.hasPrefix("bpay_") })

        try world.bank.revokeMandate(identifier: mandate.identifier, token: mandate.resourceToken)
        world.advance(.days(7))
        _ = world.settle { (done: @escaping (Bool) -> Void) in world.subscriptions.runDueRenewals { done(true) } }
        let pastDue = try #require(try world.subscriptions.subscription(id: subscription.id))
        #expect(pastDue.state == .pastDue)
        #expect(try world.subscriptions.failedRenewals(subscriptionId: subscription.id).map(\.reason) == ["mandateRejected"])
    }
}
