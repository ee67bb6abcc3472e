import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// Two counters, each on its own connection with its own clock and services, deciding the same
/// bank payment, renewal, source or Z report at the same moment: on SQLite (one writer at a
/// time) and on a PostgreSQL server (the deciding row locked, or a key taken once).
@Suite struct ExternalPaymentRaceTests {
    private let eur10 = Money(minorUnits: 1_000, currency: .eur)
    private static let rounds = ProcessInfo.processInfo.environment["CHECKOUT_RACE_ROUNDS"].flatMap(Int.init) ?? 6

    /// Counters handed to threads, one each: a connection is used by one thread at a time.
    final class Counters: @unchecked Sendable {
        let all: [ExternalPaymentsCounter]
        init(_ all: [ExternalPaymentsCounter]) { self.all = all }
    }

    /// A setup counter and two racing ones on one fresh database, sharing the vault key.
    private func fleet(_ backend: StorageBackend) throws -> (setup: ExternalPaymentsCounter, racing: Counters) {
        let location = try backend.freshStore()
        let keys = VaultKeys.ephemeral()
        let setup = try ExternalPaymentsCounter(location, keys: keys)
        // Opened first (each migrates, under the server's lock), so that the two meet.
        return (setup, Counters([try ExternalPaymentsCounter(location, keys: keys), try ExternalPaymentsCounter(location, keys: keys)]))
    }

    /// Both racing counters run the renewals due at the same moment, a month on each round.
    private func renewTogether(_ counters: Counters) -> [String] {
        for counter in counters.all { counter.advance(.days(31)) }
        return runTogether(2) { index -> Bool in
            let counter = counters.all[index]
            var done = false
            counter.subscriptions.runDueRenewals { done = true }
            counter.advance(.seconds(1))
            return done
        }.map { "\($0)" }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoCountersRenewingOneSubscriptionByMandateTakeThePaymentOnce(_ backend: StorageBackend) throws {
        let (setup, counters) = try fleet(backend)
        let mandate = try setup.authorisedMandate(maximum: eur10)
        let subscription = try #require(try setup.settle {
            setup.subscriptions.subscribe(customerId: "cus_fleet", planId: "plan-monthly-jar",
                                          payer: .mandate(identifier: mandate.identifier, token: mandate.resourceToken), completion: $0)
        }?.get())
        for round in 1...Self.rounds {
            let outcomes = renewTogether(counters)
            #expect(try setup.count("SELECT COUNT(*) FROM bank_resources WHERE kind = 'payment' AND mandate_id = ?", mandate.identifier) == round + 1,
                    "round \(round): one payment taken from the mandate: \(outcomes)")
            #expect(try setup.count("SELECT COUNT(*) FROM renewal_attempts WHERE subscription_id = ?", subscription.id) == round + 1,
                    "round \(round): the renewal recorded once: \(outcomes)")
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE kind = 'subscription.renewed' AND subject_id = ?", subscription.id) == round)
            #expect(try setup.subscriptions.subscription(id: subscription.id)?.periodIndex == round)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoCountersRenewingOneSubscriptionByCardChargeItOnce(_ backend: StorageBackend) throws {
        let (setup, counters) = try fleet(backend)
        let saved = try setup.savedCard(email: "ada@honey.test")
        let subscription = try #require(try setup.settle {
            setup.subscriptions.subscribe(customerId: saved.customerId, planId: "plan-monthly-jar", payer: .savedCard(paymentMethodId: saved.methodId),
                                          completion: $0)
        }?.get())
        for round in 1...Self.rounds {
            let outcomes = renewTogether(counters)
            #expect(try setup.count("SELECT COUNT(*) FROM charges") == round + 1, "round \(round): charged once: \(outcomes)")
            #expect(try setup.count("SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") == round + 1)
            #expect(try setup.count("SELECT COUNT(*) FROM renewal_attempts WHERE subscription_id = ? AND succeeded = 1", subscription.id) == round + 1,
                    "round \(round): the renewal recorded once, as paid: \(outcomes)")
            #expect(try setup.count("SELECT COUNT(*) FROM renewal_attempts WHERE subscription_id = ?", subscription.id) == round + 1)
            #expect(try setup.subscriptions.subscription(id: subscription.id)?.state == .active)
            #expect(try setup.subscriptions.subscription(id: subscription.id)?.periodIndex == round)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoCountersReadingOneBankPaymentApplyTheBanksAnswerOnce(_ backend: StorageBackend) throws {
        let (setup, counters) = try fleet(backend)
        for round in 1...Self.rounds {
            let payment = try setup.bank.createPayment(amount: eur10, reference: "order \(round)")
            setup.bank.processSinglePayment(identifier: payment.identifier, token: payment.resourceToken, providerId: "gb-albion-bank") { _ in }
            // The bank decides two seconds after the setup counter's now; the racing counters are
            // past it (their clocks are ahead), and ask for the status at the same moment.
            for counter in counters.all { counter.advance(.seconds(3)) }
            let statuses = runTogether(2) { index in
                try counters.all[index].bank.paymentStatus(identifier: payment.identifier, token: payment.resourceToken).status
            }
            #expect(statuses.allSatisfy { (try? $0.get()) == .authorized }, "round \(round): \(statuses)")
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE kind = 'bank.payment.authorized' AND subject_id = ?", payment.identifier) == 1,
                    "round \(round): the answer applied once")
            // The setup counter catches up with the racing ones' time.
            setup.advance(.seconds(3))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoCountersChargingOneCardSourceChargeItOnceAndAuthoriseItOnce(_ backend: StorageBackend) throws {
        let (setup, counters) = try fleet(backend)
        for round in 1...Self.rounds {
            let source = try setup.sources.create(SourceParams(amount: eur10, description: "Manuka honey", type: .card, flow: .inApp))
            let answers = runTogether(2) { index -> String in
                let counter = counters.all[index]
                let token = try counter.fleet.vault.tokenize(try counter.card()).id
                var answer: Result<Source, SourceError>?
                counter.sources.authorizeCard(sourceId: source.id, instrument: .token(token)) { answer = $0 }
                counter.advance(.seconds(1))
                return answer.map { "\($0)" } ?? "no answer"
            }
            #expect(try setup.count("SELECT COUNT(*) FROM charges") == round, "round \(round): charged once: \(answers)")
            let status = try setup.sources.sourceStatus(id: source.id)
            #expect(status == .authorized || status == .consumed, "round \(round): \(answers)")
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE kind = 'source.authorized' AND subject_id = ?", source.id) == 1,
                    "round \(round): authorised once: \(answers)")
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE kind = 'source.failed' AND subject_id = ?", source.id) == 0,
                    "round \(round): never failed: \(answers)")
            // Both counters read it when its consumption is due (their clocks moved on, their
            // timers not run): consumed once.
            for counter in counters.all { counter.clock.advance(by: .seconds(3)) }
            let statuses = runTogether(2) { index in try counters.all[index].sources.sourceStatus(id: source.id) }
            #expect(statuses.allSatisfy { (try? $0.get()) == .consumed }, "round \(round): \(statuses)")
            #expect(try setup.count("SELECT COUNT(*) FROM events WHERE kind = 'source.consumed' AND subject_id = ?", source.id) == 1,
                    "round \(round): consumed once")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoCountersClosingTheDayAtOnceCloseTwoConsecutiveSpans(_ backend: StorageBackend) throws {
        let (setup, counters) = try fleet(backend)
        for round in 1...Self.rounds {
            for counter in counters.all { counter.advance(.minutes(1)) }
            let closed = runTogether(2) { index in try counters.all[index].reports.close().number }
            #expect(Set(closed.compactMap { try? $0.get() }) == [2 * round - 1, 2 * round], "round \(round): \(closed)")
        }
        let reports = try setup.reports.closed()
        #expect(reports.map(\.number) == (1...2 * Self.rounds).reversed().map { Optional($0) })
        for (later, earlier) in zip(reports, reports.dropFirst()) {
            #expect(later.from == earlier.to, "Z-\(later.number ?? 0) starts where Z-\(earlier.number ?? 0) ended")
        }
    }
}
