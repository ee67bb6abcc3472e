import Localization

/// What can go wrong with amounts. Overflow is an error, never a wrap or a trap.
public enum MoneyError: Error, Equatable, Sendable {
    case currencyMismatch(Currency, Currency)
    case overflow
    case negativeQuantity

    public var message: String {
        switch self {
        case let .currencyMismatch(a, b): tr("Amounts in {0} and {1} cannot be combined.", a.code, b.code)
        case .overflow: tr("That amount is too large.")
        case .negativeQuantity: tr("A quantity cannot be negative.")
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
        case .empty: tr("Enter an amount.")
        case .invalidCharacters: tr("Use digits and at most one decimal point, like 12.50.")
        case let .tooManyDecimals(allowed) where allowed == 0: tr("This currency has no decimals.")
        case let .tooManyDecimals(allowed): tr("Use at most {0} decimals.", allowed)
        case .negative: tr("The amount cannot be negative.")
        case .tooLarge: tr("That amount is too large.")
        }
    }
}
