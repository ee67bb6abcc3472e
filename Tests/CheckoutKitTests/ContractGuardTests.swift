import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit
import Testing

/// The guards themselves: each rule's check fires when the rule is broken, and stays quiet when
/// it is kept.
@Suite struct ContractGuardTests {
    let violations = RecordingViolationReporter()

    @Test func onceCallbackCallsThroughOnceAndReportsTheSecond() {
        var received: [Int] = []
        let once = OnceCallback<Int>("test completion", reporter: violations) { received.append($0) }
        once.call(1)
        once.call(2)
        #expect(received == [1])
        #expect(once.callCount == 2)
        #expect(violations.violations == [ContractViolation(rule: .calledMoreThanOnce, callback: "test completion", detail: "call #2 dropped")])
    }

    @Test func aReentrantSecondCallIsCaughtToo() {
        var received: [Int] = []
        var once: OnceCallback<Int>!
        once = OnceCallback<Int>("reentrant", reporter: violations) { value in
            received.append(value)
            once.call(value + 1)
        }
        once.call(1)
        #expect(received == [1])
        #expect(violations.rules() == [.calledMoreThanOnce])
    }

    @Test func onceCallbackReleasedUncalledReportsNeverCalled() {
        do {
            let once = OnceCallback<Void>("forgotten", reporter: violations) {}
            _ = once.closure // handed out and dropped
        }
        #expect(violations.violations == [ContractViolation(rule: .neverCalled, callback: "forgotten", detail: "released without being called")])
    }

    @Test func aCalledOrWaivedCallbackIsQuietWhenReleased() {
        do {
            let called = OnceCallback<Void>("called", reporter: violations) {}
            called.call()
            let waived = OnceCallback<Void>("waived", reporter: violations) {}
            waived.waive()
            waived.call() // a late answer after the receiver gave up: swallowed
        }
        #expect(violations.violations.isEmpty)
    }

    @Test func theGateSendsOneAtATimeInOrder() {
        let gate = CallbackGate(reporter: violations)
        var answers: [() -> Void] = []
        var sent: [String] = []
        for name in ["a", "b", "c"] {
            gate.submit(name) { answered in sent.append(name); answers.append(answered) }
        }
        #expect(sent == ["a"])
        #expect(gate.queued == ["b", "c"])
        answers[0]()
        answers[0]() // answering twice does not release a second callback
        #expect(sent == ["a", "b"])
        answers[1]()
        #expect(sent == ["a", "b", "c"])
        #expect(gate.maxUnansweredAtOnce == 1)
        #expect(violations.violations.isEmpty)
    }

    @Test func aClosedGateSendsNothingAndIgnoresAnswers() {
        let gate = CallbackGate(reporter: violations)
        var answered: (() -> Void)?
        var sent: [String] = []
        gate.submit("a") { sent.append("a"); answered = $0 }
        gate.submit("b") { _ in sent.append("b") }
        gate.close()
        answered?()
        #expect(gate.submit("c") { _ in sent.append("c") } == false)
        #expect(sent == ["a"])
        #expect(gate.unanswered == nil)
    }

    @Test func amountsNeverMixCurrenciesOrOverflow() throws {
        let eur = Money(minorUnits: 150, currency: .eur)
        #expect(eur.currency.code == "EUR")
        #expect(try eur.adding(Money(minorUnits: 50, currency: .eur)) == Money(minorUnits: 200, currency: .eur))
        #expect(throws: MoneyError.self) { try eur.adding(Money(minorUnits: 50, currency: .usd)) }
        #expect(throws: MoneyError.self) { try Money(minorUnits: .max, currency: .jpy).adding(Money(minorUnits: 1, currency: .jpy)) }
        #expect(try eur.multiplied(by: 3) == Money(minorUnits: 450, currency: .eur))
    }
}
