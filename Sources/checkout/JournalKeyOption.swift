import ArgumentParser
import PaymentsCore

/// `--journal-key FILE`: where this counter's journal signing key is.
struct JournalKeyOption: ParsableArguments {
    @Option(name: .customLong("journal-key"), help: ArgumentHelp(
        "This counter's journal signing key file (Ed25519, made on first use). Default: $CHECKOUT_JOURNAL_KEY_FILE, else the systemd credential journal-key, else journal-COUNTER.key beside the vault key.",
        valueName: "path"))
    var file: String?
}
