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

/// Why the counter gives up on a payment or mandate before the bank decided: the authorisation
/// window ran out, or the customer cancelled on the bank page.
public enum BankAbandonReason: Hashable, Sendable {
    case expired
    case canceled
}

/// The customer's decision on the bank page, sent to the core.
public enum BankDecision: Hashable, Sendable {
    case approve
    case decline
}

/// PORT: what `BankPaymentsManager` needs from the payments core's bank payments and mandates.
/// It speaks the core's words: a call that got no answer about the resource fails with a
/// `BankError` (connection, token, not found...), where a resource that ended failed is a
/// `failed` status or the flow's refusal. Every completion is called exactly once.
public protocol BankGateway: AnyObject {
    /// The banks serving a country (empty for an unknown country). Local catalogue: no latency.
    func providers(countryCode: String) -> [BankProvider]
    /// What the bank page shows about the resource, and whether the customer may still decide.
    func describe(_ resource: BankResource, token: String, completion: @escaping (Result<BankResourceSummary, BankError>) -> Void)
    /// Records the customer's decision at `provider` and answers as the core's flow does.
    func authorize(_ resource: BankResource, token: String, provider: BankProvider, decision: BankDecision,
                   completion: @escaping (Result<BankFlowState, BankError>) -> Void)
    /// Marks the resource failed for a reason decided on the counter's side.
    func abandon(_ resource: BankResource, token: String, reason: BankAbandonReason)
    func paymentStatus(identifier: String, token: String, completion: @escaping (Result<SinglePayment.Status, BankError>) -> Void)
    func mandateStatus(identifier: String, token: String, completion: @escaping (Result<Mandate.Status, BankError>) -> Void)
}

/// What the bank page shows about the resource.
public struct BankResourceSummary: Hashable, Sendable {
    public let resource: BankResource
    public let amount: Money
    public let payeeName: String
    /// `nil` while the customer may still authorise it (the bank page is shown); once the bank
    /// decided, what the flow answers for it without the page.
    public let decided: Result<BankFlowState, BankError>?

    public init(resource: BankResource, amount: Money, payeeName: String, decided: Result<BankFlowState, BankError>? = nil) {
        self.resource = resource
        self.amount = amount
        self.payeeName = payeeName
        self.decided = decided
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
