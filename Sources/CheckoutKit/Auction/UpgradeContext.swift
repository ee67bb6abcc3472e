import PaymentsCore
import Foundation

/// An auction for a seat upgrade.
public struct Auction: Hashable, Sendable {
    public let identifier: String
    /// The bid placed when the customer joins.
    public let startBid: Money
    /// Each further bid adds at least this much.
    public let increment: Money
    public let closesAt: Date

    public init(identifier: String, startBid: Money, increment: Money, closesAt: Date) {
        self.identifier = identifier
        self.startBid = startBid
        self.increment = increment
        self.closesAt = closesAt
    }
}

/// Seed 002's `SBUpgradeContext`: what pre-populates the auction flow.
///
/// "All the attributes in the upgradeContext should be provided": every field is non-optional
/// and the only way in from loose data is `UpgradeContext.Draft.validated()`, which names the
/// first missing or unusable field.
///
/// Decision on tips: the field must be provided, but it may be an empty list. The seed calls the
/// tips screen "optional depending on the tips existence", so "no tips" is a legitimate value, and
/// it is what hides the tips on the terms step. Terms, on the other hand, must not be empty: the
/// customer has to accept something.
public struct UpgradeContext: Hashable, Sendable {
    public let flightNumber: String
    public let origin: String
    public let destination: String
    public let departure: Date
    public let currentCabin: String
    public let upgradeCabin: String
    public let auction: Auction
    public let terms: [String]
    public let tips: [String]

    /// The loose form: what a screen or a database row has before validation.
    public struct Draft {
        public var flightNumber: String?
        public var origin: String?
        public var destination: String?
        public var departure: Date?
        public var currentCabin: String?
        public var upgradeCabin: String?
        public var auctionIdentifier: String?
        public var startBid: Money?
        public var increment: Money?
        public var closesAt: Date?
        public var terms: [String]?
        public var tips: [String]?

        public init() {}

        /// The context, or the first field that is missing or unusable.
        public func validated() throws(UpgradeContextError) -> UpgradeContext {
            func text(_ value: String?, _ name: String) throws(UpgradeContextError) -> String {
                guard let value else { throw .missingField(name) }
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { throw .missingField(name) }
                return trimmed
            }
            func required<T>(_ value: T?, _ name: String) throws(UpgradeContextError) -> T {
                guard let value else { throw .missingField(name) }
                return value
            }
            let flightNumber = try text(flightNumber, "flightNumber")
            let origin = try text(origin, "origin")
            let destination = try text(destination, "destination")
            guard origin != destination else { throw .invalidField("destination", "same as origin") }
            let departure = try required(departure, "departure")
            let currentCabin = try text(currentCabin, "currentCabin")
            let upgradeCabin = try text(upgradeCabin, "upgradeCabin")
            let auctionIdentifier = try text(auctionIdentifier, "auctionIdentifier")
            let startBid = try required(startBid, "startBid")
            guard startBid.minorUnits > 0 else { throw .invalidField("startBid", "must be more than zero") }
            let increment = try required(increment, "increment")
            guard increment.minorUnits > 0 else { throw .invalidField("increment", "must be more than zero") }
            guard increment.currency == startBid.currency else { throw .invalidField("increment", "currency differs from the start bid") }
            let closesAt = try required(closesAt, "closesAt")
            let terms = try required(terms, "terms").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            guard !terms.isEmpty else { throw .missingField("terms") }
            let tips = try required(tips, "tips")
            return UpgradeContext(
                flightNumber: flightNumber, origin: origin, destination: destination, departure: departure,
                currentCabin: currentCabin, upgradeCabin: upgradeCabin,
                auction: Auction(identifier: auctionIdentifier, startBid: startBid, increment: increment, closesAt: closesAt),
                terms: terms, tips: tips)
        }
    }

    /// The validating initialiser: throws `.missingField(name)` / `.invalidField(name, why)` for
    /// the first field that is missing or unusable.
    public init(validating draft: Draft) throws(UpgradeContextError) {
        self = try draft.validated()
    }

    private init(flightNumber: String, origin: String, destination: String, departure: Date,
                 currentCabin: String, upgradeCabin: String, auction: Auction, terms: [String], tips: [String]) {
        self.flightNumber = flightNumber
        self.origin = origin
        self.destination = destination
        self.departure = departure
        self.currentCabin = currentCabin
        self.upgradeCabin = upgradeCabin
        self.auction = auction
        self.terms = terms
        self.tips = tips
    }

    /// "LHR → JFK".
    public var route: String { "\(origin) → \(destination)" }
    /// Whether the terms step shows tips.
    public var hasTips: Bool { !tips.isEmpty }
}

public enum UpgradeContextError: Error, Equatable, Sendable {
    case missingField(String)
    case invalidField(String, String)
}
