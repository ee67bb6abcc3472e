import Foundation
import TerminalTestSupport
import Testing

/// `checkout audit --db FILE` on real files: a counter's database after a sale is sound (exit 0);
/// the same file with the order's charge doubled by hand names the order (exit 1); a file that
/// is not there is named (exit 2).
@Suite struct AuditCommandTests {
    private func sqlite(_ database: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
    }

    @Test func aSoundDatabaseExitsZero() throws {
        let database = try SaleDatabase.afterASale("audit")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let result = try CheckoutBinary.run(["audit", "--db", database])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Audit of \(database): 0 problems"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "the audit only reads")
    }

    @Test func aDoubledPaymentExitsOneAndNamesTheOrder() throws {
        let database = try SaleDatabase.afterASale("audit")
        try sqlite(database, """
            CREATE TEMP TABLE copied AS SELECT * FROM charges WHERE status = 'succeeded';
            UPDATE copied SET id = id || '-again';
            INSERT INTO charges SELECT * FROM copied;
            """)
        let result = try CheckoutBinary.run(["audit", "--db", database])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Order HS-000001"), "\(result.output)")
        #expect(result.output.contains("paid 2 times"), "\(result.output)")
        #expect(result.output.contains("1 problem"), "\(result.output)")
    }

    @Test func aMissingFileIsNamedWithItsOwnStatus() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-counter-\(UUID().uuidString).sqlite").path
        let result = try CheckoutBinary.run(["audit", "--db", missing])
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains(missing))
        #expect(!FileManager.default.fileExists(atPath: missing), "the audit never creates a database")
    }
}
