import Foundation
import ProgramSupport
import TerminalTestSupport
import Testing

/// `checkout migrate`: the operator sets up a server's tables (or a file's) before the counters
/// start, again at each version.
@Suite struct MigrateCommandTests {
    @Test func aServerIsGivenEveryTableOnceAndAgainChangesNothing() throws {
        try ThrowawayPostgres.skipWhereUnavailable()
        let server = try ThrowawayPostgres.shared.get()
        let url = try server.freshSchema(in: try server.freshDatabase("migrate_command"))
        let place = try StorageCommandLineTests.Place()
        let first = try StorageCommandLineTests.run(["migrate", "--db", url], place: place)
        #expect(first.status == 0, "\(first.error)")
        let tables = try #require(first.output.split(separator: ",").last.flatMap { Int($0.split(separator: " ").first ?? "") })
        #expect(tables > 25, "\(first.output)")
        let again = try StorageCommandLineTests.run(["migrate", "--db", url], place: place)
        #expect(again.status == 0 && again.output == first.output)
    }

    @Test func aFileIsMigratedAndAServerThatIsNotThereIsExitStatusThree() throws {
        let place = try StorageCommandLineTests.Place()
        let file = try StorageCommandLineTests.run(["migrate", "--db", place.database], place: place)
        #expect(file.status == 0 && file.output.contains("up to date"), "\(file.error)")
        #expect(FileManager.default.fileExists(atPath: place.database))
        let away = try StorageCommandLineTests.run(["migrate", "--db", "postgresql:///nothing?host=/nonexistent-socket-dir"], place: place)
        #expect(away.status == 3)
        #expect(away.error.contains("Migrating postgresql:///nothing"), "\(away.error)")
    }
}
