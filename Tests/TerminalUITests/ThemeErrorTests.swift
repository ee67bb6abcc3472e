import Testing
@testable import TerminalUI

/// Parses `text` as a theme file called `file`, returning the error it must produce.
func themeError(_ text: String, file: String = "Themes/broken.toml") -> ThemeError? {
    do {
        _ = try ThemeParser.parse(text, file: file, defaultName: "broken")
        return nil
    } catch {
        return error
    }
}

/// Every kind of broken theme file names the file, the line and the key.
@Suite struct ThemeErrorTests {
    @Test func syntaxErrorNamesTheLineAndTheKeyOnIt() throws {
        let error = try #require(themeError("""
            name = "broken"

            [colors-256]
            text = { fg = 230, bg = 234 }
            accent = { fg = 214, bg =  }
            """))
        #expect(error.kind == .syntax)
        #expect(error.file == "Themes/broken.toml")
        #expect(error.line == 5)
        #expect(error.key == "colors-256.accent")
        #expect(error.description.hasPrefix("Themes/broken.toml:5: colors-256.accent: "))
    }

    @Test func unknownTopLevelKey() throws {
        let error = try #require(themeError("name = \"x\"\n\n[colours-256]\ntext = { fg = 1 }\n"))
        #expect(error.kind == .unknownKey)
        #expect(error.line == 3)
        #expect(error.key == "colours-256")
    }

    @Test func unknownRole() throws {
        let error = try #require(themeError("[colors-8]\ntext = { fg = \"red\" }\nhighlight = { fg = \"red\" }\n"))
        #expect(error.kind == .unknownRole)
        #expect(error.line == 3)
        #expect(error.key == "colors-8.highlight")
        #expect(error.detail.contains("accent"), "the message lists the roles there are")
    }

    @Test func unknownFieldInALook() throws {
        let error = try #require(themeError("[colors-256]\ntext = { fg = 1, colour = 2 }\n"))
        #expect(error.kind == .unknownKey)
        #expect(error.line == 2)
        #expect(error.key == "colors-256.text.colour")
    }

    @Test(arguments: [
        ("[colors-256]\n\ntext = { fg = 256 }\n", 3, "colors-256.text.fg"),
        ("[colors-256]\ntext = { bg = \"amber\" }\n", 2, "colors-256.text.bg"),
        ("[colors-8]\ntext = { fg = 9 }\n", 2, "colors-8.text.fg"),
        ("[colors-8]\ntext = { fg = \"bright-red\" }\n", 2, "colors-8.text.fg"),
        ("[mono]\nfocus = { attributes = [\"blink\"] }\n", 2, "mono.focus.attributes"),
    ])
    func badValues(text: String, line: Int, key: String) throws {
        let error = try #require(themeError(text))
        #expect(error.kind == .badValue)
        #expect(error.line == line)
        #expect(error.key == key)
    }

    @Test(arguments: [
        ("name = 3\n", 1, "name"),
        ("colors-256 = 5\n", 1, "colors-256"),
        ("[colors-256]\ntext = \"red\"\n", 2, "colors-256.text"),
        ("[colors-256]\ntext = { fg = true }\n", 2, "colors-256.text.fg"),
        ("[colors-256]\ntext = { attributes = \"bold\" }\n", 2, "colors-256.text.attributes"),
    ])
    func wrongTypes(text: String, line: Int, key: String) throws {
        let error = try #require(themeError(text))
        #expect(error.kind == .wrongType)
        #expect(error.line == line)
        #expect(error.key == key)
    }

    @Test func monochromeLooksHaveNoColours() throws {
        let error = try #require(themeError("[mono]\ntext = { }\nfocus = { fg = \"red\" }\n"))
        #expect(error.kind == .unknownKey)
        #expect(error.line == 3)
        #expect(error.key == "mono.focus.fg")
    }

    @Test func dottedKeysAndMultiLineTablesAreLocatedToo() throws {
        let error = try #require(themeError("""
            # a comment with [brackets] = and equals
            [colors-256.text]
            fg = 1
            bg = 300
            """))
        #expect(error.line == 4)
        #expect(error.key == "colors-256.text.bg")
    }

    @Test func theFirstErrorInTheFileIsTheOneReported() throws {
        let error = try #require(themeError("[colors-256]\ntext = { fg = 999 }\naccent = { fg = 998 }\nborder = { fg = 997 }\n"))
        #expect(error.line == 2)
    }
}
