import Foundation
import GRDB

/// A row of `stock_movements`.
struct StockMovementRecord: Codable, CoreRecord {
    static let databaseTableName = "stock_movements"

    var id: String
    var productId: String
    var kind: StockMovementKind
    var quantity: Int
    var stockAfter: Int
    var reason: StockCountReason?
    var note: String
    var reference: String?
    var counter: String?
    var at: Date
    var staffId: String?
    var staffName: String?
    var approvedById: String?
    var approvedByName: String?

    init(id: String, productId: String, kind: StockMovementKind, quantity: Int, stockAfter: Int, reason: StockCountReason? = nil,
         note: String = "", reference: String? = nil, counter: String?, at: Date, signature: StaffSignature?) {
        self.id = id
        self.productId = productId
        self.kind = kind
        self.quantity = quantity
        self.stockAfter = stockAfter
        self.reason = reason
        self.note = note
        self.reference = reference
        self.counter = counter
        self.at = at
        (staffId, staffName, approvedById, approvedByName) = SignatureColumns.columns(of: signature)
    }

    func movement() throws -> StockMovement {
        StockMovement(id: id, productId: productId, kind: kind, quantity: quantity, stockAfter: stockAfter, reason: reason, note: note,
                      reference: reference, counter: counter, at: at,
                      signature: try SignatureColumns.signature(staffId, staffName, approvedById, approvedByName, in: Self.databaseTableName))
    }
}

/// A row of `price_changes`.
struct PriceChangeRecord: Codable, CoreRecord {
    static let databaseTableName = "price_changes"

    var id: String
    var productId: String
    var oldMinor: Int64?
    var priceMinor: Int64
    var currency: String
    var counter: String?
    var at: Date
    var staffId: String?
    var staffName: String?
    var approvedById: String?
    var approvedByName: String?

    init(id: String, productId: String, oldMinor: Int64?, price: Money, counter: String?, at: Date, signature: StaffSignature?) {
        self.id = id
        self.productId = productId
        self.oldMinor = oldMinor
        self.priceMinor = price.minorUnits
        self.currency = price.currency.code
        self.counter = counter
        self.at = at
        (staffId, staffName, approvedById, approvedByName) = SignatureColumns.columns(of: signature)
    }

    func change() throws -> PriceChange {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        return PriceChange(id: id, productId: productId, old: oldMinor.map { Money(minorUnits: $0, currency: currency) },
                           price: Money(minorUnits: priceMinor, currency: currency), at: at,
                           signature: try SignatureColumns.signature(staffId, staffName, approvedById, approvedByName, in: Self.databaseTableName))
    }
}

/// A `StaffSignature` as the four nullable columns every signed row of issue 36 has
/// (`staff_id`, `staff_name`, `approved_by_id`, `approved_by_name`), and back.
enum SignatureColumns {
    static func columns(of signature: StaffSignature?) -> (String?, String?, String?, String?) {
        (signature?.doneBy.id.rawValue, signature?.doneBy.name, signature?.approvedBy?.id.rawValue, signature?.approvedBy?.name)
    }

    /// Nil when nobody signed; a row with half a person is unreadable, never read as nobody.
    static func signature(_ id: String?, _ name: String?, _ approverId: String?, _ approverName: String?, in table: String) throws -> StaffSignature? {
        guard let id else {
            guard name == nil, approverId == nil else { throw UnreadableRow(table: table, column: "staff_id", value: "NULL") }
            return nil
        }
        guard let name else { throw UnreadableRow(table: table, column: "staff_name", value: "NULL") }
        var approver: StaffPerson?
        if let approverId {
            guard let approverName else { throw UnreadableRow(table: table, column: "approved_by_name", value: "NULL") }
            approver = StaffPerson(id: StaffID(rawValue: approverId), name: approverName)
        }
        return StaffSignature(doneBy: StaffPerson(id: StaffID(rawValue: id), name: name), approvedBy: approver)
    }

    /// The signature in a journal entry's body: who did it and who approved it.
    static func journalValue(_ signature: StaffSignature?) -> JournalValue? {
        guard let signature else { return nil }
        var fields: [String: JournalValue] = ["id": .text(signature.doneBy.id.rawValue), "name": .text(signature.doneBy.name)]
        if let approver = signature.approvedBy {
            fields["approved_by"] = .fields(["id": .text(approver.id.rawValue), "name": .text(approver.name)])
        }
        return .fields(fields)
    }
}

extension StockMovementKind: DatabaseValueConvertible {}
extension StockCountReason: DatabaseValueConvertible {}
