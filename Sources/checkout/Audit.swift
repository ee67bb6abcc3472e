import ArgumentParser
import Foundation
import PaymentsCore

/// `checkout audit --db FILE|URL`: the ledger's invariants checked on a database, for an
/// operator. Reads only (no migration, no vault key), so it is safe on the file of a counter
/// that runs; on a fleet's server, one consistent snapshot while the counters go on.
struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check a counter's database: no order paid twice, no money or jar lost, no card number in clear.",
        discussion: """
        Prints each problem on a line, then a summary. Exit status: 0 when the ledger is sound, \
        1 when something is wrong, 2 when the file cannot be read. The file is opened read-only; \
        a PostgreSQL server (postgres://...) is read in one snapshot.
        """
    )

    @Option(help: ArgumentHelp("The database file to check, or a PostgreSQL URL.", valueName: "path|url"))
    var db: String

    @Option(name: .customLong("max-age"),
            help: ArgumentHelp("How long a payment may wait for its answer before it counts as stuck.", valueName: "minutes"))
    var maxAge: Int = 15

    func validate() throws {
        guard maxAge >= 0 else { throw ValidationError("--max-age must be a number of minutes, 0 or more.") }
    }

    func run() throws {
        let location = DatabaseLocation(argument: db)
        let audit = LedgerAudit(unsettledAfter: .seconds(Int64(maxAge) * 60))
        let violations: [LedgerViolation]
        do {
            if case let .server(url) = location {
                violations = try audit.violations(in: LedgerFile.openReadOnly(server: url), now: Date())
            } else {
                violations = try LedgerFile.audit(path: db, now: Date(), audit)
            }
        } catch {
            FileHandle.standardError.write(Data("Audit of \(location.displayName) failed: \(error)\n".utf8))
            throw ExitCode(2)
        }
        for violation in violations { print(violation) }
        print("Audit of \(location.displayName): \(violations.count) \(violations.count == 1 ? "problem" : "problems")")
        if !violations.isEmpty { throw ExitCode(1) }
    }
}
