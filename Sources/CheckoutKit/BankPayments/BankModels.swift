import Foundation

/// How the bank page is shown (seed 004's `presentationStyle`): over the current screen, or
/// taking the whole terminal.
public enum BankPresentationStyle: Hashable, Sendable {
    case overlay
    case fullScreen
}

public struct BankPaymentPreferences: Hashable, Sendable {
    public var presentationStyle: BankPresentationStyle
    /// ISO 3166 alpha-2. If it is not valid, or no bank serves it, the locale's country is used.
    public var preferredCountryCode: String?

    public init(presentationStyle: BankPresentationStyle = .overlay, preferredCountryCode: String? = nil) {
        self.presentationStyle = presentationStyle
        self.preferredCountryCode = preferredCountryCode
    }
}

/// Seed 004's `Context`, the same for a single payment and a mandate.
public struct BankPaymentContext: Hashable, Sendable {
    /// The payment's (or mandate's) identifier from the backend (here, the core).
    public var identifier: String
    /// The resource token the backend issued for it.
    public var token: String
    /// Where the customer lands after authorising outside the counter.
    public var redirectURL: URL
    public var preferences: BankPaymentPreferences

    public init(identifier: String, token: String, redirectURL: URL, preferences: BankPaymentPreferences = BankPaymentPreferences()) {
        self.identifier = identifier
        self.token = token
        self.redirectURL = redirectURL
        self.preferences = preferences
    }
}

/// Seed 004's single payment vocabulary, under one name as `TrueLayer.Payments.Models.SinglePayment`.
public enum SinglePayment {
    public typealias Context = BankPaymentContext

    public enum State: Hashable, CaseIterable, Sendable {
        /// The bank confirmed the payment.
        case executed
        /// The customer authorised it with the bank.
        case authorized
        /// The customer went to the bank (outside the counter) to authorise.
        case redirect
        /// The money reached the merchant.
        case settled
        /// Done here, but a decoupled approval is still pending with the customer or the bank.
        case wait
    }

    /// Seed 004's error: the core's one bank error enum (its payment cases apply here).
    public typealias Error = BankError

    /// Seed 004's status: the core's (`paymentStatus` answers it).
    public typealias Status = BankPaymentStatus
}

/// Seed 004's mandate vocabulary.
public enum Mandate {
    public typealias Context = BankPaymentContext

    public enum State: Hashable, CaseIterable, Sendable {
        case authorized
        case redirect
    }

    /// Seed 004's error: the core's one bank error enum (its mandate cases apply here).
    public typealias Error = BankError

    /// Seed 004's status: the core's (`mandateStatus` answers it).
    public typealias Status = MandateStatus
}

/// Which environment the manager talks to. The counter has only a local core; the value is kept
/// so a configuration reads like the seed's and a later server-backed gateway can use it.
public enum BankEnvironment: Hashable, Sendable {
    case sandbox
    case production
}
