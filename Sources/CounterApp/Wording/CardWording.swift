import CheckoutKit
import Localization

// The words for the core's card errors. The core says what is wrong as a value; the text a
// shopper reads is chosen here, in the current language, when it is shown.

extension CardNumberError {
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
        guard let last = lengths.last else { return "" }
        if lengths.count == 1 { return tr("{0} digits", last) }
        if brand.lengths.count == lengths.count { return tr("{0} to {1} digits", brand.lengths.lowerBound, brand.lengths.upperBound) }
        return tr("{0} or {1} digits", lengths.dropLast().joined(separator: ", "), last)
    }
}

extension ExpiryError {
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

extension CVCError {
    public var message: String {
        switch self {
        case .empty: tr("Enter the security code.")
        case .invalidCharacters: tr("The security code has only digits.")
        case let .wrongLength(expected): tr("The security code has {0} digits.", expected)
        }
    }
}

extension HolderNameError {
    public var message: String {
        switch self {
        case .empty: tr("Enter the name on the card.")
        case .invalidCharacters: tr("Use letters, spaces, apostrophes, hyphens and dots in the name.")
        case let .tooLong(maximum): tr("The name can have at most {0} characters.", maximum)
        }
    }
}

extension CardValidationErrors {
    /// The messages in form order, for a summary line.
    public var messages: [String] {
        [number?.message, expiry?.message, cvc?.message, holder?.message].compactMap { $0 }
    }
}

extension TrackDataError {
    public var message: String {
        switch self {
        case .empty: tr("Nothing was read. Swipe the card again.")
        case .missingStartSentinel: tr("The swipe did not start cleanly. Swipe again.")
        case .missingEndSentinel: tr("The swipe was cut short. Swipe again, a little slower.")
        case .unsupportedFormatCode: tr("This card's stripe is not a payment card.")
        case .missingFieldSeparator: tr("The swipe was garbled. Swipe again.")
        case let .badNumber(error): tr("The card number read from the stripe is not valid: {0}", error.message)
        case .badExpiry: tr("The expiry date on the stripe could not be read. Swipe again or type the card.")
        case .badName: tr("The name on the stripe could not be read. Swipe again or type the card.")
        case .checksumMismatch: tr("The swipe was misread. Swipe again.")
        case .tracksDisagree: tr("The two tracks of the stripe disagree. Swipe again or type the card.")
        }
    }
}

extension VaultError {
    public var message: String {
        switch self {
        case .unknownToken: tr("This card token is not known. Enter the card again.")
        case .tokenAlreadyUsed: tr("This card token was already used. Enter the card again.")
        case .tokenExpired: tr("This card token has expired (tokens last 5 minutes). Enter the card again.")
        case .cardExpired: tr("This card has expired.")
        }
    }
}

extension CardEntryError {
    /// The form's problems, one line each.
    public var messages: [String] {
        switch self {
        case .invalid(let errors): errors.messages
        case .unreadableSwipe(let error): [error.message]
        case .refused(let reason): [reason.message]
        }
    }
}
