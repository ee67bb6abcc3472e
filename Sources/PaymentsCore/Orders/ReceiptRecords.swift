import Foundation
import GRDB

/// A row of `receipt_printers`: a counter instance that prints receipts, since when.
struct ReceiptPrinterRecord: Codable, CoreRecord {
    static let databaseTableName = "receipt_printers"

    var instanceId: String
    var registeredAt: Date
}

/// A row of `receipt_prints`: an order's receipt came out, and how many copies were reprinted.
struct ReceiptPrintRecord: Codable, CoreRecord {
    static let databaseTableName = "receipt_prints"

    var orderNumber: String
    var firstPrintedAt: Date
    var lastPrintedAt: Date
    var copies: Int
}
