import Foundation
import TerminalTestSupport
import Testing

/// `checkout journal verify --db FILE` on a file a real counter wrote (the store tape's sale,
/// played by the binary): the chain holds (exit 0, one line for the counter); with its triggers
/// dropped and one entry's body edited by sqlite3, that entry is named (exit 1), and `checkout
/// audit` reports it too; a key file that is not the counter's is told.
@Suite struct JournalCommandTests {
    private func sqlite(_ database: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
    }

    /// A sale played into a fresh folder, its keys beside it: the database and the journal key.
    private func sale() throws -> (database: String, journalKey: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("counter.sqlite").path
        let key = directory.appendingPathComponent("keys/journal.key").path
        let tape = CheckoutBinary.repositoryRoot.appendingPathComponent("Tapes/store/buy-with-4242.tape").path
        let played = try CheckoutBinary.run(["play", tape, "--db", database, "--vault-key", directory.appendingPathComponent("keys/vault.key").path,
                                             "--journal-key", key])
        #expect(played.status == 0, "\(played.output)")
        return (database, key)
    }

    private var counter: String { ProcessInfo.processInfo.hostName }

    @Test func aCountersChainHoldsAndItsKeyFileIsTheRecordedOne() throws {
        let (database, key) = try sale()
        let result = try CheckoutBinary.run(["journal", "verify", "--db", database, "--key", "\(counter)=\(key)"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Counter \(counter): 1 entry hold (1 to 1"), "\(result.output)")
        #expect(result.output.contains("1 counter, 0 problems"), "\(result.output)")
    }

    @Test func anEntryEditedWithItsTriggersDroppedIsNamedByVerifyAndByTheAudit() throws {
        let (database, _) = try sale()
        try sqlite(database, """
            DROP TRIGGER journal_entries_no_update;
            UPDATE journal_entries SET body = replace(body, '"amount_minor":', '"amount_minor":1') WHERE seq = 1;
            """)
        let result = try CheckoutBinary.run(["journal", "verify", "--db", database])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Journal of counter \(counter), entry 1: its hash does not match its columns"), "\(result.output)")
        #expect(result.output.contains("1 problem"), "\(result.output)")
        let audit = try CheckoutBinary.run(["audit", "--db", database])
        #expect(audit.status == 1, "\(audit.output)")
        #expect(audit.output.contains("Journal of counter \(counter), entry 1"), "\(audit.output)")
    }

    @Test func aKeyFileThatIsNotTheCountersIsTold() throws {
        let (database, _) = try sale()
        let (_, otherKey) = try sale()
        let result = try CheckoutBinary.run(["journal", "verify", "--db", database, "--key", "\(counter)=\(otherKey)"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("is not the counter's key"), "\(result.output)")
    }

    /// A counter whose journal key file is not the one its database records stops at start,
    /// before any screen, with both fingerprints; so does one whose key is gone.
    @Test func aCounterStartedWithAnotherJournalKeyOrNoneStopsAtStart() throws {
        let place = try StorageCommandLineTests.Place()
        #expect(try StorageCommandLineTests.start(place).status == 0)
        let own = place.configHome + "/checkout-counter/journal-\(counter).key"
        #expect(FileManager.default.fileExists(atPath: own), "made on first use, beside the vault key")
        let otherKey = place.root + "/other.key"
        try Data((0..<32).map { UInt8($0) }).write(to: URL(fileURLWithPath: otherKey))
        let other = try StorageCommandLineTests.start(place, ["--journal-key", otherKey])
        #expect(other.status == 3, "\(other.error)")
        #expect(other.error.contains("is not the key of counter \(counter)"), "\(other.error)")
        try FileManager.default.removeItem(atPath: own)
        let gone = try StorageCommandLineTests.start(place)
        #expect(gone.status == 3, "\(gone.error)")
        #expect(gone.error.contains("is signed with a key that is not at \(own)"), "\(gone.error)")
        #expect(!FileManager.default.fileExists(atPath: own), "no new key is made")
    }
}
