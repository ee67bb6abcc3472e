import Foundation

/// Parked sales as journal entries: parked, resumed or discarded, with the lines and who did it.
extension Journal {
    static func recordParked(_ tx: any CoreTransaction, _ sale: ParkedSale) throws {
        try append(tx, kind: .saleParked, subject: sale.id, body: JournalBody([
            "parked": .text(sale.id), "name": .text(sale.name), "counter": .optional(sale.counter), "at": .time(sale.parkedAt),
            "total_minor": .integer(sale.total.minorUnits), "currency": .text(sale.total.currency.code),
            "lines": .list(sale.lines.map { line in
                .fields(["product": .text(line.productId), "name": .text(line.name), "unit_minor": .integer(line.unitPrice.minorUnits),
                         "quantity": .integer(Int64(line.quantity))])
            }),
            "staff": SignatureColumns.journalValue(sale.signature),
        ]), at: sale.parkedAt)
    }

    static func recordParkingEnded(_ tx: any CoreTransaction, _ sale: ParkedSale, outcome: ParkedSaleOutcome, counter: String?, mode: ResumeMode?,
                                   signature: StaffSignature?, at: Date) throws {
        try append(tx, kind: outcome == .resumed ? .saleResumed : .saleDiscarded, subject: sale.id, body: JournalBody([
            "parked": .text(sale.id), "name": .text(sale.name), "counter": .optional(counter), "at": .time(at),
            "total_minor": .integer(sale.total.minorUnits), "currency": .text(sale.total.currency.code),
            "items": .integer(Int64(sale.itemCount)), "mode": .optional(mode?.rawValue),
            "staff": SignatureColumns.journalValue(signature),
        ]), at: at)
    }
}
