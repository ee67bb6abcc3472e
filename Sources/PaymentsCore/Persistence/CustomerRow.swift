import Foundation
import GRDB

/// A row of `customers`. The repository speaks in `CustomerRecord` (storage-neutral, for a
/// server database later); this is how SQLite keeps it.
struct CustomerRow: Codable, CoreRecord {
    static let databaseTableName = "customers"
    // The core's first tables name their columns themselves (`client_id`, times in `…_ms`).
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.useDefaultKeys
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.useDefaultKeys

    var id: String
    var clientID: String
    var email: String
    var passwordHash: String
    var pinHash: String?
    var pinFailedAttempts: Int
    var pinLockedUntil: Date?
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case clientID = "client_id"
        case email
        case passwordHash = "password_hash"
        case pinHash = "pin_hash"
        case pinFailedAttempts = "pin_failed_attempts"
        case pinLockedUntil = "pin_locked_until_ms"
        case createdAt = "created_ms"
    }

    init(_ c: CustomerRecord) {
        (id, clientID, email, passwordHash) = (c.id, c.clientID, c.email, c.passwordHash)
        (pinHash, pinFailedAttempts, pinLockedUntil, createdAt) = (c.pinHash, c.pinFailedAttempts, c.pinLockedUntil, c.createdAt)
    }

    var record: CustomerRecord {
        CustomerRecord(id: id, clientID: clientID, email: email, passwordHash: passwordHash, pinHash: pinHash,
                       pinFailedAttempts: pinFailedAttempts, pinLockedUntil: pinLockedUntil, createdAt: createdAt)
    }
}
