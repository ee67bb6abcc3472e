import ArgumentParser
import CounterApp
import Foundation
import Localization
import PaymentsCore

/// `--shop FILE`: the shop's settings (name, address, VAT number, currency, VAT rates, time
/// zone, cash rules; Docs/shop-settings.md).
struct ShopOption: ParsableArguments {
    @Option(name: .customLong("shop"), help: ArgumentHelp(
        "The shop's settings (name, address, VAT number, VAT rates, time zone, cash rounding), a TOML file. Default: $XDG_CONFIG_HOME/checkout-counter/shop.toml when it exists, else a German shop selling in euros.",
        valueName: "file"))
    var file: String?

    /// The settings `file` (or the default place) gives; a bad file stops the command with an
    /// error naming the file, the line and the key, and the status that says a restart will not help.
    static func load(_ file: String?) throws -> ShopSettings {
        do {
            return try ShopSettingsFile.load(file)
        } catch {
            StorageWords.writeError(tr("the shop's settings cannot be used: {0}", "\(error)"))
            throw ExitCode(StorageWords.cannotOpenStatus)
        }
    }
}
