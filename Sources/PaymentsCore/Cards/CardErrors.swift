import Localization

/// Why a card number was refused. Each case has a message a shopper understands.
public enum CardNumberError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case unknownBrand
    case tooShort(brand: CardBrand)
    case tooLong(brand: CardBrand)
    case wrongLength(brand: CardBrand)
    case failedChecksum

    public var message: String {
        switch self {
        case .empty: tr("Enter the card number.")
        case .invalidCharacters: tr("A card number has only digits (spaces and dashes are fine).")
        case .unknownBrand: tr("This card type is not accepted.")
        case let .tooShort(brand): tr("This {0} number is too short: {1}.", brand.displayName, Self.lengthText(brand))
        case let .tooLong(brand): tr("This {0} number is too long: {1}.", brand.displayName, Self.lengthText(brand))
        case let .wrongLength(brand): tr("A {0} number has {1}.", brand.displayName, Self.lengthText(brand))
        case .failedChecksum: tr("This card number is not valid. Check for a typing mistake.")
        }
    }

    private static func lengthText(_ brand: CardBrand) -> String {
        let lengths = brand.allowedLengths.map(String.init)
        if lengths.count == 1 { return tr("{0} digits", lengths[0]) }
        if brand.lengths.count == lengths.count { return tr("{0} to {1} digits", brand.lengths.lowerBound, brand.lengths.upperBound) }
        return tr("{0} or {1} digits", lengths.dropLast().joined(separator: ", "), lengths.last!)
    }
}

/// Why an expiry date was refused.
public enum ExpiryError: Error, Equatable, Sendable {
    case empty
    case invalidFormat
    case monthOutOfRange
    case expired
    case tooFarInFuture

    public var message: String {
        switch self {
        case .empty: tr("Enter the expiry date.")
        case .invalidFormat: tr("Write the expiry date as MM/YY or MM/YYYY.")
        case .monthOutOfRange: tr("The month must be between 01 and 12.")
        case .expired: tr("This card has expired.")
        case .tooFarInFuture: tr("That expiry date is too far in the future.")
        }
    }
}

/// Why a security code was refused. The code itself never appears in a message.
public enum CVCError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case wrongLength(expected: Int)

    public var message: String {
        switch self {
        case .empty: tr("Enter the security code.")
        case .invalidCharacters: tr("The security code has only digits.")
        case let .wrongLength(expected): tr("The security code has {0} digits.", expected)
        }
    }
}

/// Why a card holder's name was refused.
public enum HolderNameError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case tooLong(maximum: Int)

    public var message: String {
        switch self {
        case .empty: tr("Enter the name on the card.")
        case .invalidCharacters: tr("Use letters, spaces, apostrophes, hyphens and dots in the name.")
        case let .tooLong(maximum): tr("The name can have at most {0} characters.", maximum)
        }
    }
}

/// A whole card form's problems, one per field, so the form can show each next to its field.
public struct CardValidationErrors: Error, Equatable, Sendable {
    public var number: CardNumberError?
    public var expiry: ExpiryError?
    public var cvc: CVCError?
    public var holder: HolderNameError?

    public init(number: CardNumberError? = nil, expiry: ExpiryError? = nil, cvc: CVCError? = nil, holder: HolderNameError? = nil) {
        self.number = number; self.expiry = expiry; self.cvc = cvc; self.holder = holder
    }

    public var isEmpty: Bool { number == nil && expiry == nil && cvc == nil && holder == nil }

    /// The messages in form order, for a summary line.
    public var messages: [String] {
        [number?.message, expiry?.message, cvc?.message, holder?.message].compactMap { $0 }
    }
}
