import CheckoutKit

/// Why an auction cannot be opened (its upgrade context is incomplete, or reading it failed),
/// as a value: the list and the error screen word it when they draw (`AuctionText.words`).
public enum AuctionProblem: Equatable, Sendable {
    case context(UpgradeContextError)
    /// Any other failure, as the error describes itself: a diagnostic, not the counter's words,
    /// so there is nothing to translate.
    case other(description: String)

    /// Keeps an error from opening an auction as a value.
    init(_ error: any Error) {
        if let error = error as? UpgradeContextError { self = .context(error) } else { self = .other(description: "\(error)") }
    }
}
