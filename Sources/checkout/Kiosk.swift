import ArgumentParser
import CounterApp
import Foundation
import Localization
import Logging
import PaymentsCore
import TerminalUI

/// `checkout kiosk` (or `checkout --kiosk`): the counter unattended.
struct Kiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the counter as an unattended kiosk.",
        discussion: """
        A kiosk refuses q, Ctrl+C, Ctrl+Z and Ctrl+\\ (and ignores SIGINT, SIGQUIT and SIGTSTP). \
        After --idle seconds without a key, on any screen, it asks "Are you still there?" and, \
        10 s later, starts over the way Esc goes back (nothing is left half-done): cart emptied, \
        shopper logged out (orders and saved cards stay). After a receipt it starts over by \
        itself after 30 s. Resting at home, it plays the demo tapes in Tapes/demo/ on a \
        throwaway database until a key is pressed. With --printer, each paid order's receipt is \
        printed once, in ESC/POS (also one paid while the counter was stopped, at the next \
        start). F10 opens the operator's menu (reprint any receipt, print waiting receipts, \
        change theme, exit) behind the operator PIN; a shopper's F2 does nothing.

        Set the PIN once, at install time:
          echo 4711 | checkout kiosk --set-operator-pin
        """
    )

    @OptionGroup var options: CounterOptions
    @OptionGroup var kiosk: KioskOptions

    @Flag(help: "Read the operator PIN (4 to 12 digits) from standard input, store its hash, and exit.")
    var setOperatorPin = false

    func run() throws {
        if !setOperatorPin { try options.logging.start() }
        try options.language.speaking(runKiosk)
    }

    private func runKiosk() throws {
        let pin = OperatorPIN(path: kiosk.operatorPinFile ?? OperatorPIN.defaultPath())
        if setOperatorPin {
            try Self.setPIN(pin)
            return
        }
        Log.counter.info("counter starting", metadata: CounterLauncher.startMetadata(mode: "kiosk", settings: options.settings))
        if !pin.isSet {
            Log.counter.warning("no operator PIN is set", metadata: ["file": "\(pin.path)"])
            FileHandle.standardError.write(Data(("checkout: " + tr("no operator PIN is set ({0}); the kiosk can only be stopped by the system. Set one with: checkout kiosk --set-operator-pin", pin.path) + "\n").utf8))
        }
        try CounterLauncher.logEnd { try CounterLauncher.runInteractive(settings: options.settings, kiosk: kiosk, printer: kiosk.receiptPrinter, operatorPIN: pin) }
    }

    static func setPIN(_ pin: OperatorPIN) throws {
        if isatty(STDIN_FILENO) == 1 { print(tr("Operator PIN (digits), then Enter:")) }
        guard let line = readLine(strippingNewline: true) else {
            throw ValidationError(tr("no PIN on standard input"))
        }
        do {
            try pin.set(line.trimmingCharacters(in: .whitespaces))
        } catch {
            throw ValidationError("\(error)")
        }
        print(tr("Operator PIN stored (hashed) in {0}.", pin.path))
    }
}

/// What a kiosk is configured with (also accepted by `checkout --kiosk`).
struct KioskOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds without input before \"Are you still there?\".", valueName: "seconds"))
    var idle: Int = 90

    @Option(help: ArgumentHelp("Seconds resting at home before the demo plays; 0: never.", valueName: "seconds"))
    var attract: Int = 60

    @Option(help: ArgumentHelp("Print each paid order's receipt to this receipt printer (a device such as /dev/usb/lp0) or file.", valueName: "path"))
    var printer: String?

    @Option(help: ArgumentHelp("What --printer is written in: escpos (a receipt printer's commands: cut, QR code, bold total) or text (plain lines appended to a file).", valueName: "format"))
    var printerFormat: ReceiptPrinter.Format = .escpos

    @Option(help: ArgumentHelp("Where the operator PIN's hash is kept. Default: $XDG_CONFIG_HOME/checkout-counter/operator-pin.", valueName: "path"))
    var operatorPinFile: String?

    func validate() throws {
        guard idle >= 5 else { throw ValidationError("--idle must be at least 5 seconds") }
        guard attract >= 0 else { throw ValidationError("--attract is 0 (never) or a number of seconds") }
    }

    /// The receipt printer named by --printer, kiosk or staffed counter alike.
    var receiptPrinter: ReceiptPrinter? {
        printer.map { ReceiptPrinter(path: $0, format: printerFormat) }
    }

    func configuration(isKiosk: Bool) -> KioskFeature.Configuration {
        KioskFeature.Configuration(isKiosk: isKiosk, idleTimeout: .seconds(idle), attractAfter: attract == 0 ? nil : .seconds(attract))
    }
}

/// Opens the counter, in its shell, on this terminal.
enum CounterLauncher {
    /// What the start line says: how the counter runs, where its data is, in which language.
    static func startMetadata(mode: String, settings: CounterSettings) -> Logger.Metadata {
        ["mode": "\(mode)", "version": "\(CounterVersion.string)", "pid": "\(getpid())",
         "language": "\(Language.current)", "theme": "\(settings.theme ?? ThemeLibrary.defaultThemeName)"]
    }

    /// Runs `body` and logs how the counter ended: its exit status, or the error that ended it.
    static func logEnd(_ body: () throws -> Void) throws {
        do {
            try body()
            Log.counter.info("counter ended", metadata: ["status": "0"])
        } catch let exit as ExitCode {
            Log.counter.notice("counter ended", metadata: ["status": "\(exit.rawValue)"])
            throw exit
        } catch {
            Log.counter.error("counter ended", metadata: ["error": "\(error)"])
            throw error
        }
    }

    /// The printer's doings in the operator's log: a receipt that could not be printed (it waits
    /// in the operator's menu, and is printed at the next start) is a warning.
    static func logReceipt(_ report: ReceiptReport) {
        switch report {
        case let .printed(order, destination, copy):
            Log.counter.info("receipt printed", metadata: ["order": "\(order)", "printer": "\(destination)", "copy": "\(copy)"])
        case let .failed(order, reason):
            Log.counter.warning("receipt not printed", metadata: ["order": "\(order)", "reason": "\(reason)"])
        case let .unavailable(reason):
            Log.counter.warning("receipt printer cannot be written", metadata: ["reason": "\(reason)"])
        case .paperLow:
            Log.counter.warning("receipt printer paper low: change the roll soon")
        case let .refundReceiptsPrinted(count):
            Log.counter.info("waiting refund and void receipts printed", metadata: ["count": "\(count)"])
        case let .reportsPrinted(count):
            Log.counter.info("waiting Z reports printed", metadata: ["count": "\(count)"])
        case let .reportsNotPrinted(reason):
            Log.counter.warning("Z reports wait for the printer", metadata: ["reason": "\(reason)"])
        }
    }

    static func runInteractive(settings: CounterSettings, kiosk: KioskOptions?, printer: ReceiptPrinter?, operatorPIN: OperatorPIN?) throws {
        let library = ThemeLibrary.standard()
        let resolution = library.resolve(settings.theme)
        let isKiosk = kiosk != nil
        // Curses owns the screen once the counter opens, so a theme problem is shown inside it
        // (and repeated on standard error after the terminal is given back).
        // A kiosk forgets every shopper, also across a restart; a staffed counter keeps a guest's cart.
        let shop = try settings.shop()
        let makeServices = try StorageWords.services(database: settings.database, vaultKey: settings.vaultKey, journalKey: settings.journalKey,
                                                     counterName: settings.counterName, keepsGuestCart: !isKiosk, shop: shop)
        let counter = CounterApplication(isKiosk: isKiosk, notice: resolution.problem.map { tr("Theme not used: {0}", "\($0)") }, demo: settings.demo,
                                         makeServices: makeServices)
        let shell = CounterShell(counter: counter, configuration: kiosk?.configuration(isKiosk: true) ?? KioskFeature.Configuration(isKiosk: false),
                                 themes: ThemeCycle.standard(library: library, current: resolution.theme),
                                 operatorPIN: operatorPIN, printer: printer,
                                 demoTapes: isKiosk ? DemoPlayerTapes.standard() : [], report: Self.logReceipt)
        let status: Int32
        do {
            status = try ShopInForce.with(shop) { try TerminalSession.run(shell, theme: resolution.theme, ignoresInterrupts: isKiosk) }
        } catch {
            Log.counter.error("the terminal cannot draw", metadata: ["reason": "\(error)"])
            // The way on: a terminal that can draw, or the same store as plain lines.
            FileHandle.standardError.write(Data(("checkout: " + tr("{0}.", "\(error)") + "\n" + tr("""
                Run it in a terminal such as xterm (TERM=xterm-256color),
                or use `checkout --accessible` for the store as plain numbered prompts.
                """) + "\n").utf8))
            throw ExitCode(1)
        }
        if let failure = counter.startFailure {
            Log.storage.error("the store could not open its database", metadata: ["reason": "\(failure)"])
            StorageWords.writeError((failure as? CoreOpenError).map(StorageWords.problem)
                                    ?? tr("the store could not open its database: {0}", "\(failure)"))
            throw ExitCode(StorageWords.cannotOpenStatus)
        }
        if let problem = resolution.problem {
            FileHandle.standardError.write(Data(("checkout: " + tr("theme not used: {0}", "\(problem)") + "\n").utf8))
        }
        if status != 0 { throw ExitCode(status) }
    }
}

extension ReceiptPrinter.Format: ExpressibleByArgument {}
