@testable import CounterApp
import Testing

/// Seed 002's callbacks as the auction screens made them, recorded by the bridge that stands
/// between the screens and the auction controller (the test delegate and data source of the
/// issue): their order on the happy path, and every one of them seen by some tape.
@Suite struct AuctionCallbackTests {
    /// The log without the repeated reads (`getCustomerId`, `isPaymentsLocked`, `getPayments`
    /// are asked whenever the flow needs them): each entry once, where it first came.
    static func firstOccurrences(_ entries: [String]) -> [String] {
        var seen = Set<String>()
        return entries.filter { seen.insert($0).inserted }
    }

    @Test func theHappyPathCallsTheDelegateAndDataSourceInOrder() throws {
        let world = try AuctionTapeTests.play("happy-path")
        let calls = Self.firstOccurrences(world.callbacks)
        #expect(calls == [
            "isPaymentsLocked -> false",
            "getPayments -> []",
            "savePayment(isJoin: false, Visa 4242)",
            "savePayment(isJoin: false, Visa 4242) -> success",
            "getPayments -> [\"Visa 4242\"]",
            "getCustomerId -> signed in",
            "charge(€150.00, hold: true)",
            "charge -> approved",
            "onJoin(auction-lx318)",
        ], "\(world.callbacks)")
    }

    @Test func leavingFromTheTermsCallsOnBackOnce() throws {
        let world = try AuctionTapeTests.play("esc-back-to-onback")
        #expect(world.callbacks.filter { $0 == "onBack" }.count == 1)
        #expect(world.callbacks.last == "onBack")
    }

    @Test func theChallengeGoesThroughTheAuthenticationPresenter() throws {
        let calls = Self.firstOccurrences(try AuctionTapeTests.play("challenge-card").callbacks)
        let expected = [
            "charge -> challengeRequired", "authenticationPresenter",
            "presentChallenge(Visa 3220)", "presentChallenge -> code", "completeChallenge", "completeChallenge -> authenticationFailed",
            // The card ticked to be kept is saved after its hold, never before (issue 32).
            "completeChallenge -> approved", "savePayment(isJoin: true, Visa 3220) -> success", "onJoin(auction-lx318)",
        ]
        #expect(calls.filter(expected.contains) == expected, "\(calls)")
    }

    @Test func thePINCallbacksAnswerSuccessFailureCancelAndExceededAttempts() throws {
        let unlocked = try AuctionTapeTests.play("locked-then-unlocked").callbacks
        #expect(unlocked.filter { $0.hasPrefix("unlockPayments ->") } == ["unlockPayments -> cancel", "unlockPayments -> success"])
        let lockedOut = try AuctionTapeTests.play("three-wrong-pins").callbacks
        #expect(lockedOut.filter { $0.hasPrefix("unlockPayments ->") } == [
            "unlockPayments -> failure(Wrong PIN. 2 tries left.)",
            "unlockPayments -> failure(Wrong PIN. 1 try left.)",
            "unlockPayments -> exceededAttempts",
        ])
        #expect(lockedOut.filter { $0.hasPrefix("requestPIN") } == [
            "requestPIN(attemptsLeft: -) -> typed", "requestPIN(attemptsLeft: 2) -> typed", "requestPIN(attemptsLeft: 1) -> typed",
        ])
    }

    @Test func everyCallbackOfSeed002IsSeenByATape() throws {
        var all: [String] = []
        for tape in AuctionTapeTests.tapes { all += try AuctionTapeTests.play(tape).callbacks }
        let seed002 = [
            "onBack", "onJoin(", "authenticationPresenter",
            "getCustomerId", "isPaymentsLocked", "unlockPayments -> success", "unlockPayments -> failure(",
            "unlockPayments -> cancel", "unlockPayments -> exceededAttempts", "getPayments",
            "savePayment(isJoin: false", "savePayment(isJoin: true", "removePayment(",
        ]
        for callback in seed002 {
            #expect(all.contains { $0.hasPrefix(callback) }, "no tape made \(callback)")
        }
        #expect(all.contains { $0.hasPrefix("removePayment(") && $0.hasSuffix("-> success") })
    }
}
