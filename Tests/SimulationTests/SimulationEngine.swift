import Foundation
import PaymentsCore
import PostgresClient
import ProgramSupport

/// Where a seed's shop keeps its data: a SQLite file on tmpfs shared by one or two counters, or
/// a schema of its own on the throwaway PostgreSQL server shared by several (a fleet).
enum SimulationEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres

    var description: String { rawValue }

    /// How many counters a seed runs. SQLite: even seeds two on the one file, odd seeds one.
    /// PostgreSQL: three or four, each its own connection, as a fleet's tills and kiosks.
    func counters(seed: UInt64) -> Int {
        switch self {
        case .sqlite: seed % 2 == 0 ? 2 : 1
        case .postgres: seed % 2 == 0 ? 4 : 3
        }
    }

    /// `SIMULATION_ENGINE`: `sqlite` (the default), `postgres`, or `both`.
    static func chosen(_ text: String?) -> [SimulationEngine] {
        switch text?.lowercased() {
        case nil, "", "sqlite": [.sqlite]
        case "both": allCases
        case let name?: allCases.filter { $0.rawValue == name }
        }
    }

    /// A new schema on the throwaway server for one seed. Its counters never lose the server (a
    /// counter's death is what is simulated, not the server's), so commits need not wait for
    /// the server's disk: `synchronous_commit=off` for these sessions only, which changes
    /// nothing any counter can see and takes about a sixth off a seed's time here.
    static func freshServerSchema() throws -> String {
        try ThrowawayPostgres.skipWhereUnavailable()
        return try ThrowawayPostgres.freshTestSchema(settings: ["synchronous_commit": "off"])
    }

    /// Drops the seed's schema (a long campaign makes thousands); the server itself goes when
    /// the test process ends.
    static func dropServerSchema(_ url: String) {
        guard let connection = try? PostgresConnection(url: url),
              let schema = try? connection.query("SELECT current_schema() AS name").first?.string("name") else { return }
        _ = try? connection.execute("DROP SCHEMA \"\(schema)\" CASCADE")
    }
}
