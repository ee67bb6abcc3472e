import Foundation
import PaymentsCore

/// The counter's options as plain values: what ArgumentParser parsed into `CounterOptions`, or
/// what `CommonInvocation` read without it. Starting the counter reads the command line from
/// here only, so that both ways start it alike.
struct CounterSettings: Equatable {
    var theme: String?
    var database: String?
    var counter: String?
    var vaultKeyFile: String?
    var journalKeyFile: String?
    var languageIdentifier: String?
    var logFile: String?
    var logLevel = LogOptions.defaultLevel
    var demo = true
    /// `--shop FILE`; nil: the default place (`ShopSettingsFile.defaultPath`), else the defaults.
    var shopFile: String?

    /// The counter's name: the one given, else the host name.
    var counterName: String { counter ?? ProcessInfo.processInfo.hostName }

    var vaultKey: VaultKeyLocation { VaultKeyLocation.resolve(flag: vaultKeyFile) }

    /// The shop's settings, or the counter stops here, saying what is wrong and where.
    func shop() throws -> ShopSettings { try ShopOption.load(shopFile) }
    var journalKey: JournalKeyLocation { JournalKeyLocation.resolve(flag: journalKeyFile, vaultKey: vaultKey) }
}
