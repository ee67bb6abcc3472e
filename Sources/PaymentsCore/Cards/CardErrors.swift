/// Why a card number was refused. The screens word each case (the core speaks in values).
public enum CardNumberError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case unknownBrand
    case tooShort(brand: CardBrand)
    case tooLong(brand: CardBrand)
    case wrongLength(brand: CardBrand)
    case failedChecksum
}

/// Why an expiry date was refused.
public enum ExpiryError: Error, Equatable, Sendable {
    case empty
    case invalidFormat
    case monthOutOfRange
    case expired
    case tooFarInFuture
}

/// Why a security code was refused. The code itself never appears in a message.
public enum CVCError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case wrongLength(expected: Int)
}

/// Why a card holder's name was refused.
public enum HolderNameError: Error, Equatable, Sendable {
    case empty
    case invalidCharacters
    case tooLong(maximum: Int)
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
}
