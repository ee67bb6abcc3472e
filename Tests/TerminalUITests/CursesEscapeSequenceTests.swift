import CNcurses
import Foundation
import Testing
@testable import TerminalUI

/// Escape sequences through real curses, on a pseudo-terminal described as `xterm-256color`:
/// what its terminfo entry names comes as key codes, everything else as `ESC` and characters,
/// and both end as one key or nothing (issue 34). In the curses suite, one test at a time.
extension CursesSurfaceTests {
    /// Everything the reader makes of `text`, typed in one go.
    private func read(_ text: String, on terminal: PseudoTerminal, with reader: CursesInputReader) -> [InputEvent] {
        terminal.type(text)
        var events: [InputEvent] = []
        while let event = reader.next() { events.append(event) }
        return events
    }

    @Test func sequencesXtermsTerminfoDoesNotNameAreOneKeyEach() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        // PuTTY's, the Linux console's and tmux's Home and End, the Linux console's F1, rxvt's
        // End; then xterm's own (by terminfo), and Ctrl+Home (curses' extended kHOM5).
        let cases: [(String, Key)] = [
            ("\u{1B}[4~", .end), ("\u{1B}[1~", .home), ("\u{1B}[[A", .function(1)), ("\u{1B}[8~", .end),
            ("\u{1B}[11~", .function(1)), ("\u{1B}OF", .end), ("\u{1B}[5~", .pageUp), ("\u{1B}[1;5H", .home),
            ("\u{1B}[1;5F", .end), ("\u{1B}[3;2~", .delete),
        ]
        for (sequence, key) in cases {
            #expect(read(sequence, on: terminal, with: reader) == [.key(key)], "\(sequence.debugDescription)")
        }
        #expect(read("\u{1B}[99~q\u{1B}[?62;22cz", on: terminal, with: reader) == [.key(.character("q")), .key(.character("z"))],
                "unknown sequences are nothing; the typing around them is typing")
    }

    @Test func aSequenceCursesDoesNotKnowSplitAcrossReadsIsOneKey() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        #expect(read("\u{1B}[4", on: terminal, with: reader) == [])
        #expect(read("~4", on: terminal, with: reader) == [.key(.end), .key(.character("4"))])
    }

    @Test func escAloneIsStillEsc() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        #expect(read("\u{1B}", on: terminal, with: reader) == [.key(.escape)])
        #expect(read("x", on: terminal, with: reader) == [.key(.character("x"))])
    }
}
