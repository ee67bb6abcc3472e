import CNcurses
import Foundation
import Testing
@testable import TerminalUI

/// Curses itself, driven on a pseudo-terminal inside the test process: what the curses surface
/// sends for a frame, and how keys typed into the terminal come out of the input reader.
/// No real terminal is needed. Curses is process-wide state, hence one test at a time (and the
/// loop's tests live in this suite too).
@Suite(.serialized) struct CursesSurfaceTests {
    @Test func firstFrameDrawsTextInTheThemeColoursOnTheAlternateScreen() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let session = terminal.startSession()
        #expect(session.tier == .colors256)
        let surface = session.surface
        #expect(surface.size == Size(columns: 80, rows: 24))

        surface.present(sampleFrame())
        let output = terminal.readOutput()
        #expect(output.contains("\u{1B}[?1049h"), "switches to the alternate screen")
        #expect(output.contains("Honey"))
        #expect(output.contains("蜂蜜 jar"), "a double-width character takes two columns, and the next one follows it")
        #expect(output.contains("38;5;214"), "the accent role is amber (214) in the 256-colour tier")
        #expect(output.contains("48;5;234"), "on honey's dark background")
        #expect(output.contains("\u{1B}[?25l"), "no cursor when the frame has none")
    }

    @Test func anUnchangedFrameSendsNothingAndAChangeSendsOnlyItself() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let surface = terminal.startSession().surface
        var frame = sampleFrame()
        surface.present(frame)
        _ = terminal.readOutput()

        surface.present(frame)
        #expect(terminal.readOutput().utf8.count == 0)

        frame[10, 12] = Cell("Z", style: Style(.error))
        surface.present(frame)
        let change = terminal.readOutput()
        #expect(change.contains("\u{1B}[13;11HZ") || change.contains("\u{1B}[13;11H\u{1B}"), "moves to the cell")
        #expect(change.contains("Z"))
        #expect(!change.contains("Honey"), "nothing else is repainted")
        #expect(change.utf8.count < 80, "one cell with its colours, not a screen: \(change.debugDescription)")
    }

    @Test func aCellChangedBackIsSentAgain() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let surface = terminal.startSession().surface
        var frame = sampleFrame()
        surface.present(frame)
        frame[10, 12] = Cell("Z")
        surface.present(frame)
        _ = terminal.readOutput()

        frame[10, 12] = Cell(" ")
        surface.present(frame)
        #expect(!terminal.readOutput().isEmpty, "the cell is blanked again (how is curses' choice: an erase here)")
        frame[10, 12] = Cell("Z")
        surface.present(frame)
        #expect(terminal.readOutput().contains("Z"), "and written again")
    }

    @Test func aNewThemeRepaintsEveryCell() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let surface = terminal.startSession().surface
        let frame = sampleFrame()
        surface.present(frame)
        _ = terminal.readOutput()

        surface.apply(theme: .builtIn)
        surface.present(frame)
        let repaint = terminal.readOutput()
        #expect(repaint.contains("Honey") && repaint.contains("蜂蜜 jar"), "the same frame, all of it: \(repaint.debugDescription)")
    }

    /// A highlight moving from one full-width line to the next, as in the catalog: reverse video
    /// goes out as the role's colours swapped, so the highlighted line's spaces are erased (ECH)
    /// rather than sent one by one, and no attribute reset (`sgr`) is needed to leave it.
    @Test func aMovedHighlightSendsItsColoursSwappedAndErasesItsSpaces() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let surface = terminal.startSession().surface
        surface.present(highlightFrame(selected: 0))
        _ = terminal.readOutput()

        surface.present(highlightFrame(selected: 1))
        let move = terminal.readOutput()
        #expect(move.contains("38;5;94m"), "the selection's background (94) is the foreground: \(move.debugDescription)")
        #expect(move.contains("48;5;230m"), "and its foreground (230) the background")
        #expect(!move.contains("7m"), "no reverse video")
        #expect(move.contains("X"), "the spaces erased")
        #expect(move.utf8.count < 150, "two lines' worth, not 76 spaces: \(move.utf8.count) bytes")
    }

    @Test func withoutColoursTheHighlightStaysReverseVideo() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let surface = terminal.startSession(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]).surface
        surface.present(highlightFrame(selected: 0))
        #expect(terminal.readOutput().contains("7m"))
    }

    @Test func reverseIsSentAsSwappedColoursOnlyWhereItLooksTheSame() {
        let palette = (foreground: Int32(230), background: Int32(94))
        #expect(CursesSurfacePalette.reverseIsSwap([.reverse], palette))
        #expect(CursesSurfacePalette.reverseIsSwap([.reverse, .bold], palette))
        #expect(!CursesSurfacePalette.reverseIsSwap([], palette))
        #expect(!CursesSurfacePalette.reverseIsSwap([.reverse, .dim], palette))
        #expect(!CursesSurfacePalette.reverseIsSwap([.reverse, .underline], palette))
        #expect(CursesSurfacePalette.reverseIsSwap([.reverse], (foreground: 3, background: 0)))
        #expect(!CursesSurfacePalette.reverseIsSwap([.reverse, .bold], (foreground: 3, background: 0)), "bold may brighten colour 3")
    }

    @Test func eachRoleHasItsPlaceInThePalette() {
        #expect(ColorRole.allCases.map(\.paletteIndex) == Array(ColorRole.allCases.indices))
    }

    @Test func theCursorShowsWhereTheFrameWantsIt() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let surface = terminal.startSession().surface
        var frame = sampleFrame()
        frame.cursor = Point(x: 7, y: 3)
        surface.present(frame)
        let output = terminal.readOutput()
        #expect(output.contains("\u{1B}[?25h"), "cursor made visible")
        #expect(output.contains("\u{1B}[4;8H"), "and left at row 4, column 8 (1-based)")
    }

    @Test func noColorMeansAttributesOnly() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let session = terminal.startSession(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(session.tier == .monochrome)
        let surface = session.surface
        surface.present(sampleFrame())
        let output = terminal.readOutput()
        #expect(output.contains("Honey"))
        #expect(!output.contains("38;5;"))
        #expect(!output.contains("48;5;"))
        #expect(output.contains("\u{1B}[0;1m") || output.contains("\u{1B}[1m"), "the accent is bold")
    }

    @Test func keysTypedIntoTheTerminalComeOutDecoded() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        defer { terminal.close() }
        let session = terminal.startSession()
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        // What xterm sends in keypad-transmit mode, which curses turns on: ESC O A for Up.
        terminal.type("a茶🍯\u{1B}OA\u{1B}[Z\u{1B}OP\u{03}\r\u{7F}")
        var events: [InputEvent] = []
        while let event = reader.next() { events.append(event) }
        #expect(events == [
            .key(.character("a")), .key(.character("茶")), .key(.character("🍯")), .key(.up), .key(.backTab),
            .key(.function(1)), .key(.control("c")), .key(.enter), .key(.backspace),
        ])
    }

    /// Four full-width lines of a list (two columns in from the edges), one highlighted.
    private func highlightFrame(selected: Int) -> Frame {
        var frame = Frame(size: Size(columns: 80, rows: 24))
        for line in 0..<4 {
            let style = line == selected ? Style(.selection, .reverse) : Style(.text)
            let row = Rect(x: 2, y: 4 + line, width: 76, height: 1)
            frame.fill(row, style: style)
            frame.write((line == selected ? "› " : "  ") + "\(line + 1)  Honey", in: row, style: style)
            frame.write("€6.50 ", in: row, alignment: .trailing, style: style)
        }
        return frame
    }

    private func sampleFrame() -> Frame {
        var frame = Frame(size: Size(columns: 80, rows: 24))
        for (index, character) in "Honey".enumerated() {
            frame[2 + index, 3] = Cell(character, style: Style(.accent))
        }
        frame[2, 5] = Cell("蜂")
        frame[3, 5] = Cell(" ", isContinuation: true)
        frame[4, 5] = Cell("蜜")
        frame[5, 5] = Cell(" ", isContinuation: true)
        for (index, character) in " jar".enumerated() {
            frame[6 + index, 5] = Cell(character)
        }
        return frame
    }
}

/// A pseudo-terminal with a curses screen opened on its slave side, as `xterm-256color`: curses
/// without a real terminal. Tests start a `TerminalSession` on it and read what it sends.
/// Curses blocks once more than the pseudo-terminal's buffer (about 4 KB) is unread, and the
/// test reads only between calls: keep frames small.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    private let screen: OpaquePointer
    private var session: TerminalSession?

    init(columns: Int = 80, rows: Int = 24, type: String = "xterm-256color") throws {
        setlocale(LC_CTYPE, "C.UTF-8")
        var master: Int32 = -1, slave: Int32 = -1
        guard shim_open_pseudo_terminal(Int32(rows), Int32(columns), &master, &slave) == 0 else {
            throw PseudoTerminalError.unavailable
        }
        self.master = master
        self.slave = slave
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        guard let screen = shim_newterm_on(type, slave, dup(slave)) else {
            throw PseudoTerminalError.unavailable
        }
        self.screen = screen
    }

    /// The counter's terminal session on this pseudo-terminal.
    func startSession(environment: [String: String] = ["TERM": "xterm-256color"], ignoresInterrupts: Bool = false,
                      features: TerminalFeatures = TerminalFeatures()) -> TerminalSession {
        let session = TerminalSession(
            screen: screen, input: slave, output: slave, theme: .builtIn,
            ignoresInterrupts: ignoresInterrupts, environment: environment, features: features
        )
        self.session = session
        return session
    }

    /// Everything curses has written since the last call.
    func readOutput() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Sends bytes as if typed at the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
        // The bytes reach the slave side through the line discipline; wait until they have.
        var ready = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 1_000)
    }

    func close() {
        if let session {
            session.end()
        } else {
            endwin()
            delscreen(screen)
        }
        Glibc.close(master)
    }
}

private enum PseudoTerminalError: Error {
    case unavailable
}
