import ArgumentParser
import PaymentsCore

/// `--vault-key FILE`: where the key that seals saved card numbers is.
struct VaultKeyOption: ParsableArguments {
    @Option(name: .customLong("vault-key"), help: ArgumentHelp(
        "The vault key file that seals saved card numbers. Default: $CHECKOUT_VAULT_KEY_FILE, else the systemd credential vault-key, else $XDG_CONFIG_HOME/checkout-counter/vault.key.",
        valueName: "path"))
    var file: String?

    var location: VaultKeyLocation { VaultKeyLocation.resolve(flag: file) }
}
