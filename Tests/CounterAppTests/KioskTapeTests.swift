@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// The counter in its shell, as a tape's `# world:` line asks (TapeTests leaves these tapes to
/// this suite):
///
///     # world: kiosk idle=90 attract=60 pin=4711 printer=/path
///     # world: shell                 F2 themes, no kiosk
///     # world: theme=midnight        the shell, starting in that theme
///
/// The themes are the repository's `Themes/`; the demo tapes are `Tapes/demo/`.
final class KioskTapeWorld {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let words: [String]
    private(set) var shell: CounterShell?

    init(worldLine: String) {
        words = worldLine.split(separator: " ").map(String.init)
    }

    func value(_ key: String) -> String? {
        words.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    static var library: ThemeLibrary { ThemeLibrary(directories: [root.appendingPathComponent("Themes").path]) }

    func makeApplication() -> CounterShell {
        let isKiosk = words.contains("kiosk")
        let idle = value("idle").flatMap(Int.init) ?? 90
        let attract = value("attract").flatMap(Int.init)
        let configuration = KioskFeature.Configuration(isKiosk: isKiosk, idleTimeout: .seconds(idle),
                                                       attractAfter: value("attract") == "off" ? nil : .seconds(attract ?? 60))
        var pin: OperatorPIN?
        if let digits = value("pin") {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-pin-\(UUID().uuidString)").path
            let operatorPIN = OperatorPIN(path: path, iterations: 1_000)
            try? operatorPIN.set(digits)
            pin = operatorPIN
        }
        let theme = (try? Self.library.load(value("theme") ?? "honey")) ?? .builtIn
        let demos = DemoPlayer.standardTapes(directory: Self.root.appendingPathComponent("Tapes/demo").path)
        let shell = CounterShell(counter: CounterApplication(isKiosk: isKiosk, makeServices: CounterApplication.services(database: ":memory:")),
                                 configuration: configuration, themes: ThemeCycle.standard(library: Self.library, current: theme),
                                 operatorPIN: pin, printer: value("printer").map(ReceiptPrinter.init(path:)), demoTapes: demos)
        self.shell = shell
        return shell
    }
}

@Suite struct KioskTapeTests {
    static let directories = ["kiosk", "themes"]

    static func tapes() -> [String] {
        directories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: KioskTapeWorld.root.appendingPathComponent("Tapes/\(directory)").path)) ?? [])
                .filter { $0.hasSuffix(".tape") }.map { "\(directory)/\($0)" }
        }.sorted()
    }

    @discardableResult
    static func play(_ relativePath: String) throws -> (TapeResult, KioskTapeWorld) {
        let path = KioskTapeWorld.root.appendingPathComponent("Tapes/\(relativePath)").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let world = KioskTapeWorld(worldLine: AuctionTapeWorld.worldLine(of: text))
        let player = TapePlayer(update: ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1")
        let result = try player.play(text, path: path, makeApplication: world.makeApplication)
        return (result, world)
    }

    @Test func thereAreKioskAndThemeTapes() {
        #expect(Self.tapes().count >= 9, "found \(Self.tapes())")
    }

    @Test(arguments: tapes())
    func tapePlays(_ relativePath: String) throws {
        let (result, _) = try Self.play(relativePath)
        #expect(result.failure == nil, "\(result.report(path: relativePath))\n\(result.output)")
    }

    @Test func operatorExitEndsWithStatusZero() throws {
        let (result, world) = try Self.play("kiosk/locked-exit.tape")
        #expect(result.failure == nil)
        #expect(world.shell?.exitStatus == 0)
    }
}
