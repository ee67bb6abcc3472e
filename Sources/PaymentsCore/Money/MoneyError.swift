/// What can go wrong with amounts. Overflow is an error, never a wrap or a trap.
public enum MoneyError: Error, Equatable, Sendable {
    case currencyMismatch(Currency, Currency)
    case overflow
    case negativeQuantity
}

/// Why a typed amount was not accepted.
public enum MoneyParseError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case tooManyDecimals(allowed: Int)
    case negative
    case tooLarge
}
