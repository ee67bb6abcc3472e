import Foundation
import Testing
@testable import TerminalUI

/// The repository's `Themes/` directory, found from this file's place in the checkout.
let repositoryThemesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Themes").path

let shippedThemeNames = ["honey", "mono", "midnight", "high-contrast"]

/// A fresh temporary directory, for theme files a test writes.
func temporaryThemeDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("themes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

@Suite struct ThemeLoadingTests {
    @Test(arguments: shippedThemeNames)
    func everyShippedThemeLoadsWithEveryRoleInEveryTier(name: String) throws {
        let theme = try ThemeLibrary(directories: [repositoryThemesDirectory]).load(name)
        #expect(theme.name == name)
        #expect(!theme.summary.isEmpty)
        // [truecolor] is optional: without it the 256-colour looks are shown in truecolor.
        for tier in ColorTier.allCases where tier != .truecolor {
            for role in ColorRole.allCases {
                #expect(theme.defines(role, in: tier), "\(name): \(tier.rawValue).\(role.rawValue) is missing")
            }
        }
    }

    @Test func honeyLooksAsWritten() throws {
        let honey = try ThemeLibrary(directories: [repositoryThemesDirectory]).load("honey")
        #expect(honey.look(for: .accent, in: .colors256) == RoleLook(foreground: .indexed(214), background: .indexed(234), attributes: .bold))
        #expect(honey.look(for: .focus, in: .colors8) == RoleLook(foreground: .indexed(0), background: .indexed(3)))
        #expect(honey.look(for: .text, in: .colors8) == RoleLook(foreground: .terminalDefault, background: .terminalDefault))
        #expect(honey.look(for: .title, in: .monochrome) == RoleLook(attributes: [.bold, .underline]))
    }

    @Test func theBuiltInThemeIsTheShippedHoneyFile() throws {
        let file = try String(contentsOfFile: repositoryThemesDirectory + "/honey.toml", encoding: .utf8)
        #expect(BuiltInTheme.honeySource == file, "Sources/TerminalUI/Themes/BuiltInTheme.swift must copy Themes/honey.toml")
        #expect(Theme.builtIn.name == "honey")
        #expect(Theme.builtIn == (try ThemeLibrary(directories: [repositoryThemesDirectory]).load("honey")))
    }

    @Test func aRoleLeftOutLooksLikeText() throws {
        let theme = try ThemeParser.parse("""
            [colors-8]
            text = { fg = "green" }
            """, file: "partial.toml", defaultName: "partial")
        #expect(theme.name == "partial")
        #expect(theme.look(for: .footer, in: .colors8) == RoleLook(foreground: .indexed(2)))
        #expect(theme.look(for: .footer, in: .colors256) == .plain)
    }

    @Test func colourNamesAndBrightNames() throws {
        let theme = try ThemeParser.parse("""
            [colors-256]
            text = { fg = "bright-white", bg = "Blue" }
            """, file: "names.toml", defaultName: "names")
        #expect(theme.look(for: .text, in: .colors256) == RoleLook(foreground: .indexed(15), background: .indexed(4)))
    }
}

@Suite struct ThemeLibraryTests {
    @Test func aNameIsLookedUpInTheDirectoriesInOrder() throws {
        let first = try temporaryThemeDirectory()
        try "name = \"first honey\"\n".write(toFile: first + "/honey.toml", atomically: true, encoding: .utf8)
        let library = ThemeLibrary(directories: [first, repositoryThemesDirectory])
        #expect(try library.load("honey").name == "first honey")
        #expect(try library.load("midnight").name == "midnight")
        #expect(library.availableThemeNames() == ["high-contrast", "honey", "midnight", "mono"])
    }

    @Test func anArgumentWithASlashOrTomlSuffixIsAPath() throws {
        let directory = try temporaryThemeDirectory()
        let path = directory + "/mine.toml"
        try "description = \"my own\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let library = ThemeLibrary(directories: [repositoryThemesDirectory])
        let theme = try library.load(path)
        #expect(theme.name == "mine")
        #expect(theme.summary == "my own")
        #expect(library.file(for: "honey.toml") == nil, "a .toml argument is a path, relative to the current directory")
    }

    @Test func standardPlacesComeInOrderAndOnlyWhenTheyExist() throws {
        let explicit = try temporaryThemeDirectory()
        let fromEnvironment = try temporaryThemeDirectory()
        let current = try temporaryThemeDirectory()
        try FileManager.default.createDirectory(atPath: current + "/Themes", withIntermediateDirectories: true)
        let executable = repositoryThemesDirectory + "/../.build/x86_64-unknown-linux-gnu/debug/checkout"
        let library = ThemeLibrary.standard(
            explicitDirectory: explicit,
            environment: ["CHECKOUT_THEMES": fromEnvironment],
            currentDirectory: current,
            executablePath: executable
        )
        let repository = URL(fileURLWithPath: repositoryThemesDirectory).standardizedFileURL.path
        #expect(library.directories == [explicit, fromEnvironment, current + "/Themes", repository].map {
            URL(fileURLWithPath: $0).standardizedFileURL.path
        })
        let bare = ThemeLibrary.standard(environment: [:], currentDirectory: "/nonexistent", executablePath: "/usr/bin/checkout")
        #expect(bare.directories.isEmpty)
    }

    @Test func resolvingFallsBackToTheBuiltInThemeWithTheReason() throws {
        let directory = try temporaryThemeDirectory()
        try "[colors-256]\ntext = { fg = 999 }\n".write(toFile: directory + "/bad.toml", atomically: true, encoding: .utf8)
        let library = ThemeLibrary(directories: [directory])

        let broken = library.resolve("bad")
        #expect(broken.theme == .builtIn)
        #expect(broken.problem?.kind == .badValue)
        #expect(broken.problem?.description.hasPrefix(directory + "/bad.toml:2: colors-256.text.fg: 999") == true)

        let missing = library.resolve("nosuch")
        #expect(missing.theme == .builtIn)
        #expect(missing.problem?.kind == .notFound)

        let quietDefault = library.resolve(nil)
        #expect(quietDefault.theme == .builtIn)
        #expect(quietDefault.problem == nil, "no honey.toml anywhere is not a problem: the built-in one is honey")

        #expect(library.resolve(directory + "/absent.toml").problem?.kind == .unreadable)
    }
}
