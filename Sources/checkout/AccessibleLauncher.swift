import ArgumentParser
import CounterApp
import Foundation
import Localization

/// `checkout --accessible`: the store as numbered prompts on standard input and output.
enum AccessibleLauncher {
    static func run(settings: CounterSettings) throws {
        let shop = try settings.shop()
        let core = try StorageWords.open(database: settings.database, vaultKey: settings.vaultKey, journalKey: settings.journalKey)
        core.shop = shop
        // The accessible store journals under the host's name (it takes no --counter).
        try StorageWords.checkJournalKey(core, counter: ProcessInfo.processInfo.hostName)
        let counter: AccessibleCounter
        do {
            counter = try AccessibleCounter.onStandardInputOutput(core: core, log: { Log.payments.info("\($0)") })
        } catch {
            FileHandle.standardError.write(Data(("checkout: " + tr("the store could not open its database: {0}", "\(error)") + "\n").utf8))
            throw ExitCode(1)
        }
        let status = ShopInForce.with(shop) { counter.run() }
        if status != 0 { throw ExitCode(status) }
    }
}
