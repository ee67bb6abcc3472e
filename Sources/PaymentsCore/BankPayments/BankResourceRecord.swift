import Foundation
import GRDB

/// Where a bank payment or mandate is in its life (`bank_resources.status`). One column serves
/// both kinds, so it holds both kinds' statuses; `BankPayments.paymentStatus`/`mandateStatus`
/// turn it into the kind's own (`BankPaymentStatus`, `MandateStatus`), the one conversion.
enum StoredBankStatus: String, Codable, DatabaseValueConvertible {
    /// Both kinds.
    case authorizationRequired, authorizing, authorized, failed
    /// Payments only: the money left the shopper's account, then reached the store's.
    case executed, settled
    /// Mandates only.
    case revoked
}

/// A row of `bank_resources`: a single payment or a mandate, with its bank's behaviour once chosen.
struct BankResourceRecord: Codable, CoreRecord {
    static let databaseTableName = "bank_resources"

    var id: String
    var kind: BankPayments.Kind
    var token: String
    /// A payment's amount, a mandate's maximum per payment.
    var amountMinor: Int64?
    var currency: String
    var reference: String
    var providerId: String?
    var status: StoredBankStatus
    var failure: String?
    var mandateId: String?
    var behaviour: BankBehaviour?
    var decidesAt: Date?
    var authorizedAt: Date?
    var createdAt: Date
    var expiresAt: Date
    var updatedAt: Date

    /// - Parameter locking: the row stays locked until the transaction ends (on a server): the
    ///   bank's answer is applied by one counter, and the next one reads what it left.
    static func stored(_ tx: any CoreTransaction, id: String, locking: Bool = false) throws -> BankResourceRecord? {
        try tx.fetchOne(BankResourceRecord.self, "SELECT * FROM bank_resources WHERE id = ?\(locking ? tx.engine.forUpdate : "")", id)
    }

    /// The bank's behaviour, which every resource past `authorizationRequired` has.
    func chosenBehaviour() throws -> BankBehaviour {
        guard let behaviour else { throw UnreadableRow(table: Self.databaseTableName, column: "behaviour", value: "NULL") }
        return behaviour
    }
}

/// A row of `bank_providers`: a bank of a country, and how the simulated bank behaves.
struct BankProviderRecord: Codable, CoreRecord {
    static let databaseTableName = "bank_providers"

    var id: String
    var country: String
    var position: Int
    var name: String
    var behaviour: BankBehaviour

    var provider: SimulatedBank { SimulatedBank(id: id, country: country, name: name, behaviour: behaviour) }
}

extension BankPayments.Kind: Codable, DatabaseValueConvertible {}
extension BankBehaviour: Codable, DatabaseValueConvertible {}
