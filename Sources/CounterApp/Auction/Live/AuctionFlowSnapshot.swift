import CheckoutKit
import Foundation

/// What the screens know of the live `AuctionJoinFlow`: a value copy taken after every call into
/// it and every answer that comes back, so the feature's state stays a value and the screens a
/// function of it.
public struct AuctionFlowSnapshot: Equatable, Sendable {
    public var step: AuctionJoinFlow.Step = .terms
    public var termsAccepted = false
    public var access: AuctionJoinFlow.PaymentsAccess = .locked
    public var payments: [PaymentCard] = []
    public var selectedCardId: String?
    public var notice: AuctionJoinFlow.Notice?
    public var pendingCall: String?
    /// After too many wrong PINs: when the customer may try again.
    public var lockedUntil: Date?
    /// The card the start bid is held on, from the gateway's receipt ("Visa •••• 4242"). The
    /// flow's selected card is not always it: a new card is saved under a new identifier.
    public var heldOn: String?
    /// The card the start bid is being placed on, while it is.
    public var biddingWith: String?
    /// Whether anybody is signed in (the data source's customer id is not empty).
    public var isSignedIn = false

    public init() {}

    public var selectedCard: PaymentCard? { payments.first { $0.id == selectedCardId } }
}
