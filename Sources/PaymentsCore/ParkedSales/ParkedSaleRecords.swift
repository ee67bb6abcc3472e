import Foundation
import GRDB

/// A row of `parked_sales`.
struct ParkedSaleRecord: Codable, CoreRecord {
    static let databaseTableName = "parked_sales"

    var id: String
    var name: String
    /// The name as compared: folded, so "Anna" and "anna" are one name.
    var nameKey: String
    var state: ParkedSaleState
    var counter: String?
    var parkedAt: Date
    var totalMinor: Int64
    var currency: String
    var items: Int
    var staffId: String?
    var staffName: String?
    var approvedById: String?
    var approvedByName: String?

    static func key(_ name: String) -> String { name.lowercased() }

    func sale(_ tx: any CoreTransaction) throws -> ParkedSale {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        let lines = try tx.fetchAll(ParkedSaleLineRecord.self, "SELECT * FROM parked_sale_lines WHERE parked_id = ? ORDER BY position", id).map {
            ParkedSale.Line(productId: $0.productId, name: $0.name, unitPrice: Money(minorUnits: $0.unitMinor, currency: currency), quantity: $0.quantity)
        }
        return ParkedSale(id: id, name: name, counter: counter, parkedAt: parkedAt,
                          signature: try SignatureColumns.signature(staffId, staffName, approvedById, approvedByName, in: Self.databaseTableName),
                          lines: lines, total: Money(minorUnits: totalMinor, currency: currency))
    }

}

enum ParkedSaleState: String, Codable, DatabaseValueConvertible {
    case parked, resumed, discarded
}

/// A row of `parked_sale_lines`: a jar and how many, at the price it had when parked.
struct ParkedSaleLineRecord: Codable, CoreRecord {
    static let databaseTableName = "parked_sale_lines"

    var parkedId: String
    var position: Int
    var productId: String
    var name: String
    var unitMinor: Int64
    var quantity: Int
}

/// A row of `parked_sale_endings`: a parked sale resumed into a cart or discarded, by whom.
struct ParkedSaleEndingRecord: Codable, CoreRecord {
    static let databaseTableName = "parked_sale_endings"

    var parkedId: String
    var outcome: ParkedSaleOutcome
    var sessionKey: String?
    var counter: String?
    var at: Date
    var staffId: String?
    var staffName: String?
    var approvedById: String?
    var approvedByName: String?
}

extension ParkedSaleOutcome: DatabaseValueConvertible {}
