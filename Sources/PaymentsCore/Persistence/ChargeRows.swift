import Foundation
import GRDB

/// A row of `charges`. The repository speaks in `ChargeRecord`; this is how SQLite keeps it.
struct ChargeRow: Codable, CoreRecord {
    static let databaseTableName = "charges"
    // The core's first tables name their columns themselves (times in `…_ms`).
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.useDefaultKeys
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.useDefaultKeys

    var id: String
    var customerID: String?
    var paymentMethodID: String?
    var amount: Int64
    var currency: String
    var description: String
    /// JSON, keys sorted; stored redacted.
    var metadata: String
    var capture: Bool
    /// `ChargeStatus.storedName`; a failure's reason in `failureReason`.
    var status: String
    var failureReason: String?
    var amountCaptured: Int64
    var amountRefunded: Int64
    var brand: String
    var lastFour: String
    var sealedNumber: Data?
    var authenticated: Bool
    var idempotencyKey: String
    var createdAt: Date
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case customerID = "customer_id"
        case paymentMethodID = "payment_method_id"
        case amount, currency, description, metadata, capture, status
        case failureReason = "failure_reason"
        case amountCaptured = "amount_captured"
        case amountRefunded = "amount_refunded"
        case brand
        case lastFour = "last_four"
        case sealedNumber = "sealed_number"
        case authenticated
        case idempotencyKey = "idempotency_key"
        case createdAt = "created_ms"
        case updatedAt = "updated_ms"
    }

    /// What a charge's life changes: its state, the money moved, the sealed number (dropped once
    /// settled) and its 3-D Secure state. What it was asked for stays as it was written.
    static let changingColumns = [CodingKeys.status, .failureReason, .amountCaptured, .amountRefunded, .sealedNumber, .authenticated, .updatedAt]
        .map(\.rawValue)

    init(_ record: ChargeRecord) {
        let c = record.charge
        (id, customerID, paymentMethodID) = (c.id, c.customerID, c.paymentMethodID)
        (amount, currency, description, metadata, capture) = (c.amount.minorUnits, c.amount.currency.code, c.description, Self.json(c.metadata), c.capture)
        (status, failureReason) = (c.status.storedName, Self.reason(c.status))
        (amountCaptured, amountRefunded) = (c.amountCaptured.minorUnits, c.amountRefunded.minorUnits)
        (brand, lastFour, sealedNumber, authenticated) = (c.brand.rawValue, c.lastFour, record.sealedNumber, record.authenticated)
        (idempotencyKey, createdAt, updatedAt) = (c.idempotencyKey, c.createdAt, c.updatedAt)
    }

    /// A currency, brand, status or metadata the core cannot read is a damaged row, never a default.
    func record() throws -> ChargeRecord {
        guard let currency = Currency(code: currency), let brand = CardBrand(rawValue: brand),
              let status = ChargeStatus(storedName: status, reason: failureReason),
              let metadata = try? JSONDecoder().decode([String: String].self, from: Data(metadata.utf8)) else {
            throw StorageError.corrupt("charge \(id)")
        }
        let charge = Charge(id: id, customerID: customerID, paymentMethodID: paymentMethodID,
                            amount: Money(minorUnits: amount, currency: currency), description: description,
                            metadata: metadata, capture: capture, status: status,
                            amountCaptured: Money(minorUnits: amountCaptured, currency: currency),
                            amountRefunded: Money(minorUnits: amountRefunded, currency: currency),
                            brand: brand, lastFour: lastFour, idempotencyKey: idempotencyKey, createdAt: createdAt, updatedAt: updatedAt)
        return ChargeRecord(charge: charge, sealedNumber: sealedNumber, authenticated: authenticated)
    }

    private static func reason(_ status: ChargeStatus) -> String? {
        if case let .failed(reason) = status { return reason.rawValue }
        return nil
    }

    private static func json(_ metadata: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(metadata)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// A row of `idempotency_keys`: the first answer to a key, by the charge it made.
struct IdempotencyKeyRow: Codable, CoreRecord {
    static let databaseTableName = "idempotency_keys"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.useDefaultKeys
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.useDefaultKeys

    var key: String
    var requestHash: String
    var chargeID: String
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case key
        case requestHash = "request_hash"
        case chargeID = "charge_id"
        case createdAt = "created_ms"
    }

    init(_ record: IdempotencyRecord) {
        (key, requestHash, chargeID, createdAt) = (record.key, record.requestHash, record.chargeID, record.createdAt)
    }

    var record: IdempotencyRecord { IdempotencyRecord(key: key, requestHash: requestHash, chargeID: chargeID, createdAt: createdAt) }
}

/// A row of `refunds`, in its charge's currency.
struct RefundRow: Codable, CoreRecord {
    static let databaseTableName = "refunds"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.useDefaultKeys
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.useDefaultKeys

    var id: String
    var chargeID: String
    var amount: Int64
    var reason: String
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case chargeID = "charge_id"
        case amount, reason
        case createdAt = "created_ms"
    }

    init(_ refund: Refund) {
        (id, chargeID, amount, reason, createdAt) = (refund.id, refund.chargeID, refund.amount.minorUnits, refund.reason, refund.createdAt)
    }

    func refund(in currency: Currency) -> Refund {
        Refund(id: id, chargeID: chargeID, amount: Money(minorUnits: amount, currency: currency), reason: reason, createdAt: createdAt)
    }
}
