import Foundation
import ProgramSupport
import TerminalTestSupport
import Testing

/// `checkout export` on a database a real counter wrote: the CSV reads back with a strict RFC 4180
/// reader, holds the tape's order, its lines and its card payment (brand and last four, never the
/// number), to standard output or to `--output`; bad days and a missing file are refused.
@Suite struct ExportCommandTests {
    @Test func theSaleReadsBackFromTheCSV() throws {
        let database = try SaleDatabase.afterASale("export")
        let result = try CheckoutBinary.run(["export", "--db", database, "--from", "1970-01-01", "--to", "2100-12-31"])
        #expect(result.status == 0, "\(result.output)")
        let rows = try CSVReader.records(result.output)
        #expect(rows.first?.first == "record")
        let kinds = rows.dropFirst().map { $0[0] }
        #expect(kinds.first == "order" && kinds.contains("line") && kinds.contains("payment"), "\(kinds)")
        let payment = try #require(rows.first { $0.first == "payment" })
        let header = rows[0]
        let field = { (name: String) in payment[try #require(header.firstIndex(of: name))] }
        #expect(try field("method") == "card" && field("card_last4") == "4242" && field("order") == "HS-000001")
        #expect(!result.output.contains("4242424242424242"))
    }

    @Test func outputGoesToTheFileWhenAsked() throws {
        let database = try SaleDatabase.afterASale("export")
        let file = database + ".csv"
        let result = try CheckoutBinary.run(["export", "--db", database, "--from", "1970-01-01", "--to", "2100-12-31", "--output", file])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(try CSVReader.records(text).count > 2)
    }

    @Test func daysOutsideTheSaleExportOnlyTheHeader() throws {
        let database = try SaleDatabase.afterASale("export")
        let result = try CheckoutBinary.run(["export", "--db", database, "--from", "1971-01-01", "--to", "1971-01-02"])
        #expect(try CSVReader.records(result.output).count == 1, "\(result.output)")
    }

    @Test func badDaysAndMissingFilesAreRefusedWithAReason() throws {
        let bad = try CheckoutBinary.run(["export", "--db", "x.sqlite", "--from", "2026-13-01", "--to", "2026-12-01"])
        #expect(bad.status != 0 && bad.output.contains("--from must be a date"), "\(bad.output)")
        let backwards = try CheckoutBinary.run(["export", "--db", "x.sqlite", "--from", "2026-12-02", "--to", "2026-12-01"])
        #expect(backwards.status != 0 && backwards.output.contains("comes before"), "\(backwards.output)")
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).sqlite").path
        let absent = try CheckoutBinary.run(["export", "--db", missing, "--from", "2026-12-01", "--to", "2026-12-01"])
        #expect(absent.status == 2 && absent.output.contains(missing), "\(absent.output)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
