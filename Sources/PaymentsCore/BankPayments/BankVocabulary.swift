import Foundation

/// The seed's (TrueLayer's) error vocabulary, the one enum for every way a bank payment or mandate
/// can fail: seed 004's `SinglePayment.Error` and `Mandate.Error` are this type by other names.
/// Payment and mandate variants share it: `paymentExpired` and `mandateExpired` are both here so
/// a status never has to guess.
public enum BankError: Error, Hashable, Sendable {
    case authorizationFailed
    case connectionIssues
    case generic(reason: String)
    case invalidToken
    case paymentExpired
    case paymentNotFound
    case paymentRejected
    case mandateExpired
    case mandateNotFound
    case mandateRejected
    case serverError
    case unexpectedBehaviour
    case userCanceled
    /// The payments manager was used before it was configured (the seed's SDK error).
    case sdkNotConfigured

    /// The generic reasons the core writes itself, in English as the database keeps them: the
    /// screens know these two and say them in the shopper's language.
    public static let exceedsMandate = "amount exceeds the mandate"
    public static let unknownBankPrefix = "unknown bank "

    /// A stable word for the database and the event log.
    public var code: String {
        switch self {
        case .authorizationFailed: "authorizationFailed"
        case .connectionIssues: "connectionIssues"
        case .generic(let reason): "generic:\(reason)"
        case .invalidToken: "invalidToken"
        case .paymentExpired: "paymentExpired"
        case .paymentNotFound: "paymentNotFound"
        case .paymentRejected: "paymentRejected"
        case .mandateExpired: "mandateExpired"
        case .mandateNotFound: "mandateNotFound"
        case .mandateRejected: "mandateRejected"
        case .serverError: "serverError"
        case .unexpectedBehaviour: "unexpectedBehaviour"
        case .userCanceled: "userCanceled"
        case .sdkNotConfigured: "sdkNotConfigured"
        }
    }

    public init(code: String) {
        let all: [BankError] = [.authorizationFailed, .connectionIssues, .invalidToken, .paymentExpired, .paymentNotFound,
                                .paymentRejected, .mandateExpired, .mandateNotFound, .mandateRejected, .serverError,
                                .unexpectedBehaviour, .userCanceled, .sdkNotConfigured]
        if let known = all.first(where: { $0.code == code }) {
            self = known
        } else {
            self = .generic(reason: code.hasPrefix("generic:") ? String(code.dropFirst(8)) : code)
        }
    }
}

/// Where a single payment stands: seed 004's `SinglePayment.Status`, which CheckoutKit names by
/// this type. `paymentStatus` answers it with why the payment failed (`BankStatusReport`).
public enum BankPaymentStatus: Hashable, CaseIterable, Sendable {
    /// The payment requires authorisation.
    case authorizationRequired
    /// The user is authorising the payment.
    case authorizing
    /// The bank authorised it.
    case authorized
    /// The money left the shopper's account...
    case executed
    /// ...and reached the store's.
    case settled
    case failed
}

/// Where a mandate stands: seed 004's `Mandate.Status`, which CheckoutKit names by this type.
public enum MandateStatus: Hashable, CaseIterable, Sendable {
    case authorizationRequired
    case authorizing
    /// The user authorised it with their bank: renewals may draw on it.
    case authorized
    case failed
    /// Revoked by the customer: no renewal may draw on it any more.
    case revoked
}

/// A status as the bank reports it, with why the resource failed when it did. The seed's
/// statuses carry no reason; the settler and the bank flow need it (`paymentRejected`, expired...).
public struct BankStatusReport<Status: Hashable & Sendable>: Hashable, Sendable {
    public let status: Status
    /// Why it failed; set only when `status` is `failed`.
    public let failure: BankError?
}

/// What the processing flow answers when it ends successfully (the SDK's `State`).
public enum BankFlowState: String, Hashable, Sendable {
    case executed, authorized, redirect, settled, wait
}

/// An identifier and its resource token, as a backend would hand them to the app.
public struct BankResourceHandle: Hashable, Sendable {
    public let identifier: String
    public let resourceToken: String
}

/// How a simulated bank behaves, so every status and error of the seed can be reached.
public enum BankBehaviour: String, Hashable, Sendable {
    /// Authorises after a short pause; the flow answers `authorized`.
    case approves
    /// Sends the user to the bank (`redirect`), which authorises a minute later.
    case redirects
    /// Decoupled: the flow answers `wait`; the bank authorises minutes later.
    case decoupled
    case rejects
    case failsAuthorization
    /// Never answers: the payment expires.
    case slow
    /// Flagged offline: `connectionIssues`, the payment stays open for another bank.
    case offline
    case serverError
}

public struct SimulatedBank: Hashable, Sendable, Identifiable {
    public let id: String
    public let country: String
    public let name: String
    public let behaviour: BankBehaviour
}
