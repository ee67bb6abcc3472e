import Foundation
import PaymentsCore
import ProgramSupport
import Testing

/// The engines the controllers' tests run on: SQLite in memory, and a schema of their own on the
/// throwaway PostgreSQL server. Where PostgreSQL cannot run, its case records a known issue
/// naming why and stops: a cancelled case alone would be listed as passed.
enum ControllerEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    func location() throws -> DatabaseLocation {
        guard self == .postgres else { return .inMemory }
        return try serverLocation()
    }

    /// A database a test opens more than once, as a counter restarted would: a new SQLite file
    /// in the temporary folder (the test removes it), or a schema of its own on the server.
    func reopenableLocation() throws -> DatabaseLocation {
        guard self == .postgres else {
            return .file(FileManager.default.temporaryDirectory.appendingPathComponent("counter-\(UUID().uuidString).sqlite").path)
        }
        return try serverLocation()
    }

    private func serverLocation() throws -> DatabaseLocation {
        try ThrowawayPostgres.skipWhereUnavailable()
        return .server(url: try ThrowawayPostgres.freshTestSchema())
    }
}
