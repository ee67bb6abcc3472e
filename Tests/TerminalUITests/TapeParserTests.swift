import Localization
import Testing
@testable import TerminalUI

@Suite struct TapeParserTests {
    func commands(_ text: String) throws -> [TapeCommand] {
        try TapeParser.parse(text).commands
    }

    /// The error a one-line (or more) tape gives.
    func error(_ text: String) -> TapeError? {
        do throws(TapeError) {
            _ = try TapeParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func everyCommand() throws {
        let tape = """
            # a comment, then a blank line

            Type "4242 4242"
            Press Enter
            Press Down 3
            Sleep 500ms
            Expect "Paid"
            ExpectNot "Declined"
            Resize 100x30
            Screen
            Snapshot "receipt"
            Swipe "%B4242424242424242^DOE/JANE^2812101?"
            Click 10 5
            """
        #expect(try commands(tape) == [
            .type("4242 4242"),
            .press(.enter, count: 1),
            .press(.down, count: 3),
            .sleep(.milliseconds(500)),
            .expect("Paid"),
            .expectNot("Declined"),
            .resize(Size(columns: 100, rows: 30)),
            .screen,
            .snapshot("receipt"),
            .swipe("%B4242424242424242^DOE/JANE^2812101?"),
            .click(Point(x: 10, y: 5)),
        ])
    }

    @Test func keepsLineNumbersAndSources() throws {
        let tape = try TapeParser.parse("# one\n\n  Press Tab  \nScreen\n", path: "t.tape")
        #expect(tape.lines.map(\.number) == [3, 4])
        #expect(tape.lines[0].source == "Press Tab")
        #expect(tape.path == "t.tape")
    }

    @Test func windowsLineEndingsAndAByteOrderMark() throws {
        let tape = try TapeParser.parse("\u{FEFF}Press Enter\r\n\r\nScreen\r\nPrss\r\n".replacingOccurrences(of: "Prss", with: "Screen"))
        #expect(tape.lines.map(\.number) == [1, 3, 4])
        #expect(tape.commands == [.press(.enter, count: 1), .screen, .screen])
        #expect(error("Screen\r\n\r\nNope\r\n")?.line == 3)
    }

    @Test func everyKey() throws {
        let names: [(String, Key)] = [
            ("Enter", .enter), ("Tab", .tab), ("Shift+Tab", .backTab), ("Esc", .escape), ("Escape", .escape),
            ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right), ("PgUp", .pageUp), ("PgDn", .pageDown),
            ("Home", .home), ("End", .end), ("Backspace", .backspace), ("Delete", .delete), ("Space", .character(" ")),
            ("Ctrl+C", .control("c")), ("Ctrl+x", .control("x")), ("F1", .function(1)), ("F12", .function(12)),
            ("q", .character("q")), ("1", .character("1")), ("?", .character("?")), ("Q", .character("Q")),
            ("enter", .enter), ("ESC", .escape), ("#", .character("#")), ("£", .character("£")),
        ]
        for (name, key) in names {
            #expect(try commands("Press \(name)") == [.press(key, count: 1)], "\(name)")
        }
    }

    @Test func durations() throws {
        let cases: [(String, Duration)] = [
            ("500ms", .milliseconds(500)), ("2s", .seconds(2)), ("1m", .seconds(60)), ("1h", .seconds(3600)),
            ("3d", .seconds(3 * 86_400)), ("1.5s", .milliseconds(1500)), ("0.1s", .milliseconds(100)),
        ]
        for (text, duration) in cases {
            #expect(try commands("Sleep \(text)") == [.sleep(duration)], "\(text)")
        }
    }

    @Test func stringEscapes() throws {
        #expect(try commands(#"Type "say \"hi\" \\ now\n\tok""#) == [.type("say \"hi\" \\ now\n\tok")])
        #expect(try commands(#"Type """#) == [.type("")])
        #expect(try commands("Expect \"蜂蜜 🍯\"") == [.expect("蜂蜜 🍯")])
        #expect(try commands(##"Expect "# not a comment""##) == [.expect("# not a comment")])
    }

    @Test func malformedLinesNameTheirLine() {
        let cases: [(String, Int, String)] = [
            ("Screen\nPrss Enter", 2, "unknown command \"Prss\""),
            ("Press", 1, "Press needs a key"),
            ("Press Foo", 1, "unknown key \"Foo\""),
            ("Press Ctrl+1", 1, "unknown key"),
            ("Press F13", 1, "unknown key"),
            ("Press Down 0", 1, "at least 1"),
            ("Press Down -2", 1, "at least 1"),
            ("Press Down x", 1, "whole number"),
            ("Press Down 2 3", 1, "unexpected \"3\""),
            ("Type hello", 1, "needs a double-quoted string"),
            ("Type", 1, "needs a double-quoted string"),
            ("Type \"hello", 1, "missing closing quote"),
            ("Type \"hello\" there", 1, "unexpected \"there\" after the closing quote"),
            ("Type \"a\\qb\"", 1, "unknown escape \\q"),
            ("Type \"a\\", 1, "unfinished escape"),
            ("Expect \"\"", 1, "needs some text"),
            ("\n\nSleep", 3, "Sleep needs a duration"),
            ("Sleep 2", 1, "bad duration \"2\""),
            ("Sleep 2x", 1, "bad duration"),
            ("Sleep ms", 1, "bad duration"),
            ("Sleep 0s", 1, "above zero"),
            ("Sleep 2 s", 1, "bad duration"),
            ("Sleep 1.0001s", 1, "bad duration"),
            ("Resize 80", 1, "bad size \"80\""),
            ("Resize 80x", 1, "bad size"),
            ("Resize 0x24", 1, "between 1 and 1000"),
            ("Resize axb", 1, "bad size"),
            ("Screen now", 1, "Screen takes nothing after it"),
            ("Snapshot \"../escape\"", 1, "plain file name"),
            ("Snapshot \"a/b\"", 1, "plain file name"),
            ("Click 10", 1, "Click takes a column and a row"),
            ("Click -1 5", 1, "Click takes"),
            ("Set Theme \"x\"", 1, "unknown setting \"Theme\""),
            ("Set Language fr", 1, "Set Language needs one of en, zh-Hans"),
            ("Press Enter\nSet Language zh-Hans", 2, "Set comes before the first command"),
        ]
        for (tape, line, message) in cases {
            let found = error(tape)
            #expect(found?.line == line, "\(tape)")
            #expect(found?.message.contains(message) == true, "\(tape): \(found?.message ?? "no error")")
        }
    }

    @Test func setLanguageHoldsForTheWholeTape() throws {
        let tape = try TapeParser.parse("# a comment first\nSet Language \"zh-Hans\"\nPress Enter")
        #expect(tape.language == .simplifiedChinese)
        #expect(tape.commands == [.press(.enter, count: 1)])
        #expect(try TapeParser.parse("set language zh_CN.UTF-8").language == .simplifiedChinese)
        #expect(try TapeParser.parse("Press Enter").language == nil)
    }

    @Test func theFirstBadLineIsReportedBeforeAnythingRuns() {
        let found = error("Press Enter\nExpect \"ok\"\nPress Nope\nPress Nada", path: "buy.tape")
        #expect(found == TapeError(line: 3, message: found?.message ?? "", path: "buy.tape"))
        #expect(found?.description.hasPrefix("buy.tape:3: unknown key \"Nope\"") == true)
    }

    func error(_ text: String, path: String) -> TapeError? {
        do throws(TapeError) {
            _ = try TapeParser.parse(text, path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func snapshotsLiveBesideTheTape() {
        #expect(Tape(lines: [], path: "Tapes/store/buy.tape").snapshotDirectory == "Tapes/store/buy.snapshots")
        #expect(Tape(lines: []).snapshotDirectory == nil)
    }

    @Test func anUnreadableFileIsATapeErrorOnLineZero() {
        do throws(TapeError) {
            _ = try TapeParser.parse(contentsOfFile: "/nonexistent/x.tape")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 0)
            #expect(error.path == "/nonexistent/x.tape")
        }
    }
}
