import ArgumentParser
import Foundation
import PaymentsCore

/// `checkout journal verify --db FILE|URL`: every counter's signed journal checked, entry by
/// entry, for an operator or an auditor. Reads only, like `checkout audit`.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Check the counters' signed journals of receipts, refunds, voids and Z reports.",
        subcommands: [Verify.self]
    )

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every counter's journal chain: no entry changed, missing or unsigned.",
            discussion: """
            For each counter: the entries are numbered from 1 without a gap, each hash is \
            recomputed from the entry's columns and the hash before it, and each signature is \
            checked against the public key the database records for the counter. Prints one \
            line per counter (its entries, last hash and key fingerprint) when its chain holds, \
            else the first entry that does not. A chain re-signed whole under a replaced key is \
            told by --key (the counter's key file, kept apart from the data) or --fingerprint \
            (as printed on an earlier Z report). Exit status: 0 when every chain holds, 1 when \
            one does not, 2 when the database or a key file cannot be read.
            """
        )

        @Option(help: ArgumentHelp("The database file to check, or a PostgreSQL URL.", valueName: "path|url"))
        var db: String

        @Option(name: .customLong("key"), help: ArgumentHelp(
            "A counter's journal key file, as COUNTER=FILE: its public key must be the one the database records (repeatable).",
            valueName: "counter=path"))
        var keys: [String] = []

        @Option(name: .customLong("fingerprint"), help: ArgumentHelp(
            "A counter's key fingerprint as printed before, as COUNTER=FINGERPRINT (repeatable).", valueName: "counter=fingerprint"))
        var fingerprints: [String] = []

        func validate() throws {
            for pair in keys + fingerprints where Self.split(pair) == nil {
                throw ValidationError("'\(pair)' is not COUNTER=VALUE.")
            }
        }

        static func split(_ pair: String) -> (counter: String, value: String)? {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex, pair.index(after: equals) != pair.endIndex else { return nil }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }

        func run() throws {
            let location = DatabaseLocation(argument: db)
            var verifier = JournalVerifier()
            for (counter, path) in keys.compactMap(Self.split) {
                do { verifier.checkedKeys[counter] = try JournalVerifier.publicKey(ofKeyFile: path, counter: counter) } catch {
                    FileHandle.standardError.write(Data("Journal key \(path) cannot be read: \(error)\n".utf8))
                    throw ExitCode(2)
                }
            }
            for (counter, fingerprint) in fingerprints.compactMap(Self.split) { verifier.checkedFingerprints[counter] = fingerprint }
            let verification: JournalVerification
            do {
                if case let .server(url) = location {
                    verification = try verifier.verify(LedgerFile.openReadOnly(server: url))
                } else {
                    let queue = try LedgerFile.openReadOnly(path: db)
                    defer { try? queue.close() }
                    verification = try verifier.verify(SQLiteCoreStore(queue))
                }
            } catch {
                FileHandle.standardError.write(Data("Journal of \(location.displayName) cannot be read: \(error)\n".utf8))
                throw ExitCode(2)
            }
            for chain in verification.chains { print(chain.firstProblem?.description ?? chain.description) }
            for problem in verification.keyProblems { print(problem) }
            if verification.chains.isEmpty { print("Journal of \(location.displayName): no counter has journaled anything yet.") }
            let problems = verification.problems.count
            print("Journal of \(location.displayName): \(verification.chains.count) \(verification.chains.count == 1 ? "counter" : "counters"), "
                  + "\(problems) \(problems == 1 ? "problem" : "problems")")
            if problems > 0 { throw ExitCode(1) }
        }
    }
}
