@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// F2's order: the theme files found, from the one the counter started with; a user's own
/// theme file (`--theme ./my.toml`) joins the cycle.
@Suite struct ThemeCycleTests {
    @Test func f2StepsThroughEveryThemeFromTheCurrentOne() throws {
        let library = ThemePaletteTests.library
        var cycle = ThemeCycle.standard(library: library, current: try library.load("honey"))
        #expect(cycle.current.name == "honey")
        let seen = (0..<4).map { _ in cycle.next().name }
        #expect(seen == ["midnight", "mono", "high-contrast", "honey"])
    }

    /// Only the current theme is needed to draw: the other files are read at the first F2.
    @Test func theOtherThemeFilesAreReadAtTheFirstStepNotAtStart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let shipped = KioskTapeWorld.root.appendingPathComponent("Themes")
        try FileManager.default.copyItem(at: shipped.appendingPathComponent("honey.toml"), to: directory.appendingPathComponent("honey.toml"))
        let library = ThemeLibrary(directories: [directory.path])
        var cycle = ThemeCycle.standard(library: library, current: try library.load("honey"))
        // Written after the cycle was made, before its first step: a cycle that had read the
        // directory at start would not know it.
        try FileManager.default.copyItem(at: shipped.appendingPathComponent("mono.toml"), to: directory.appendingPathComponent("mono.toml"))
        #expect(cycle.current.name == "honey")
        #expect(cycle.next().name == "mono")
        #expect(cycle.next().name == "honey")
    }

    @Test func aUserThemeFromAPathJoinsTheCycle() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("my-\(UUID().uuidString).toml").path
        let honey = try String(contentsOfFile: KioskTapeWorld.root.appendingPathComponent("Themes/honey.toml").path, encoding: .utf8)
        try honey.replacingOccurrences(of: "name = \"honey\"", with: "name = \"my-own\"").write(toFile: path, atomically: true, encoding: .utf8)
        let library = ThemePaletteTests.library
        var cycle = ThemeCycle.standard(library: library, current: try library.load(path))
        #expect(cycle.current.name == "my-own")
        #expect(cycle.themes.count == 5)
        let names = (0..<5).map { _ in cycle.next().name }
        #expect(names.last == "my-own")
        #expect(Set(names) == ["honey", "mono", "midnight", "high-contrast", "my-own"])
    }
}
