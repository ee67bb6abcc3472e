import Foundation

/// The back office's catalogue changes as journal entries, each built from the row it records,
/// in the transaction that writes it, with who did it (`staff`).
extension Journal {
    static func recordProductAdded(_ tx: any CoreTransaction, _ product: NewProduct, id: String, opening: StockMovementRecord,
                                   signature: StaffSignature?, at: Date) throws {
        try append(tx, kind: .productAdded, subject: id, body: JournalBody([
            "product": .text(id), "name": .text(product.name), "price_minor": .integer(product.price.minorUnits),
            "currency": .text(product.price.currency.code), "tax_category": .text(product.taxCategory),
            "stock": .integer(Int64(product.stock)), "low_stock_at": .integer(Int64(product.lowStockAt)),
            "movement": .text(opening.id), "counter": .optional(opening.counter),
            "staff": SignatureColumns.journalValue(signature),
        ]), at: at)
    }

    static func recordPriceChanged(_ tx: any CoreTransaction, _ change: PriceChangeRecord, name: String) throws {
        try append(tx, kind: .priceChanged, subject: change.productId, body: JournalBody([
            "change": .text(change.id), "product": .text(change.productId), "name": .text(name),
            "old_minor": change.oldMinor.map(JournalValue.integer), "price_minor": .integer(change.priceMinor), "currency": .text(change.currency),
            "counter": .optional(change.counter), "at": .time(change.at),
            "staff": SignatureColumns.journalValue(try SignatureColumns.signature(change.staffId, change.staffName, change.approvedById,
                                                                                 change.approvedByName, in: PriceChangeRecord.databaseTableName)),
        ]), at: change.at)
    }

    /// A delivery received or a count: the movement, the stock after it, the note and the reason.
    static func recordStockMovement(_ tx: any CoreTransaction, _ movement: StockMovementRecord, name: String) throws {
        try append(tx, kind: movement.kind == .counted ? .stockCounted : .stockReceived, subject: movement.productId, body: JournalBody([
            "movement": .text(movement.id), "product": .text(movement.productId), "name": .text(name), "kind": .text(movement.kind.rawValue),
            "quantity": .integer(Int64(movement.quantity)), "stock_after": .integer(Int64(movement.stockAfter)),
            "reason": .optional(movement.reason?.rawValue), "note": .text(movement.note), "counter": .optional(movement.counter),
            "at": .time(movement.at),
            "staff": SignatureColumns.journalValue(try movement.movement().signature),
        ]), at: movement.at)
    }
}
