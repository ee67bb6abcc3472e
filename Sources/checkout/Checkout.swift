import ArgumentParser

/// The `checkout` command: the interactive counter by default, and the tools around it.
@main
struct Checkout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout",
        abstract: "A checkout counter for the text console: a honey store, auctions and more.",
        discussion: """
        With no subcommand, opens the counter on this terminal. Everything runs offline on a \
        local payments core; the database keeps customers, saved cards (never the full number \
        in clear, never the CVC) and orders.

        Examples:
          checkout                          open the counter
          checkout --db :memory:            open it on a throwaway database
          checkout play Tapes/store/*.tape  replay tapes headless and check the screens
          checkout themes                   see the themes
          checkout kiosk --idle 90          run unattended (see checkout kiosk --help)
          checkout --accessible             plain numbered prompts, no full screen
          checkout vault rotate             re-seal the saved cards under a new key
          checkout audit --db FILE|URL      check a database: nothing paid twice
          checkout journal verify --db FILE|URL
                                            check the counters' signed journals
          checkout migrate --db URL         set up a PostgreSQL server's tables
          checkout export --db FILE --from 2026-11-01 --to 2026-11-30
                                            the orders, payments and refunds as CSV
          checkout staff add --db FILE|URL --name NAME --role cashier|manager
                                            add a person (PIN on standard input);
                                            staff list, staff disable NAME

        The counter's options (checkout [run] OPTIONS; checkout help run says more):
          --db <path|url>       the database file, :memory: for a throwaway one, or
                                a PostgreSQL server a fleet shares (postgres://...)
          --theme <name|path>   a theme from Themes/, or a .toml file
          --lang <language>     en or zh-Hans (default: from the environment)
          --vault-key <path>    the key that seals saved card numbers
          --shop <file>         the shop's settings: name, address, VAT number and
                                rates, time zone (Docs/shop-settings.md)
          --journal-key <path>  the key that signs this counter's journal
                                (default: beside the vault key)
          --counter <name>      this counter's name (default: the host name), on its
                                orders' receipts; a staffed counter keeps a
                                guest's cart under it
          --accessible          numbered prompts, for a screen reader or braille
          --no-demo             a real shop: no test-only controls or wording
                                (--demo, the default, shows them)
          --log <file>          the operator's log; --log-level <level>: how much
          --kiosk               unattended, with --idle <seconds>, --attract
                                <seconds>, --printer <path>, --printer-format
                                escpos|text, --operator-pin-file <path>
                                (see checkout kiosk --help)

        Exit status at start: 3 when the database, its vault key or the shop's settings cannot \
        be used (the message says which file and what to do), 1 when the terminal cannot draw.
        """,
        version: CounterVersion.string,
        subcommands: [Run.self, Play.self, Themes.self, Kiosk.self, VaultCommand.self, Audit.self, Export.self, Migrate.self,
                      JournalCommand.self, StaffCommand.self],
        defaultSubcommand: Run.self
    )
}

extension Checkout {
    /// The counter's common command lines open it without ArgumentParser (`CommonInvocation`);
    /// every other one, and every error, goes through ArgumentParser as before.
    static func main() {
        guard let settings = CommonInvocation.settings(for: Array(CommandLine.arguments.dropFirst())) else {
            return main(nil)
        }
        do {
            try Run.open(settings, mode: .interactive, printer: nil, operatorPinFile: nil)
        } catch {
            exit(withError: error)
        }
    }
}

enum CounterVersion {
    static let string = "0.1.0"
}
