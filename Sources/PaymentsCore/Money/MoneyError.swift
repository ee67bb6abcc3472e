/// What can go wrong with amounts. Overflow is an error, never a wrap or a trap.
public enum MoneyError: Error, Equatable, Sendable {
    case currencyMismatch(Currency, Currency)
    case overflow
    case negativeQuantity

    public var message: String {
        switch self {
        case let .currencyMismatch(a, b): "Amounts in \(a.code) and \(b.code) cannot be combined."
        case .overflow: "That amount is too large."
        case .negativeQuantity: "A quantity cannot be negative."
        }
    }
}

/// Why a typed amount was not accepted.
public enum MoneyParseError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case tooManyDecimals(allowed: Int)
    case negative
    case tooLarge

    public var message: String {
        switch self {
        case .empty: "Enter an amount."
        case .invalidCharacters: "Use digits and at most one decimal point, like 12.50."
        case let .tooManyDecimals(allowed) where allowed == 0: "This currency has no decimals."
        case let .tooManyDecimals(allowed): "Use at most \(allowed) decimals."
        case .negative: "The amount cannot be negative."
        case .tooLarge: "That amount is too large."
        }
    }
}
