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
        let mode: Mode = accessible ? .accessible : (kiosk ? .kiosk(kioskOptions) : .interactive)
        try Self.open(options.settings, mode: mode, printer: kioskOptions.receiptPrinter, operatorPinFile: kioskOptions.operatorPinFile)
    }

    enum Mode {
        case interactive
        case kiosk(KioskOptions)
        case accessible

        var name: String {
            switch self {
            case .interactive: "interactive"
            case .kiosk: "kiosk"
            case .accessible: "accessible"
            }
        }
    }

    /// Opens the counter as `checkout run` does, from its options as values (also the way
    /// `CommonInvocation` opens it without ArgumentParser).
    static func open(_ settings: CounterSettings, mode: Mode, printer: ReceiptPrinter?, operatorPinFile: String?) throws {
        try LogOptions.start(log: settings.logFile, level: settings.logLevel)
        try LanguageOption.speaking(settings.languageIdentifier) {
            Log.counter.info("counter starting", metadata: CounterLauncher.startMetadata(mode: mode.name, settings: settings))
            if case .accessible = mode {
                try CounterLauncher.logEnd { try AccessibleLauncher.run(settings: settings) }
                return
            }
            // A staffed counter has the operator's back office too (its home's "Operator" line, or F10).
            let pin = OperatorPIN(path: operatorPinFile ?? OperatorPIN.defaultPath())
            let kiosk: KioskOptions? = if case let .kiosk(options) = mode { options } else { nil }
            try CounterLauncher.logEnd {
                try CounterLauncher.runInteractive(settings: settings, kiosk: kiosk, printer: printer, operatorPIN: pin)
            }
        }
    }
}
