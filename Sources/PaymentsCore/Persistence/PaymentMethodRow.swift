import Foundation
import GRDB

/// A row of `payment_methods`: a saved card (its number only sealed, never its CVC).
struct PaymentMethodRow: Codable, CoreRecord {
    static let databaseTableName = "payment_methods"
    // The core's first tables name their columns themselves (times in `…_ms`).
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.useDefaultKeys
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.useDefaultKeys

    var id: String
    var customerID: String
    var brand: String
    var lastFour: String
    var expMonth: Int
    var expYear: Int
    var holder: String
    var fingerprint: String
    var sealedNumber: Data?
    var isDefault: Bool
    var authenticated: Bool
    var createdAt: Date
    var removedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id
        case customerID = "customer_id"
        case brand
        case lastFour = "last_four"
        case expMonth = "exp_month"
        case expYear = "exp_year"
        case holder
        case fingerprint
        case sealedNumber = "sealed_number"
        case isDefault = "is_default"
        case authenticated
        case createdAt = "created_ms"
        case removedAt = "removed_ms"
    }

    enum Columns {
        static let fingerprint = Column(CodingKeys.fingerprint)
    }

    init(_ m: PaymentMethodRecord) {
        (id, customerID, brand, lastFour) = (m.id, m.customerID, m.brand.rawValue, m.lastFour)
        (expMonth, expYear, holder, fingerprint) = (m.expiry.month, m.expiry.year, m.holder, m.fingerprint)
        (sealedNumber, isDefault, authenticated, createdAt, removedAt) = (m.sealedNumber, m.isDefault, m.authenticated, m.createdAt, m.removedAt)
    }

    /// A brand or expiry the core cannot read is a damaged row.
    func record() throws -> PaymentMethodRecord {
        guard let brand = CardBrand(rawValue: brand), let expiry = try? Expiry(month: expMonth, year: expYear) else {
            throw StorageError.corrupt("payment method \(id)")
        }
        return PaymentMethodRecord(id: id, customerID: customerID, brand: brand, lastFour: lastFour, expiry: expiry, holder: holder,
                                   fingerprint: fingerprint, sealedNumber: sealedNumber, isDefault: isDefault, authenticated: authenticated,
                                   createdAt: createdAt, removedAt: removedAt)
    }
}
