import Foundation
import GRDB

/// A row of `auctions`.
struct AuctionRecord: Codable, CoreRecord {
    static let databaseTableName = "auctions"
    static let bids = hasMany(AuctionBidRecord.self)

    var id: String
    var position: Int
    var title: String
    var flight: String
    var route: String
    var flightDate: String
    var cabin: String
    var startBidMinor: Int64
    var incrementMinor: Int64
    var currency: String
    var closesAt: Date
    var terms: String
    /// One tip a line; empty: no tips.
    var tips: String

    enum Columns {
        static let position = Column("position")
        static let closesAt = Column("closes_at")
    }
}

/// A row of `auction_bids`: a shopper's bid, and the hold on the card behind it.
struct AuctionBidRecord: Codable, CoreRecord {
    static let databaseTableName = "auction_bids"
    static let auction = belongsTo(AuctionRecord.self)

    var id: String
    var auctionId: String
    var customerId: String
    var bidMinor: Int64
    var holdId: String? = nil
    var authToken: String? = nil
    var state: BidState
    var failure: String? = nil
    var createdAt: Date
    var updatedAt: Date
    /// The counter instance whose shopper is bidding.
    var owner: String? = nil

    enum Columns {
        static let id = Column("id")
        static let auctionId = Column("auction_id")
        static let customerId = Column("customer_id")
        static let bidMinor = Column("bid_minor")
        static let holdId = Column("hold_id")
        static let authToken = Column("auth_token")
        static let state = Column("state")
        static let failure = Column("failure")
        static let createdAt = Column("created_at")
        static let updatedAt = Column("updated_at")
    }
}

/// A bid with its auction, whose currency the bid is in.
struct AuctionBidWithAuction: Decodable, FetchableRecord {
    var bid: AuctionBidRecord
    var auction: AuctionRecord

    func auctionBid() throws -> AuctionBid { try AuctionBid(bid, currency: try StoredAuction(auction).startBid.currency) }
}

extension DerivableRequest<AuctionBidRecord> {
    func inState(_ states: [BidState]) -> Self { filter(states.contains(AuctionBidRecord.Columns.state)) }
}

extension QueryInterfaceRequest<AuctionBidRecord> {
    /// The bids with their auctions, as `AuctionBid`s.
    func auctionBids(_ db: Database) throws -> [AuctionBid] {
        try including(required: AuctionBidRecord.auction).asRequest(of: AuctionBidWithAuction.self).fetchAll(db).map { try $0.auctionBid() }
    }
}

extension BidState: Codable, DatabaseValueConvertible {}

extension StoredAuction {
    init(_ record: AuctionRecord) throws {
        let currency = try Currency.stored(record.currency, in: AuctionRecord.databaseTableName)
        self.init(id: record.id, title: record.title, flight: record.flight, route: record.route, flightDate: record.flightDate,
                  cabin: record.cabin, startBid: Money(minorUnits: record.startBidMinor, currency: currency),
                  minimumIncrement: Money(minorUnits: record.incrementMinor, currency: currency), closesAt: record.closesAt,
                  terms: record.terms, tips: record.tips.isEmpty ? [] : record.tips.components(separatedBy: "\n"))
    }
}

extension AuctionBid {
    init(_ record: AuctionBidRecord, currency: Currency) {
        self.init(id: record.id, auctionId: record.auctionId, customerId: record.customerId,
                  amount: Money(minorUnits: record.bidMinor, currency: currency), holdId: record.holdId, authToken: record.authToken,
                  state: record.state, failure: record.failure)
    }
}
