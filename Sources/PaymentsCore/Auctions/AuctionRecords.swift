import Foundation
import GRDB

/// A row of `auctions`.
struct AuctionRecord: Codable, CoreRecord {
    static let databaseTableName = "auctions"

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
}

/// A row of `auction_bids`: a shopper's bid, and the hold on the card behind it.
struct AuctionBidRecord: Codable, CoreRecord {
    static let databaseTableName = "auction_bids"

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
}

/// A bid with its auction, whose currency the bid is in.
struct AuctionBidWithAuction: Decodable, FetchableRecord {
    var bid: AuctionBidRecord
    var auction: AuctionRecord

    func auctionBid() throws -> AuctionBid { try AuctionBid(bid, currency: try StoredAuction(auction).startBid.currency) }
}

extension AuctionBidWithAuction {
    /// The bids `b` of auctions `a` that meet `condition`, in `order`, each with its auction.
    /// Two plain statements rather than GRDB's association: deriving an association's names
    /// compiles a hundred regular expressions on first use (issue 18's start-up profile), and
    /// plain SQL is what both storage engines speak.
    static func fetchAll(_ tx: any CoreTransaction, where condition: String, _ arguments: [(any DatabaseValueConvertible)?],
                         orderedBy order: String) throws -> [AuctionBidWithAuction] {
        let bids = try tx.rows("SELECT b.* FROM auction_bids b JOIN auctions a ON a.id = b.auction_id WHERE \(condition) ORDER BY \(order)",
                               arguments).map { try $0.decode(AuctionBidRecord.self) }
        var auctions: [String: AuctionRecord] = [:]
        for id in Set(bids.map(\.auctionId)) {
            auctions[id] = try tx.fetchOne(AuctionRecord.self, "SELECT * FROM auctions WHERE id = ?", id)
        }
        return bids.compactMap { bid in auctions[bid.auctionId].map { AuctionBidWithAuction(bid: bid, auction: $0) } }
    }

    /// The same, as `AuctionBid`s.
    static func auctionBids(_ tx: any CoreTransaction, where condition: String, _ arguments: [(any DatabaseValueConvertible)?],
                            orderedBy order: String) throws -> [AuctionBid] {
        try fetchAll(tx, where: condition, arguments, orderedBy: order).map { try $0.auctionBid() }
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
