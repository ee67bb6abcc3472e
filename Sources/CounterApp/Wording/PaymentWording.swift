import CheckoutKit
import Localization

// The words for the core's money, charge, customer and saved-card errors, chosen when shown.

extension MoneyError {
    public var message: String {
        switch self {
        case let .currencyMismatch(a, b): tr("Amounts in {0} and {1} cannot be combined.", a.code, b.code)
        case .overflow: tr("That amount is too large.")
        case .negativeQuantity: tr("A quantity cannot be negative.")
        }
    }
}

extension MoneyParseError {
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

extension DeclineReason {
    public var message: String {
        switch self {
        case .genericDecline: tr("The card was declined.")
        case .insufficientFunds: tr("The card has insufficient funds.")
        case .lostCard: tr("The card was declined (reported lost).")
        case .expiredCard: tr("The card has expired.")
        case .incorrectCVC: tr("The security code is incorrect.")
        case .processingError: tr("The payment could not be processed. Please try again.")
        case .authenticationFailed: tr("The card's security check (3-D Secure) failed.")
        }
    }
}

extension ChargeError {
    public var message: String {
        switch self {
        case .invalidAmount: tr("The amount must be more than zero.")
        case .missingIdempotencyKey: tr("A payment needs an idempotency key.")
        case .idempotencyKeyReused: tr("This payment key was already used for a different payment.")
        case .customerRequired: tr("Log in to pay with a saved card.")
        case .customerNotFound: tr("This customer does not exist.")
        case .paymentsLocked: tr("Payments are locked. Unlock them with your PIN first.")
        case let .token(error): error.message
        case .paymentMethodNotFound: tr("This saved card is not available.")
        case .paymentMethodNotChargeable: tr("This saved card cannot be charged again. Enter the card.")
        case .chargeNotFound: tr("This payment does not exist.")
        case .notAwaitingChallenge: tr("This payment is not waiting for a security code.")
        case .notAHold: tr("This payment is not an open authorisation.")
        case let .captureExceedsAuthorized(authorized): tr("At most {0} can be captured.", authorized.formatted())
        case .notRefundable: tr("Only a completed payment can be refunded.")
        case let .refundExceedsCaptured(available): tr("At most {0} can still be refunded.", available.formatted())
        case .invalidRefundAmount: tr("The refund must be more than zero, in the payment's currency.")
        case let .storage(detail): tr("The payment could not be recorded ({0}).", detail)
        case .outcomeUnknown: tr("We are checking with the bank; you will not be charged twice.")
        }
    }
}

extension PaymentDecline {
    /// The sentence for the screen: the acquirer's reason, or the gateway's own.
    public var message: String {
        switch cause {
        case .acquirer(let reason): reason.message
        case .refused(let error): error.message
        case .canceled: tr("The payment was canceled.")
        case .holdNotPlaced: tr("The hold was not placed.")
        case .securityCheckRequired: tr("This card needs a security check; use another card.")
        case .securityCheckCancelled: tr("The security check was cancelled.")
        case .outcomeUnknown: ChargeError.outcomeUnknown(chargeID: "").message
        case .checkNotAnswered: tr("The card's bank did not answer. Nothing was saved or charged; try again.")
        case .unrecorded(let detail): detail
        }
    }
}

extension CustomerError {
    public var message: String {
        switch self {
        case .emailEmpty: tr("Enter your email address.")
        case .emailInvalid: tr("That does not look like an email address.")
        case .emailTaken: tr("An account with this email already exists. Log in instead.")
        case let .passwordTooWeak(policy): tr("Choose a stronger password: {0}", policy.description)
        case .wrongEmailOrPassword: tr("The email or password is not right.")
        case .customerNotFound: tr("This customer does not exist.")
        case .pinInvalid: tr("A payments PIN has {0}", PINPolicy.description)
        case .pinNotSet: tr("No payments PIN is set.")
        case .pinAlreadySet: tr("A payments PIN is already set: change it with the current one.")
        case let .wrongPIN(left): left == 1 ? tr("Wrong PIN. {0} try left.", left) : tr("Wrong PIN. {0} tries left.", left)
        case let .tooManyPINAttempts(until): tr("Too many wrong PINs. Payments are locked; try again at {0}.", DateText.time(until))
        case let .storage(detail): tr("The counter could not save that ({0}).", detail)
        }
    }
}

extension PasswordPolicy {
    /// The rule as the sign-up screen shows it before the shopper types.
    public var description: String { tr("At least {0} characters, with a letter and a digit.", minimumLength) }
}

extension PINPolicy {
    public static var description: String { tr("4 to 6 digits.") }
}

extension PaymentMethodError {
    public var message: String {
        switch self {
        case .customerNotFound: tr("This customer does not exist.")
        case .notFound: tr("This saved card is not available.")
        case .paymentsLocked: tr("Payments are locked. Unlock them with your PIN first.")
        case .cardExpired: tr("This card has expired.")
        case let .token(error): error.message
        case let .storage(detail): tr("The counter could not save that ({0}).", detail)
        }
    }
}

extension CardChargeFailure {
    /// What the shopper reads. Never the acquirer's jargon, never card data.
    public var shopperMessage: String {
        switch self {
        case .declined: tr("Your card was declined. Try another card.")
        case .insufficientFunds: tr("Your card has insufficient funds. Try another card.")
        case .lostCard: tr("Your card was declined. Please contact your bank or use another card.")
        case .expiredCard: tr("Your card has expired. Use another card.")
        case .incorrectCVC: tr("The security code (CVC) is incorrect. Check it and try again.")
        case .processingError: tr("Your payment could not be processed. Please try again.")
        case .timedOut: tr("The bank did not answer in time. Please try again.")
        case .invalidToken: tr("This card entry has expired. Enter the card again.")
        case .authenticationFailed: tr("The security check failed. Your card was not charged.")
        case .authenticationCancelled: tr("The security check was cancelled. Your card was not charged.")
        case .authenticationRequired: tr("Your card asks for a security check that cannot be shown here. Your card was not charged.")
        case .paymentMethodNotFound: tr("This saved card is no longer available.")
        case .refused(let reason): reason.message
        }
    }
}

extension ThreeDSChallenge {
    /// What the issuer's page says.
    public var message: String {
        switch prompt {
        case .bankCode: tr("Enter the code your bank sent you.")
        // The merchant's name is the counter's own (English), shown in the current language.
        case .approvePayment: tr("Enter the code your bank sent you to approve {0} to {1}.", amount.formatted(), tr(merchantName))
        case .confirmCard: tr("Enter the code your bank sent you to confirm this card for {0}. Nothing is charged.", tr(merchantName))
        }
    }
}
