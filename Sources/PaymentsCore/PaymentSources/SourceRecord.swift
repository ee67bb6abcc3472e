import Foundation
import GRDB

/// A row of `sources`: a payment source and where it is in its life.
struct SourceRecord: Codable, CoreRecord {
    static let databaseTableName = "sources"

    /// `sources.status`. The public `SourceStatus` adds what each state carries (the wallet's
    /// code, the failure's reason), which live in their own columns.
    enum Status: String, Codable, DatabaseValueConvertible {
        case pending
        case awaitingConfirmation
        case authorized
        case consumed
        case failed
    }

    var id: String
    var amountMinor: Int64
    var currency: String
    var description: String
    var type: PaymentMethodType
    var flow: SourceFlow
    /// JSON of the params' metadata, keys sorted.
    var metadata: String
    var status: Status
    var failure: String? = nil
    var paymentCode: String? = nil
    var chargeId: String? = nil
    var consumesAt: Date? = nil
    var createdAt: Date
    var updatedAt: Date
}

extension PaymentMethodType: Codable, DatabaseValueConvertible {}
extension SourceFlow: Codable, DatabaseValueConvertible {}

extension Source {
    init(_ record: SourceRecord) throws {
        let metadata = try JSONDecoder().decode([String: String].self, from: Data(record.metadata.utf8))
        let params = SourceParams(
            amount: Money(minorUnits: record.amountMinor, currency: try Currency.stored(record.currency, in: SourceRecord.databaseTableName)),
            description: record.description, type: record.type, flow: record.flow, metadata: metadata)
        let status: SourceStatus = switch record.status {
        case .pending: .pending
        case .awaitingConfirmation: .awaitingConfirmation(paymentCode: try Self.paymentCode(of: record))
        case .authorized: .authorized
        case .consumed: .consumed
        case .failed: .failed(reason: record.failure ?? "failed")
        }
        self.init(id: record.id, params: params, status: status, chargeId: record.chargeId)
    }

    /// A source awaiting confirmation shows its code: one without is a damaged row.
    private static func paymentCode(of record: SourceRecord) throws -> String {
        guard let code = record.paymentCode else {
            throw UnreadableRow(table: SourceRecord.databaseTableName, column: "payment_code", value: "NULL")
        }
        return code
    }
}
