import Clocks

/// The acquirer's answer to an authorisation.
public enum AcquirerDecision: Equatable, Sendable {
    case approved
    case declined(DeclineReason)
    /// The issuer wants a 3-D Secure challenge first.
    case challengeRequired
}

/// A stand-in for the card network: decides by card number (`TestCardBehaviour`), answers after
/// `latency` on the loop's scheduler (never a sleeping thread), and keeps no state of its own, so
/// its decision for a card can be asked again after a restart (`decide`).
public final class SimulatedAcquirer {
    /// The one-time code that passes every 3-D Secure challenge.
    public static let challengeCode = "123456"
    public var latency: Duration
    private let scheduler: Scheduler

    public init(scheduler: Scheduler, latency: Duration = .milliseconds(800)) {
        self.scheduler = scheduler; self.latency = latency
    }

    /// Asks for an authorisation; `completion` runs after `latency`, on the loop, except for the
    /// never-answering card, whose completion never runs.
    public func authorize(_ number: CardNumber, amount: Money, cardAuthenticatedBefore: Bool, challengePassed: Bool,
                          completion: @escaping (AcquirerDecision) -> Void) {
        if TestCardBehaviour.of(number) == .neverAnswer { return }
        let decision = decide(number, cardAuthenticatedBefore: cardAuthenticatedBefore, challengePassed: challengePassed)
        scheduler.schedule(after: latency) { completion(decision) }
    }

    /// The acquirer's decision, immediately: what `authorize` answers, and what a status look-up
    /// finds for a request whose answer was lost (the never-answering card turns out approved).
    /// `cardAuthenticatedBefore`: the saved card passed a challenge on an earlier charge;
    /// `challengePassed`: this charge's challenge was answered with the right code.
    public func decide(_ number: CardNumber, cardAuthenticatedBefore: Bool, challengePassed: Bool) -> AcquirerDecision {
        switch TestCardBehaviour.of(number) {
        case .approve, .neverAnswer: return .approved
        case let .decline(reason): return .declined(reason)
        case .declineCharges: return .declined(.genericDecline)
        case let .challengeAlways(then):
            guard challengePassed else { return .challengeRequired }
            return then.map(AcquirerDecision.declined) ?? .approved
        case let .challengeOnce(then):
            guard cardAuthenticatedBefore || challengePassed else { return .challengeRequired }
            return then.map(AcquirerDecision.declined) ?? .approved
        }
    }

    /// Asks whether a card may be saved: a check of no amount, as a processor's "setup" does
    /// before a card is kept for later. The never-answering card's completion never runs.
    public func check(_ number: CardNumber, challengePassed: Bool, completion: @escaping (AcquirerDecision) -> Void) {
        if TestCardBehaviour.of(number) == .neverAnswer { return }
        let decision = checkDecision(number, challengePassed: challengePassed)
        scheduler.schedule(after: latency) { completion(decision) }
    }

    /// A card check's answer. It moves no money, so what only a charge can meet (too little in
    /// the account, a card that saves but cannot be charged) does not refuse it; a refused or
    /// lost card does, and the issuer's 3-D Secure comes first, as for a charge.
    public func checkDecision(_ number: CardNumber, challengePassed: Bool) -> AcquirerDecision {
        switch TestCardBehaviour.of(number) {
        case .approve, .neverAnswer, .declineCharges: return .approved
        case let .decline(reason): return reason == .insufficientFunds ? .approved : .declined(reason)
        case let .challengeAlways(then), let .challengeOnce(then):
            guard challengePassed else { return .challengeRequired }
            guard let then, then != .insufficientFunds else { return .approved }
            return .declined(then)
        }
    }

    /// Whether a 3-D Secure answer is right.
    public func verifyChallenge(code: String) -> Bool {
        code.trimmingWhitespace() == Self.challengeCode
    }
}
