import ArgumentParser
import Foundation
import PaymentsCore

/// `checkout export --db FILE|URL --from DATE --to DATE`: the shop's orders, payments and refunds
/// of those days as CSV (RFC 4180), for the accounts. Reads only, like `checkout audit`: a file is
/// opened read-only, a fleet's server is read in one snapshot while its counters go on.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a counter's orders, payments and refunds of some days as CSV.",
        discussion: """
        Days are UTC, both included: --from 2026-11-01 --to 2026-11-30 is November. An order \
        counts on the day it was placed (with its lines: goods, shipping, surcharges); each \
        payment, capture and refund on the day its money moved, signed as the books hold it \
        (a refund is negative), so a day's money rows sum to its Z report. Money is in minor \
        units with its currency; a card only by brand and last four. \
        A PostgreSQL server (postgres://...) is read in one snapshot, all counters together. \
        Exit status: 0 when written, 2 when the database cannot be read or the output written.
        """
    )

    @Option(help: ArgumentHelp("The database file to read, or a PostgreSQL URL.", valueName: "path|url"))
    var db: String

    @Option(help: ArgumentHelp("The first day, YYYY-MM-DD (UTC).", valueName: "date"))
    var from: String

    @Option(help: ArgumentHelp("The last day, YYYY-MM-DD (UTC), included.", valueName: "date"))
    var to: String

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "path"))
    var output: String?

    func validate() throws {
        guard let first = Self.day(from) else { throw ValidationError("--from must be a date like 2026-11-25, not '\(from)'.") }
        guard let last = Self.day(to) else { throw ValidationError("--to must be a date like 2026-11-25, not '\(to)'.") }
        guard first <= last else { throw ValidationError("--to (\(to)) comes before --from (\(from)).") }
    }

    func run() throws {
        guard let first = Self.day(from), let last = Self.day(to) else { throw ExitCode.validationFailure }
        let location = DatabaseLocation(argument: db)
        let end = last.addingTimeInterval(24 * 3600)
        let table: CSVTable
        do {
            if case let .server(url) = location {
                table = try LedgerExport.csv(LedgerFile.openReadOnly(server: url), from: first, to: end)
            } else {
                table = try LedgerExport.csv(path: db, from: first, to: end)
            }
        } catch {
            FileHandle.standardError.write(Data("Export of \(location.displayName) failed: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let data = Data(table.text.utf8)
        guard let output else { return FileHandle.standardOutput.write(data) }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("Export to \(output) failed: \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// Midnight UTC of `text` (YYYY-MM-DD), or nil.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
