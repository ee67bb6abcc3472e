import Foundation
import TerminalUI

/// How a tape wants the counter's shell set up, from its `# world:` line:
///
///     # world: kiosk idle=90 attract=60 pin=4711 printer=/path printer-format=text
///     # world: shell                 F2 themes, no kiosk
///     # world: theme=midnight        the shell, starting in that theme
///     # world: kiosk customer cards=4242424242424242 pin=2468
///                                    a shopper signed in before the tape (`CustomerTapeWorld`;
///                                    with `customer`, `pin=` is her payments PIN, not the operator's)
///
/// `operator-pin=` sets the operator PIN when `pin=` is the shopper's.
/// Used by `checkout play` and the tests alike. A `pin=` is hashed into a temporary file (with
/// few PBKDF2 rounds: a tape's PIN guards nothing).
public struct ShellTapeWorld {
    public let words: [String]

    /// Nil when the tape asks for none of the shell's words (a plain counter tape, or another
    /// kind of world such as the auction tapes').
    public init?(tapeText: String) {
        guard let words = TapeWorld.words(ofTape: tapeText) else { return nil }
        guard words.contains(where: { $0 == "kiosk" || $0 == "shell" || $0.hasPrefix("theme=") }) else { return nil }
        self.words = words
    }

    public func value(_ key: String) -> String? {
        words.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// The shopper the world signs in first, if it names one.
    public var customer: CustomerTapeWorld? {
        CustomerTapeWorld(tapeText: "# world: " + words.joined(separator: " "))
    }

    /// `makeServices`: the core to open (a test's, with cheap password hashing); by default the
    /// database given, with the world's shopper in it.
    public func makeShell(library: ThemeLibrary, demoDirectory: String?, database: String = ":memory:", counterName: String? = nil,
                          makeServices: CounterApplication.ServicesFactory? = nil) -> CounterShell {
        let isKiosk = words.contains("kiosk")
        let customer = self.customer
        let idle = value("idle").flatMap(Int.init) ?? 90
        let attract: Duration? = value("attract") == "off" ? nil : .seconds(value("attract").flatMap(Int.init) ?? 60)
        var pin: OperatorPIN?
        if let digits = value("operator-pin") ?? (customer == nil ? value("pin") : nil) {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tape-operator-pin-\(UUID().uuidString)").path
            let operatorPIN = OperatorPIN(path: path, iterations: 1_000)
            try? operatorPIN.set(digits)
            pin = operatorPIN
        }
        let theme = (try? library.load(value("theme") ?? ThemeLibrary.defaultThemeName)) ?? .builtIn
        let format = value("printer-format").flatMap(ReceiptPrinter.Format.init(rawValue:)) ?? .escpos
        let services = makeServices ?? customer?.services(database: database, counterName: counterName)
            ?? CounterApplication.services(database: database, counterName: counterName)
        return CounterShell(counter: CounterApplication(isKiosk: isKiosk, makeServices: services),
                            configuration: KioskFeature.Configuration(isKiosk: isKiosk, idleTimeout: .seconds(idle), attractAfter: attract),
                            themes: ThemeCycle.standard(library: library, current: theme),
                            operatorPIN: pin, printer: value("printer").map { ReceiptPrinter(path: $0, format: format) },
                            demoTapes: DemoPlayer.standardTapes(directory: demoDirectory))
    }
}
