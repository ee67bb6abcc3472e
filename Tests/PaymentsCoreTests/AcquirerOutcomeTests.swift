import Testing
@testable import PaymentsCore

@Suite struct AcquirerOutcomeTests {
    private static let testCards: [(number: String, expected: ChargeStatus)] = [
        ("4242424242424242", ChargeStatus.succeeded),
        ("4000000000000002", .failed(.genericDecline)),
        ("4000000000009995", .failed(.insufficientFunds)),
        ("4000000000009987", .failed(.lostCard)),
        ("4000000000000069", .failed(.expiredCard)),
        ("4000000000000127", .failed(.incorrectCVC)),
        ("4000000000000119", .failed(.processingError)),
        ("4000000000000341", .failed(.genericDecline)),
        ("4000002760003184", .requiresAction),
        ("4000000000003220", .requiresAction),
        ("4000008260003178", .requiresAction),
        ("5555555555554444", .succeeded),
        ("378282246310005", .succeeded),
        ("6011111111111117", .succeeded),
        ("3566002020360505", .succeeded),
        ("6200000000000005", .succeeded),
        ("3056930009020004", .succeeded),
        ("4012888888881881", .succeeded),   // any other valid number approves
    ]

    /// Every test card charged on one core (a case each would cost a server schema each): each
    /// answered as its row says, and stored as answered.
    @Test(arguments: StorageBackend.allCases)
    func everyTestCard(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        for (index, (number, expected)) in Self.testCards.enumerated() {
            let charge = try #require(h.charge(h.request(.token(try h.token(number).id), key: "card-\(index)"))?.value, "\(number)")
            #expect(charge.status == expected, "\(number)")
            #expect(try h.core.charges.charge(charge.id).status == expected, "\(number), as stored")
            #expect(charge.amountCaptured.minorUnits == (expected == .succeeded ? 1250 : 0), "\(number)")
        }
    }

    @Test(arguments: StorageBackend.allCases, ["4000002760003184", "4000000000003220"])
    func challengeWithTheRightCodeApproves(_ backend: StorageBackend, number: String) throws {
        let h = try Harness(backend)
        let pending = try #require(h.charge(h.request(.token(try h.token(number).id)))?.value)
        #expect(pending.status == .requiresAction)
        let done = try #require(h.confirm(pending.id, code: SimulatedAcquirer.challengeCode)?.value)
        #expect(done.status == .succeeded)
    }

    @Test(arguments: StorageBackend.allCases)
    func challengeThenInsufficientFunds(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let pending = try #require(h.charge(h.request(.token(try h.token("4000008260003178").id)))?.value)
        #expect(h.confirm(pending.id, code: "123456")?.value?.status == .failed(.insufficientFunds))
    }

    @Test(arguments: StorageBackend.allCases)
    func wrongChallengeCodeFailsWithItsOwnReason(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let pending = try #require(h.charge(h.request(.token(try h.token("4000002760003184").id)))?.value)
        #expect(h.confirm(pending.id, code: "654321")?.value?.status == .failed(.authenticationFailed))
        #expect(h.confirm(pending.id, code: "123456")?.error == .notAwaitingChallenge)
    }

    @Test(arguments: StorageBackend.allCases)
    func abandoningAChallengeCancelsTheCharge(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let pending = try #require(h.charge(h.request(.token(try h.token("4000000000003220").id)))?.value)
        #expect(try h.core.charges.cancel(pending.id).status == .canceled)
    }

    @Test(arguments: StorageBackend.allCases)
    func challengeOnceCardsChargeFreelyAfterwardsButAlwaysCardsDoNot(_ backend: StorageBackend) throws {
        let h = try Harness(backend)
        let c = try h.customer()
        for (number, secondStatus) in [("4000000000003220", ChargeStatus.succeeded), ("4000002760003184", .requiresAction)] {
            let method = try h.core.paymentMethods.save(card: try h.card(number), for: c.id).method
            let first = try #require(h.charge(h.request(.paymentMethod(method.id), customer: c.id, key: number + "-1"))?.value)
            #expect(first.status == .requiresAction)
            #expect(h.confirm(first.id, code: "123456")?.value?.status == .succeeded)
            let second = h.charge(h.request(.paymentMethod(method.id), customer: c.id, key: number + "-2"))
            #expect(second?.value?.status == secondStatus)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theNeverAnsweringCardStaysPendingThenReconcilesToSuccess(_ backend: StorageBackend) throws {
        let h = try Harness(backend, latency: .milliseconds(800))
        var answers: [Result<Charge, ChargeError>] = []
        h.core.charges.create(h.request(.token(try h.token("4000000000000259").id))) { answers.append($0) }
        h.settle(advancing: .seconds(120))   // far past any poll timeout
        #expect(answers.isEmpty)
        #expect(try h.core.charges.charge("ch_000001").status == .pending)
        let settled = try h.core.charges.reconcilePending()
        #expect(settled.map(\.status) == [.succeeded])
        #expect(answers.count == 1 && answers.first?.value?.status == .succeeded)
        #expect(try h.core.charges.reconcilePending().isEmpty)
    }

    @Test(arguments: StorageBackend.allCases)
    func latencyComesFromTheScheduler(_ backend: StorageBackend) throws {
        let h = try Harness(backend, latency: .milliseconds(800))
        var answer: Charge?
        h.core.charges.create(h.request(.token(try h.token().id))) { answer = $0.value }
        h.settle(advancing: .milliseconds(799))
        #expect(answer == nil)
        #expect(try h.core.charges.charge("ch_000001").status == .pending)   // recorded before the acquirer answers
        h.settle(advancing: .milliseconds(1))
        #expect(answer?.status == .succeeded)
    }
}
