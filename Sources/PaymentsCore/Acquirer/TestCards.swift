/// What the simulated acquirer does with a card number. The public test numbers people already
/// know, plus one of the counter's own: 4000 0000 0000 0259 never answers an authorisation.
public enum TestCardBehaviour: Equatable, Sendable {
    case approve
    case decline(DeclineReason)
    /// 3-D Secure on every charge, then this outcome (nil: approve).
    case challengeAlways(then: DeclineReason?)
    /// 3-D Secure until the card has passed a challenge once, then this outcome (nil: approve).
    case challengeOnce(then: DeclineReason?)
    /// Saves fine, but every charge is declined.
    case declineCharges
    /// Never answers an authorisation within any timeout ("possible success"); a later status
    /// look-up (`reconcilePending`) finds it approved.
    case neverAnswer

    public static let table: [String: TestCardBehaviour] = [
        "4242424242424242": .approve,
        "4000000000000002": .decline(.genericDecline),
        "4000000000009995": .decline(.insufficientFunds),
        "4000000000009987": .decline(.lostCard),
        "4000000000000069": .decline(.expiredCard),
        "4000000000000127": .decline(.incorrectCVC),
        "4000000000000119": .decline(.processingError),
        "4000002760003184": .challengeAlways(then: nil),
        "4000000000003220": .challengeOnce(then: nil),
        "4000008260003178": .challengeOnce(then: .insufficientFunds),
        "4000000000000341": .declineCharges,
        "4000000000000259": .neverAnswer,
    ]

    /// Any other valid number approves.
    public static func of(_ number: CardNumber) -> TestCardBehaviour {
        table[number.digits] ?? .approve
    }
}
