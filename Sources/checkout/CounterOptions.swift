import ArgumentParser
import Foundation

/// Options every way of running the counter shares.
struct CounterOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The theme: a name from Themes/ or a path to a .toml file.", valueName: "name|path"))
    var theme: String?

    @Option(name: .long, help: ArgumentHelp("The database file, :memory: for a throwaway one, or a PostgreSQL server shared by a fleet of counters (postgres://user@host/dbname, postgresql://..., or postgres: with libpq's PGHOST...). Default: $XDG_DATA_HOME/checkout-counter/counter.sqlite.", valueName: "path|url"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("This counter's name, unique among the counters on one database: the orders it takes payments for, and their receipts, carry it. A staffed counter keeps a guest's cart under it across restarts. Default: the host name.", valueName: "name"))
    var counter: String?

    @OptionGroup var shop: ShopOption

    @OptionGroup var vaultKey: VaultKeyOption

    @OptionGroup var journalKey: JournalKeyOption

    @OptionGroup var language: LanguageOption

    @OptionGroup var logging: LogOptions

    // On by default: the counter runs on its seeded demo shop and simulated acquirer, bank and
    // wallet, whose test controls are how one tries each outcome.
    @Flag(inversion: .prefixedNo, help: "Show the test-only controls (the bank's test situations, the slow test wallet, the test cards' code, internal ids). A real shop runs --no-demo.")
    var demo = true

    var settings: CounterSettings {
        CounterSettings(theme: theme, database: db, counter: counter, vaultKeyFile: vaultKey.file, journalKeyFile: journalKey.file, languageIdentifier: language.identifier,
                        logFile: logging.log, logLevel: logging.logLevel, demo: demo, shopFile: shop.file)
    }

    mutating func validate() throws {
        if let counter {
            let trimmed = counter.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 40, !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
                throw ValidationError("--counter: a name of 1 to 40 printable characters, such as \"till-1\".")
            }
            self.counter = trimmed
        }
    }
}
