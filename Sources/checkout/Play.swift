import ArgumentParser
import CounterApp
import Foundation
import PaymentsCore
import TerminalUI

/// `checkout play`: replays tapes headless, on a memory surface and the manual clock.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run tapes headless and check what the screen shows.",
        discussion: """
        Each tape runs on a memory surface with a manual clock (it moves only on Sleep) and an \
        in-memory database unless --db says otherwise, so it replays the same way every time.

        Exit status: 0 when every Expect and Snapshot held, 1 when one did not (the line, the \
        expectation and the screen are printed), 2 when a tape has a malformed line (reported \
        before anything runs).
        """
    )

    @Argument(help: ArgumentHelp("The tape files to play.", valueName: "tape"))
    var tapes: [String]

    @Option(help: ArgumentHelp("The terminal size.", valueName: "COLSxROWS"))
    var size: String = "80x24"

    @Option(help: ArgumentHelp("The database file, or a PostgreSQL URL; default :memory:.", valueName: "path|url"))
    var db: String = ":memory:"

    @Option(help: ArgumentHelp("The counter's name on the orders the tapes pay for (a fleet's tapes on one server). Default: the host name.",
                               valueName: "name"))
    var counter: String?

    @Flag(help: "Rewrite the golden snapshots instead of comparing with them.")
    var update = false

    /// For a tape on a database file (--db).
    @OptionGroup var vaultKey: VaultKeyOption
    @OptionGroup var journalKey: JournalKeyOption

    /// A tape's own `Set Language` line wins over this.
    @OptionGroup var language: LanguageOption

    /// Only when given: without it a tape runs with the default shop in UTC, the same on every
    /// machine (the settings file at the default place is not read).
    @Option(name: .customLong("shop"), help: ArgumentHelp(
        "The shop's settings the tapes run with (Docs/shop-settings.md). Default: the seed shop, times in UTC; the settings file in the config directory is not read.",
        valueName: "file"))
    var shopFile: String?

    func validate() throws {
        guard Size(notation: size) != nil else {
            throw ValidationError("--size must look like 80x24 (columns x rows), got \"\(size)\".")
        }
    }

    func run() throws {
        let settings = try shopFile.map { try ShopOption.load($0) } ?? ShopInForce.settings
        try language.speaking { try ShopInForce.with(settings, playTapes) }
    }

    private func playTapes() throws {
        // The tapes open their services deep in the app; the flag reaches them as the
        // environment variable the core reads when no flag is given.
        if let file = vaultKey.file { setenv(VaultKeyLocation.environmentVariable, file, 1) }
        if let file = journalKey.file { setenv(JournalKeyLocation.environmentVariable, file, 1) }
        let terminalSize = Size(notation: size)!
        var worst: Int32 = 0
        for path in tapes {
            let player = TapePlayer(size: terminalSize, update: update)
            // Kiosk, theme and some auction tapes say on a `# world:` line how the counter is set up.
            let text = try? String(contentsOfFile: path, encoding: .utf8)
            let makeApplication = TapeWorld.makeApplication(forTape: text, database: db, counterName: counter)
            let status = player.run(tapeAt: path, makeApplication: makeApplication, print: { print($0) })
            // A malformed tape (2) outranks a failed expectation (1): it never ran at all.
            worst = max(worst, status)
        }
        if worst != 0 { throw ExitCode(worst) }
    }
}
