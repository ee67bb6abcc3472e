import ArgumentParser
import Foundation
import Localization
import PaymentsCore

/// `checkout vault`: the key that seals saved card numbers.
struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "Manage the vault key that seals saved card numbers.",
        subcommands: [Rotate.self]
    )

    struct Rotate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-seal every stored card number under a new vault key.",
            discussion: """
            Every saved card's sealed number and fingerprint, and every unsettled charge's \
            sealed number, is re-sealed under a new key in one transaction. The new key is first \
            written beside the old one as FILE.new, and renamed over the old one only after the \
            database is committed: stopped at any moment, the database is never sealed under a \
            key that is not on disk, and the next start finishes the rotation. Keep the old key's \
            backups away: it no longer opens this database. Stop the counters on this database \
            first.
            """
        )

        @Option(help: ArgumentHelp("The database file. Default: $XDG_DATA_HOME/checkout-counter/counter.sqlite.", valueName: "path"))
        var db: String?

        @OptionGroup var vaultKey: VaultKeyOption
        @OptionGroup var language: LanguageOption

        func validate() throws {
            if db == ":memory:" { throw ValidationError(tr("a throwaway database has no vault key to rotate")) }
        }

        func run() throws {
            try language.speaking(rotate)
        }

        private func rotate() throws {
            let core = try StorageWords.open(database: db, vaultKey: vaultKey.location)
            defer { try? core.close() }
            let report: VaultRotation.Report
            do {
                report = try core.rotateVaultKey()
            } catch {
                StorageWords.writeError(tr("the vault key rotation stopped: {0}. Nothing is lost: the next start finishes it, or keeps the old key.", "\(error)"))
                throw ExitCode.failure
            }
            print(tr("Re-sealed {0} saved cards and {1} unsettled charges under a new vault key: {2}",
                     "\(report.savedCards)", "\(report.charges)", core.vaultKeyPath))
            if report.fingerprintsKept > 0 {
                print(tr("{0} saved cards kept without their number keep their old fingerprint: saving the same card again adds it anew.",
                         "\(report.fingerprintsKept)"))
            }
        }
    }
}
