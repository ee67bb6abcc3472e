import Foundation
import GRDB

/// A row of `hold_voids`: one void's intent and, once known, its outcome.
struct HoldVoidRecord: Codable, CoreRecord, SignedRow {
    static let databaseTableName = "hold_voids"

    var id: String
    var bidId: String
    var holdId: String
    var idempotencyKey: String
    var amountMinor: Int64
    var currency: String
    var state: HoldVoidState
    var failure: String?
    var createdAt: Date
    var updatedAt: Date
    /// The counter instance that asked (its receipt is that counter's to print).
    var requestedBy: String?
    /// Who voided, and who approved (issue 36).
    var staffId: String? = nil
    var staffName: String? = nil
    var approvedById: String? = nil
    var approvedByName: String? = nil

    func holdVoid(auctionId: String) throws -> HoldVoid {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        return HoldVoid(id: id, bidId: bidId, auctionId: auctionId, holdId: holdId, amount: Money(minorUnits: amountMinor, currency: currency),
                        state: state, failure: failure, idempotencyKey: idempotencyKey, createdAt: createdAt, updatedAt: updatedAt)
    }
}

extension HoldVoidState: Codable, DatabaseValueConvertible {}

/// The voids' table: additive, after the auctions'. At most one void of a bid is in flight.
enum HoldVoidMigrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("voids-v1-hold-voids") { db in
            try db.execute(sql: """
                CREATE TABLE hold_voids (id TEXT PRIMARY KEY, bid_id TEXT NOT NULL REFERENCES auction_bids(id),
                  hold_id TEXT NOT NULL, idempotency_key TEXT NOT NULL UNIQUE, amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
                  currency TEXT NOT NULL, state TEXT NOT NULL, failure TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                CREATE UNIQUE INDEX hold_voids_one_in_flight ON hold_voids(bid_id) WHERE state = 'requested';
                """)
        }
        migrator.registerMigration("voids-v2-requested-by") { db in
            // The printer's look for owed void receipts, once a second, reads by this index.
            try db.execute(sql: """
                ALTER TABLE hold_voids ADD COLUMN requested_by TEXT;
                CREATE INDEX hold_voids_by_requester ON hold_voids(requested_by, updated_at);
                """)
        }
    }
}
