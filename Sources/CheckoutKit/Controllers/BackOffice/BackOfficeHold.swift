import Foundation

/// Money authorised on a shopper's card and not captured, as the back office lists it: an
/// auction bid's hold, with the flight it bids on and the card only by brand and last four.
public struct BackOfficeHold: Hashable, Sendable, Identifiable {
    /// The bid holding the money.
    public let id: String
    public let auctionTitle: String
    public let flight: String
    public let route: String
    public let flightDate: String
    public let amount: Money
    /// `.none` when the hold's card cannot be read.
    public let card: BackOfficeOrder.Payment
    /// A void of it was asked and its answer is not known yet: the counter finishes it.
    public let voidInFlight: Bool

    public init(id: String, auctionTitle: String, flight: String, route: String, flightDate: String, amount: Money,
                card: BackOfficeOrder.Payment, voidInFlight: Bool) {
        self.id = id
        self.auctionTitle = auctionTitle
        self.flight = flight
        self.route = route
        self.flightDate = flightDate
        self.amount = amount
        self.card = card
        self.voidInFlight = voidInFlight
    }
}

/// A hold the back office voided: what its receipt says.
public struct BackOfficeVoid: Hashable, Sendable, Identifiable {
    public let id: String
    public let hold: BackOfficeHold
    public let at: Date

    public init(id: String, hold: BackOfficeHold, at: Date) {
        self.id = id
        self.hold = hold
        self.at = at
    }
}
