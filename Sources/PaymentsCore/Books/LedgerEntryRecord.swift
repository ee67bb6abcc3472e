import Foundation
import GRDB

/// A row of `ledger_entries`. The books speak in `LedgerEntry`; this is its row.
struct LedgerEntryRecord: Codable, CoreRecord {
    static let databaseTableName = "ledger_entries"

    var id: String
    var orderId: String
    var movement: LedgerMovement
    var tender: Tender
    var cardBrand: String?
    var cardLastFour: String?
    var amountMinor: Int64
    var currency: String
    var at: Date
    var counter: String?
    var answerKind: LedgerAnswer.Kind
    var answerId: String

    enum Columns {
        static let orderId = Column("order_id")
        static let movement = Column("movement")
        static let tender = Column("tender")
        static let amountMinor = Column("amount_minor")
        static let at = Column("at")
        static let answerKind = Column("answer_kind")
        static let answerId = Column("answer_id")
    }

    /// The entry that answers to `answer`, if it is booked.
    static func answering(_ tx: any CoreTransaction, _ answer: LedgerAnswer) throws -> LedgerEntryRecord? {
        try tx.fetchOne(LedgerEntryRecord.self, "SELECT * FROM ledger_entries WHERE answer_kind = ? AND answer_id = ?", answer.kind, answer.id)
    }

    /// An order's entries, oldest first.
    static func of(_ tx: any CoreTransaction, orderId: String) throws -> [LedgerEntryRecord] {
        try tx.fetchAll(LedgerEntryRecord.self, "SELECT * FROM ledger_entries WHERE order_id = ? ORDER BY at, \(tx.engine.bytewise("id"))", orderId)
    }

    func entry() throws -> LedgerEntry {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        return LedgerEntry(id: id, orderId: orderId, movement: movement, tender: tender,
                           card: cardBrand.flatMap { brand in cardLastFour.map { CardOnReceipt(brand: brand, lastFour: $0) } },
                           amount: Money(minorUnits: amountMinor, currency: currency), at: at, counter: counter,
                           answersTo: LedgerAnswer(kind: answerKind, id: answerId))
    }
}

extension LedgerMovement: Codable, DatabaseValueConvertible {}
extension Tender: Codable, DatabaseValueConvertible {}
extension LedgerAnswer.Kind: Codable, DatabaseValueConvertible {}
