import Clocks
import Foundation
import PostgresClient

public final class PostgresPaymentMethodRepository: PaymentMethodRepository {
    private let connection: PostgresConnection
    private let clock: Clock

    public init(connection: PostgresConnection, clock: Clock) { self.connection = connection; self.clock = clock }

    public func insert(_ m: PaymentMethodRecord, event: NewEvent) throws {
        try PostgresRecords.duplicateAsStorageError {
            try connection.transaction { db in
                try PostgresRecords.insert(PaymentMethodRow(m), into: "payment_methods", on: db)
                try PostgresEventLog.append(event, at: clock.now, on: db)
            }
        }
    }

    public func update(_ m: PaymentMethodRecord, event: NewEvent?) throws {
        try connection.transaction { db in
            try PostgresRecords.update(PaymentMethodRow(m), in: "payment_methods", on: db)
            if let event { try PostgresEventLog.append(event, at: clock.now, on: db) }
        }
    }

    public func method(id: String, customerID: String) throws -> PaymentMethodRecord? {
        try PostgresRecords.fetchOne(PaymentMethodRow.self, "SELECT * FROM payment_methods WHERE id = $1 AND \(Self.saved(by: "$2"))", [id, customerID],
                                     on: connection)?.record()
    }

    /// Ordered as SQLite orders them: by time, then id compared byte by byte (`COLLATE "C"`,
    /// whatever the server's locale).
    public func methods(customerID: String) throws -> [PaymentMethodRecord] {
        try PostgresRecords.fetchAll(PaymentMethodRow.self, "SELECT * FROM payment_methods WHERE \(Self.saved(by: "$1")) ORDER BY created_ms, id COLLATE \"C\"",
                                     [customerID], on: connection).map { try $0.record() }
    }

    public func method(fingerprint: String, customerID: String) throws -> PaymentMethodRecord? {
        try PostgresRecords.fetchOne(PaymentMethodRow.self, "SELECT * FROM payment_methods WHERE fingerprint = $1 AND \(Self.saved(by: "$2"))",
                                     [fingerprint, customerID], on: connection)?.record()
    }

    /// The customer's row is locked first, so two counters setting a default for the same
    /// shopper take turns: the later one's choice is the one default, never two.
    public func setDefault(id: String, customerID: String, event: NewEvent) throws {
        try connection.transaction { db in
            try db.execute("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [customerID])
            try db.execute("UPDATE payment_methods SET is_default = (id = $1) WHERE customer_id = $2", [id, customerID])
            try PostgresEventLog.append(event, at: clock.now, on: db)
        }
    }

    /// The customer's cards that have not been removed; `placeholder` is the customer's parameter.
    private static func saved(by placeholder: String) -> String { "customer_id = \(placeholder) AND removed_ms IS NULL" }
}
