import ArgumentParser
import CounterApp
import Foundation
import TerminalUI

/// `checkout` / `checkout run`: the interactive counter on this terminal.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the counter on this terminal (what `checkout` does with no subcommand)."
    )

    @OptionGroup var options: CounterOptions

    @Flag(help: "Run as an unattended kiosk (as `checkout kiosk`).")
    var kiosk = false

    @OptionGroup var kioskOptions: KioskOptions

    @Flag(help: "Plain numbered prompts on standard input and output, for a screen reader or a braille line.")
    var accessible = false

    func run() throws {
        try options.logging.start()
        try options.language.speaking(runCounter)
    }

    private func runCounter() throws {
        Log.counter.info("counter starting", metadata: CounterLauncher.startMetadata(mode: accessible ? "accessible" : (kiosk ? "kiosk" : "interactive"), options: options))
        if accessible {
            try CounterLauncher.logEnd { try AccessibleLauncher.run(options: options) }
            return
        }
        // A staffed counter has the operator's back office too (its home's "Operator" line, or F10).
        let pin = OperatorPIN(path: kioskOptions.operatorPinFile ?? OperatorPIN.defaultPath())
        try CounterLauncher.logEnd {
            try CounterLauncher.runInteractive(options: options, kiosk: kiosk ? kioskOptions : nil, printer: kioskOptions.receiptPrinter, operatorPIN: pin)
        }
    }
}
