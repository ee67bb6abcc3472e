import Foundation
import ProgramSupport
import TerminalTestSupport
import Testing

/// `checkout staff add|list|disable` on a file and on a PostgreSQL server: the PIN read from
/// standard input and kept only as a hash, refusals said with exit status 1, disabling by name.
@Suite struct StaffCommandTests {
    typealias Outcome = StorageCommandLineTests.Outcome

    /// Runs `checkout` with `input` on its standard input.
    private func run(_ arguments: [String], input: String = "", place: StorageCommandLineTests.Place) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CheckoutBinary.path())
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = place.configHome
        environment["CHECKOUT_VAULT_KEY_FILE"] = nil
        environment["CREDENTIALS_DIRECTORY"] = nil
        process.environment = environment
        let stdin = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = error
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let errorData = StorageCommandLineTests.Box()
        let reader = Thread { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorData.data == nil { usleep(10_000) }
        return Outcome(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                       error: String(decoding: errorData.data!, as: UTF8.self))
    }

    private func exercise(_ db: String, place: StorageCommandLineTests.Place) throws {
        let empty = try run(["staff", "list", "--db", db], place: place)
        #expect(empty.status == 0 && empty.output.contains("No staff yet"), "\(empty.error)")

        let mia = try run(["staff", "add", "--db", db, "--name", "Mia", "--role", "manager"], input: "4711\n", place: place)
        #expect(mia.status == 0 && mia.output.contains("Mia added as manager"), "\(mia.error)")
        let carl = try run(["staff", "add", "--db", db, "--name", "Carl", "--role", "cashier", "--badge", "0410000010006"], input: "2580\n",
                           place: place)
        #expect(carl.status == 0, "\(carl.error)")

        let samePIN = try run(["staff", "add", "--db", db, "--name", "Dora", "--role", "cashier"], input: "4711\n", place: place)
        #expect(samePIN.status == 1 && samePIN.error.contains("has this PIN already"), "\(samePIN.error)")
        let short = try run(["staff", "add", "--db", db, "--name", "Dora", "--role", "cashier"], input: "12\n", place: place)
        #expect(short.status == 1 && short.error.contains("4 to 12 digits"), "\(short.error)")
        let noPIN = try run(["staff", "add", "--db", db, "--name", "Dora", "--role", "cashier"], place: place)
        #expect(noPIN.status != 0 && noPIN.error.contains("no PIN on standard input"), "\(noPIN.error)")
        let badRole = try run(["staff", "add", "--db", db, "--name", "Dora", "--role", "owner"], input: "1234\n", place: place)
        #expect(badRole.status != 0)

        let list = try run(["staff", "list", "--db", db], place: place)
        let lines = list.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0[1] } == ["Mia", "Carl"], "\(list.output)")
        #expect(lines.map { $0[2] } == ["manager", "cashier"])
        #expect(lines[1][3] == "0410000010006" && lines.allSatisfy { $0[4] == "active" })
        #expect(!list.output.contains("4711") && !list.output.contains("2580"), "a PIN is never shown")

        let disabled = try run(["staff", "disable", "--db", db, "Carl"], place: place)
        #expect(disabled.status == 0 && disabled.output.contains("Carl"), "\(disabled.error)")
        let again = try run(["staff", "disable", "--db", db, "Carl"], place: place)
        #expect(again.status == 1 && again.error.contains("no one active"), "\(again.error)")
        let after = try run(["staff", "list", "--db", db], place: place)
        #expect(after.output.contains("Carl\tcashier\t0410000010006\tdisabled"), "\(after.output)")
    }

    @Test func onAFile() throws {
        let place = try StorageCommandLineTests.Place()
        try exercise(place.database, place: place)
        // Kept as a hash: the PIN's digits are nowhere in the file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: place.database))
        #expect(bytes.range(of: Data("pbkdf2-sha256$".utf8)) != nil)
    }

    @Test func onAServer() throws {
        try ThrowawayPostgres.skipWhereUnavailable()
        let server = try ThrowawayPostgres.shared.get()
        let url = try server.freshSchema(in: try server.freshDatabase("staff_command"))
        try exercise(url, place: try StorageCommandLineTests.Place())
    }

    @Test func aDatabaseThatCannotBeOpenedIsStatusThree() throws {
        let place = try StorageCommandLineTests.Place()
        let away = try run(["staff", "list", "--db", "postgresql:///nothing?host=/nonexistent-socket-dir"], place: place)
        #expect(away.status == 3, "\(away.error)")
    }
}
