import Foundation
import ProgramSupport
import Testing
@testable import PaymentsCore

/// A measurement, not a test: how many durable commits a second the throwaway server takes
/// (fsync and synchronous_commit on), through libpq and through the charge repository, beside
/// pgbench's simple-update rate on the same server in the same run, and SQLite's on this disk.
/// Asserts nothing about time; prints its figures. Run it with
///
///     CHECKOUT_PG_BENCHMARK=1 swift test --skip-build --filter PostgresCommitRateBenchmark
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["CHECKOUT_PG_BENCHMARK"] != nil,
                             "a measurement: CHECKOUT_PG_BENCHMARK=1 to run it"))
struct PostgresCommitRateBenchmark {
    static let charges = 400

    @Test func durableCommitsPerSecond() throws {
        let server = try ThrowawayPostgres.shared.get()
        let database = try server.freshDatabase("benchmark")
        var lines: [String] = []

        // pgbench: its own tables in its own database, the simple-update script (-N).
        let pgbenchDatabase = String(database.split(separator: "?")[0].split(separator: "/").last!)
        _ = try server.runClient("pgbench", ["-i", "-s", "1", "-q", pgbenchDatabase])
        for clients in [1, 2, 4, 8] {
            let output = try server.runClient("pgbench", ["-N", "-c", "\(clients)", "-j", "\(clients)", "-T", "5", pgbenchDatabase])
            let tps = output.split(separator: "\n").first { $0.hasPrefix("tps") } ?? "no tps line"
            lines.append("pgbench simple-update, \(clients) client(s): \(tps)")
        }

        for counters in [1, 2, 4] {
            let location = StoreLocation.postgres(url: try server.freshSchema(in: database))
            lines.append("PostgreSQL, \(counters) counter(s): " + (try Self.chargesPerSecond(location, counters: counters)))
        }
        let sqlite = StoreLocation.sqlite(path: try temporaryDirectory() + "/counter.sqlite")
        lines.append("SQLite (WAL, synchronous=FULL), 1 counter: " + (try Self.chargesPerSecond(sqlite, counters: 1)))

        // Whole cart payments (the intent and the answer: order, reservation, charge, stock, cart),
        // as the store pays them, by counters on their own connections at once.
        for counters in [1, 2, 4, 8] {
            let location = StoreLocation.postgres(url: try server.freshSchema(in: database))
            lines.append("PostgreSQL, \(counters) counter(s): " + (try Self.paymentsPerSecond(location, counters: counters)))
        }
        for counters in [1, 2, 4, 8] {
            let sqlite = StoreLocation.sqlite(path: try temporaryDirectory() + "/counter.sqlite")
            lines.append("SQLite (WAL, synchronous=FULL), \(counters) counter(s) on one file: " + (try Self.paymentsPerSecond(sqlite, counters: counters)))
        }
        print(lines.map { "benchmark: " + $0 }.joined(separator: "\n"))
    }

    static let payments = 100

    /// Carts of one jar paid by a typed card, `payments` by each of `counters` counters at once.
    static func paymentsPerSecond(_ location: StoreLocation, counters: Int) throws -> String {
        let opened = LastJarRaceTests.Counters(try (0..<counters).map { _ in try LastJarRaceTests.FleetCounter(location) })
        let jar = try opened.all[0].store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") }!
        try opened.all[0].store.write { tx in try tx.execute("UPDATE products SET stock = 1000000 WHERE id = ?", jar) }
        let started = Date()
        let outcomes = runTogether(counters) { index in
            let counter = opened.all[index]
            for payment in 0..<payments {
                let session = "bench-\(index)-\(payment)"
                try counter.carts.add(productId: jar, for: session)
                guard case .success(let order)? = try counter.payCart(of: session), order.state == .paid else {
                    throw StorageError.corrupt("payment \(session) was not paid")
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        for outcome in outcomes { try outcome.get() }
        let total = counters * payments
        return String(format: "%d cart payments in %.2f s = %.0f payments/s", total, seconds, Double(total) / seconds)
    }

    /// Charges inserted with their key and event (one transaction each) by `counters` connections
    /// at once, `charges` each; the rate over all of them.
    static func chargesPerSecond(_ location: StoreLocation, counters: Int) throws -> String {
        _ = try location.open()   // migrated before the clock starts
        let started = Date()
        let outcomes = runTogether(counters) { counter in
            let store = try location.open()
            for index in 0..<charges {
                let id = "ch_\(counter)_\(index)"
                try store.charges.insert(RepositoryContractTests.charge(id, key: id),
                                         key: IdempotencyRecord(key: id, requestHash: "h", chargeID: id, createdAt: RepositoryContractTests.start),
                                         event: NewEvent("charge.created", subject: id))
            }
        }
        let seconds = Date().timeIntervalSince(started)
        for outcome in outcomes { try outcome.get() }
        let total = counters * charges
        return String(format: "%d charges in %.2f s = %.0f charges/s", total, seconds, Double(total) / seconds)
    }
}
