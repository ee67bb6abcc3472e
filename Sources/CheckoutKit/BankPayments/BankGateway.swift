import PaymentsCore
import Foundation

/// A bank the customer can pick.
public struct BankProvider: Hashable, Identifiable, Sendable {
    public let id: String
    public let name: String
    public let countryCode: String

    public init(id: String, name: String, countryCode: String) {
        self.id = id
        self.name = name
        self.countryCode = countryCode
    }
}

/// A payment or a mandate in the core.
public struct BankResource: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case singlePayment, mandate }
    public let kind: Kind
    public let identifier: String

    public init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }
}

/// The core's status of a payment or mandate, one vocabulary for both.
public enum BankResourceStatus: Hashable, Sendable {
    case authorizationRequired
    case authorizing
    case authorized
    case executed
    case settled
    case revoked
    case failed(BankFailureReason)
}

/// Why a payment or mandate ended `failed`, as its status reports it: the bank's refusal or the
/// customer's, or the window running out. The port's own vocabulary, not a copy of `BankError`:
/// one word for both kinds of resource (a rejection is a rejection, payment or mandate), where
/// the seed's `BankError` names each kind's case. `BankError.init(_:for:)` (BankFlowOutcome.swift)
/// is the one place that turns it into the seed's error, with the resource's kind.
public enum BankFailureReason: Hashable, Sendable {
    /// The customer did not approve at the bank, or the bank's authentication failed.
    case authorizationFailed
    /// The bank refused the payment (funds, limits, risk).
    case rejected
    case expired
    case canceled
}

/// The customer's decision on the bank page, sent to the core.
public enum BankDecision: Hashable, Sendable {
    case approve
    case decline
}

/// A call to the port that did not get an answer about the resource: the transport or the
/// lookup failed (connection, token, not found, server), whatever the bank would have decided.
/// Not a `BankFailureReason`: the resource did not fail, the asking did, so the flow may ask
/// again. Kind-neutral like the rest of the port; `BankError.init(_:for:)` names it for the
/// payment or the mandate at hand.
public enum BankGatewayFailure: Error, Hashable, Sendable {
    case connectionLost
    case invalidToken
    case notFound
    case serverError
    case other(String)
}

/// PORT: what `BankPaymentsManager` needs from the payments core's bank payments and mandates.
/// Every completion is called exactly once.
public protocol BankGateway: AnyObject {
    /// The banks serving a country (empty for an unknown country). Local catalogue: no latency.
    func providers(countryCode: String) -> [BankProvider]
    /// The amount (a payment) or maximum per payment (a mandate) to show on the bank page.
    func describe(_ resource: BankResource, token: String, completion: @escaping (Result<BankResourceSummary, BankGatewayFailure>) -> Void)
    /// Records the customer's decision at `provider` and answers with the status it led to.
    func authorize(_ resource: BankResource, token: String, provider: BankProvider, decision: BankDecision,
                   completion: @escaping (Result<BankResourceStatus, BankGatewayFailure>) -> Void)
    /// Marks the resource failed for a reason decided on the counter's side (expired, canceled).
    func abandon(_ resource: BankResource, token: String, reason: BankFailureReason)
    func status(of resource: BankResource, token: String, completion: @escaping (Result<BankResourceStatus, BankGatewayFailure>) -> Void)
}

/// What the bank page shows about the resource.
public struct BankResourceSummary: Hashable, Sendable {
    public let resource: BankResource
    public let amount: Money
    public let payeeName: String
    public let status: BankResourceStatus

    public init(resource: BankResource, amount: Money, payeeName: String, status: BankResourceStatus) {
        self.resource = resource
        self.amount = amount
        self.payeeName = payeeName
        self.status = status
    }
}

/// PORT: the screen that plays the bank's page. The customer picks a bank and approves, declines,
/// lets it expire, cancels, leaves for the bank's own site (redirect) or approves on another
/// device (decoupled). Calls back exactly once.
public protocol BankRedirectPresenter: AnyObject {
    func presentBankPage(_ page: BankAuthorizationPage, completion: @escaping (BankPageOutcome) -> Void)
    /// The manager gave up waiting (authorisation window elapsed): take the page down.
    func dismissBankPage()
}

public struct BankAuthorizationPage: Hashable, Sendable {
    public let summary: BankResourceSummary
    public let countryCode: String
    public let providers: [BankProvider]
    public let redirectURL: URL
    public let presentationStyle: BankPresentationStyle

    public init(summary: BankResourceSummary, countryCode: String, providers: [BankProvider], redirectURL: URL, presentationStyle: BankPresentationStyle) {
        self.summary = summary
        self.countryCode = countryCode
        self.providers = providers
        self.redirectURL = redirectURL
        self.presentationStyle = presentationStyle
    }
}

public enum BankPageOutcome: Hashable, Sendable {
    case approved(BankProvider)
    case declined(BankProvider)
    /// The customer opened the bank's own site; the result comes back to the redirect URL later.
    case redirected(BankProvider)
    /// The customer approved in the bank's app on another device; the bank has not confirmed yet.
    case approvalPendingElsewhere(BankProvider)
    case expired
    case canceled
}
