import Foundation
import Testing
@testable import PaymentsCore

/// A card saved from the account is checked by its bank first (no amount, nothing charged):
/// saved on a yes, never on a no, after the 3-D Secure code when the card asks for one, and not
/// at all when the bank does not answer.
@Suite struct CardCheckTests {
    /// Starts a check and returns every answer its completion received after the loop ran `wait`.
    private func check(_ h: Harness, _ token: CardToken, for customer: Customer, wait: Duration = .seconds(1))
        -> [Result<CardCheckOutcome, PaymentMethodError>] {
        var received: [Result<CardCheckOutcome, PaymentMethodError>] = []
        h.core.cardChecks.checkAndSave(token: token.id, for: customer.id) { received.append($0) }
        h.settle(advancing: wait)
        return received
    }

    private func answer(_ h: Harness, _ checkID: String, _ code: String?) -> [Result<CardCheckOutcome, PaymentMethodError>] {
        var received: [Result<CardCheckOutcome, PaymentMethodError>] = []
        h.core.cardChecks.answer(checkID, code: code) { received.append($0) }
        h.settle(advancing: .seconds(1))
        return received
    }

    private func saved(_ h: Harness, _ customer: Customer) throws -> [String] {
        try h.core.paymentMethods.list(for: customer.id).map(\.lastFour)
    }

    @Test func aCardTheBankAcceptsIsSavedAndNothingIsCharged() throws {
        let h = try Harness(latency: .milliseconds(800))
        let ada = try h.customer()
        let answers = check(h, try h.token(), for: ada)
        guard answers.count == 1, case let .success(.saved(saved)) = answers[0] else { Issue.record("\(answers)"); return }
        #expect(saved.method.lastFour == "4242" && saved.method.isDefault && !saved.alreadySaved)
        #expect(try h.core.charges.charges(for: ada.id).isEmpty, "a check charges nothing")
    }

    @Test func theAnswerComesOnTheLoopAfterTheBanksTime() throws {
        let h = try Harness(latency: .milliseconds(800))
        let ada = try h.customer()
        #expect(check(h, try h.token(), for: ada, wait: .milliseconds(700)).isEmpty)
        h.settle(advancing: .milliseconds(100))
        #expect(try saved(h, ada) == ["4242"])
    }

    @Test func aRefusedCardIsNotSaved() throws {
        let h = try Harness()
        let ada = try h.customer()
        let token = try h.token("4000000000009987")
        let answers = check(h, token, for: ada)
        #expect(answers == [.success(.declined(PaymentDecline(.lostCard)))])
        #expect(try saved(h, ada).isEmpty)
    }

    /// What only a charge can meet (too little money, a card that saves but declines charges)
    /// does not refuse a check of no amount, as a processor's "setup" does not.
    @Test func whatOnlyAChargeMeetsDoesNotRefuseTheCheck() throws {
        let h = try Harness()
        let ada = try h.customer()
        for number in ["4000000000009995", "4000000000000341"] {
            let answers = check(h, try h.token(number), for: ada)
            guard answers.count == 1, case .success(.saved) = answers[0] else { Issue.record("\(number): \(answers)"); continue }
        }
        #expect(try saved(h, ada) == ["9995", "0341"])
    }

    @Test func aCardThatAsksIsSavedAfterTheRightCodeAndNotAskedAgainAtItsCharge() throws {
        let h = try Harness()
        let ada = try h.customer()
        let token = try h.token("4000000000003220")
        let first = check(h, token, for: ada)
        #expect(first == [.success(.challengeRequired(CardCheckChallenge(id: token.id, brand: .visa, lastFour: "3220")))])
        #expect(try saved(h, ada).isEmpty, "nothing is saved before the code")
        let answers = answer(h, token.id, "123456")
        guard answers.count == 1, case let .success(.saved(saved)) = answers[0] else { Issue.record("\(answers)"); return }
        #expect(saved.method.lastFour == "3220")
        // The bank has seen the shopper once: this card's first charge goes through without asking.
        let charge = try #require(h.charge(h.request(.paymentMethod(saved.method.id), customer: ada.id))?.value)
        #expect(charge.status == .succeeded)
    }

    @Test func aWrongCodeOrACancelSavesNothing() throws {
        let h = try Harness()
        let ada = try h.customer()
        let wrong = try h.token("4000002760003184")
        _ = check(h, wrong, for: ada)
        #expect(answer(h, wrong.id, "000000") == [.success(.declined(PaymentDecline(.authenticationFailed)))])
        let cancelled = try h.token("4000002760003184")
        _ = check(h, cancelled, for: ada)
        #expect(answer(h, cancelled.id, nil) == [.success(.declined(PaymentDecline(code: "authentication_cancelled", cause: .securityCheckCancelled)))])
        #expect(try saved(h, ada).isEmpty)
        #expect(answer(h, cancelled.id, "123456") == [.failure(.token(.unknownToken))], "a check is answered once")
    }

    @Test func aCardThatAsksAndThenOnlyLacksMoneyIsSavedAfterTheCode() throws {
        let h = try Harness()
        let ada = try h.customer()
        let token = try h.token("4000008260003178")
        _ = check(h, token, for: ada)
        let answers = answer(h, token.id, "123456")
        guard answers.count == 1, case .success(.saved) = answers[0] else { Issue.record("\(answers)"); return }
    }

    @Test func aBankThatNeverAnswersSavesNothingAndSaysSoOnce() throws {
        let h = try Harness()
        let ada = try h.customer()
        let token = try h.token("4000000000000259")
        #expect(check(h, token, for: ada, wait: .seconds(29)).isEmpty)
        var received: [Result<CardCheckOutcome, PaymentMethodError>] = []
        h.core.cardChecks.checkAndSave(token: token.id, for: ada.id) { received.append($0) }
        h.settle(advancing: .seconds(31))
        #expect(received == [.success(.declined(PaymentDecline(code: "check_not_answered", cause: .checkNotAnswered)))])
        h.settle(advancing: .minutes(10))
        #expect(received.count == 1)
        #expect(try saved(h, ada).isEmpty)
    }

    @Test func lockedSavedPaymentsAreRefusedBeforeTheBankIsAsked() throws {
        let h = try Harness()
        let ada = try h.customer()
        try h.core.customers.setPIN("2468", for: ada.id)
        h.core.customers.lockPayments(ada.id)
        let token = try h.token()
        #expect(check(h, token, for: ada) == [.failure(.paymentsLocked)])
        try h.core.customers.unlockPayments(ada.id, pin: "2468")
        let again = check(h, token, for: ada)
        guard again.count == 1, case .success(.saved) = again[0] else { Issue.record("the token stays usable: \(again)"); return }
    }

    @Test func aSpentTokenIsRefused() throws {
        let h = try Harness()
        let ada = try h.customer()
        let token = try h.token()
        _ = check(h, token, for: ada)
        #expect(check(h, token, for: ada) == [.failure(.token(.tokenAlreadyUsed))])
    }
}
