@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Where the repository's themes and demo tapes are, for the shell the tapes ask for
/// (`ShellTapeWorld` reads their `# world:` line; TapeTests leaves these tapes to this suite).
final class KioskTapeWorld {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var library: ThemeLibrary { ThemeLibrary(directories: [root.appendingPathComponent("Themes").path]) }
    let world: ShellTapeWorld?
    private(set) var shell: CounterShell?

    init(tapeText: String) {
        world = ShellTapeWorld(tapeText: tapeText)
    }

    func makeApplication() -> CounterShell {
        let shell = (world ?? ShellTapeWorld(tapeText: "# world: shell")!)
            .makeShell(library: Self.library, demoDirectory: Self.root.appendingPathComponent("Tapes/demo").path)
        self.shell = shell
        return shell
    }
}

@Suite struct KioskTapeTests {
    static let directories = ["kiosk", "themes", "backoffice"]

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
        let world = KioskTapeWorld(tapeText: text)
        #expect(world.world != nil, "\(relativePath) has no shell # world: line")
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
