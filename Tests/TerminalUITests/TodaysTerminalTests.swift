import CNcurses
import Clocks
import Foundation
import Testing
@testable import TerminalUI

/// What today's terminals get beyond terminfo, on a pseudo-terminal: frames inside DEC mode 2026,
/// 24-bit colour, the cursor on the focus, SGR mouse reports, and a window title given back.
/// In the curses suite, which runs one test at a time.
extension CursesSurfaceTests {
    // MARK: synchronized output (mode 2026)

    @Test func eachFrameIsSentInsideSynchronizedOutputWhereTheTerminalKnowsIt() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let surface = terminal.startSession(features: TerminalFeatures(synchronizedOutput: true)).surface
        _ = terminal.readOutput()
        var frame = Frame(size: Size(columns: 80, rows: 24))
        frame.write("Honey", at: Point(x: 2, y: 3))
        surface.present(frame)
        let output = terminal.readOutput()
        let begin = try #require(output.range(of: "\u{1B}[?2026h"), "the frame begins with BSU")
        let text = try #require(output.range(of: "Honey"))
        #expect(begin.upperBound <= text.lowerBound)
        #expect(output.hasSuffix("\u{1B}[?2026l"), "and ends with ESU, after everything curses sent: \(output.debugDescription)")

        frame.write("Clover", at: Point(x: 2, y: 4))
        surface.present(frame)
        let change = terminal.readOutput()
        #expect(change.hasPrefix("\u{1B}[?2026h") && change.hasSuffix("\u{1B}[?2026l"), "every frame, not only the first")
    }

    @Test func aTerminalThatDoesNotKnowMode2026GetsNoneOfIt() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let surface = terminal.startSession(features: TerminalFeatures(synchronizedOutput: false)).surface
        var frame = Frame(size: Size(columns: 80, rows: 24))
        frame.write("Honey", at: Point(x: 2, y: 3))
        surface.present(frame)
        #expect(!terminal.readOutput().contains("2026"))
    }

    @Test func theStartUpProbeAsksAboutMode2026AndReadsTheAnswer() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        _ = terminal.startSession()  // raw mode, as the probe needs
        _ = terminal.readOutput()
        // The answers a terminal that knows the mode gives: DECRPM (reset, 2), then DA1.
        terminal.type("\u{1B}[?2026;2$y\u{1B}[?62;22c")
        let replies = TerminalProbe.ask(input: terminal.slave, output: terminal.slave)
        #expect(terminal.readOutput() == "\u{1B}[?2026$p\u{1B}[c", "DECRQM for mode 2026, then the device attributes")
        #expect(replies.synchronizedOutputKnown)
        #expect(replies.sawDeviceAttributes)
    }

    @Test func aTerminalThatAnswersOnlyTheDeviceAttributesIsNotWaitedFor() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        _ = terminal.startSession()
        terminal.type("\u{1B}[?6c")  // the Linux console's answer; it ignores DECRQM
        let started = Date()
        let replies = TerminalProbe.ask(input: terminal.slave, output: terminal.slave, timeoutMilliseconds: 5_000)
        #expect(Date().timeIntervalSince(started) < 1, "DA1 ends the wait, long before the timeout")
        #expect(!replies.synchronizedOutputKnown)
    }

    @Test func aTerminalThatAnswersNothingCostsAtMostTheTimeout() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        _ = terminal.startSession()
        let started = Date()
        let replies = TerminalProbe.ask(input: terminal.slave, output: terminal.slave, timeoutMilliseconds: 100)
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.09 && waited < 1)
        #expect(replies == TerminalReplies(parsing: []))
    }

    // MARK: truecolor

    @Test func aDirectColourTerminalGetsTheThemeIn24BitColour() throws {
        try #require(TerminalType.hasDescription("xterm-direct"),
                     "the terminfo entry xterm-direct is missing: install the Debian package ncurses-term (README, Prerequisites)")
        let terminal = try PseudoTerminal(type: "xterm-direct")
        defer { terminal.close() }
        let session = terminal.startSession(environment: ["TERM": "xterm-direct"])
        #expect(session.tier == .truecolor)
        var frame = Frame(size: Size(columns: 80, rows: 24))
        frame.write("Honey", at: Point(x: 2, y: 3), style: Style(.accent))
        session.surface.present(frame)
        let output = terminal.readOutput()
        // honey's accent is 214 on 234 in 256 colours: xterm's #ffaf00 on #1c1c1c.
        #expect(output.contains("38:2::255:175:0"), "the accent in 24-bit: \(output.debugDescription)")
        #expect(output.contains("48:2::28:28:28"), "on the background in 24-bit")
        #expect(!output.contains("38;5;"), "no palette index")
    }

    @Test func colortermTruecolorOpensTheDirectColourDescriptionOfTheSameFamily() {
        let existing: Set<String> = ["xterm-direct", "tmux-direct"]
        let has = { existing.contains($0) }
        #expect(TerminalType.choose(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], hasDescription: has) == "xterm-direct")
        #expect(TerminalType.choose(environment: ["TERM": "tmux-256color", "COLORTERM": "24bit"], hasDescription: has) == "tmux-direct")
        #expect(TerminalType.choose(environment: ["TERM": "xterm-256color"], hasDescription: has) == nil, "no COLORTERM: $TERM as it is")
        #expect(TerminalType.choose(environment: ["TERM": "screen-256color", "COLORTERM": "truecolor"], hasDescription: has) == nil,
                "no direct description for the family: 256 colours")
        #expect(TerminalType.choose(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], hasDescription: has) == nil)
        #expect(TerminalType.choose(environment: ["TERM": "xterm-direct", "COLORTERM": "truecolor"], hasDescription: has) == nil, "already direct")
    }

    @Test func theTierFollowsWhatCursesReports() {
        #expect(ColorTier.detect(colors: ColorTier.directColorCount, environment: [:]) == .truecolor)
        #expect(ColorTier.detect(colors: 256, environment: [:]) == .colors256)
        #expect(ColorTier.detect(colors: 8, environment: [:]) == .colors8)
        #expect(ColorTier.detect(colors: ColorTier.directColorCount, environment: ["NO_COLOR": "1"]) == .monochrome)
    }

    // MARK: the cursor on the focus

    @Test func theHiddenCursorRestsOnTheFocusedLine() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let surface = terminal.startSession().surface
        var frame = Frame(size: Size(columns: 80, rows: 24))
        frame.write("› Acacia honey", at: Point(x: 4, y: 6))
        frame.focus = Point(x: 4, y: 6)
        surface.present(frame)
        let output = terminal.readOutput()
        #expect(output.contains("\u{1B}[?25l"), "hidden: a list has no caret")
        #expect(Self.terminalCursor() == Point(x: 4, y: 6), "and left on the selected line")

        frame.focus = Point(x: 4, y: 7)
        frame.write("› Clover honey", at: Point(x: 4, y: 7))
        surface.present(frame)
        #expect(terminal.readOutput().hasSuffix("› Clover honey\u{1B}[5G\u{1B}[39;49m\u{1B}(B\u{1B}[m"), "back to column 5 after the line")
        #expect(Self.terminalCursor() == Point(x: 4, y: 7), "it follows the selection")
    }

    @Test func aTextFieldsCaretWinsOverTheFocus() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let surface = terminal.startSession().surface
        var frame = Frame(size: Size(columns: 80, rows: 24))
        frame.focus = Point(x: 4, y: 6)
        frame.cursor = Point(x: 20, y: 10)
        surface.present(frame)
        let output = terminal.readOutput()
        #expect(output.contains("\u{1B}[?25h"))
        #expect(output.contains("\u{1B}[11;21H"))
        #expect(Self.terminalCursor() == Point(x: 20, y: 10))
    }

    /// Where the terminal's cursor is after the last update, as curses tracks it (`curscr`
    /// mirrors the terminal; the moves it sent, absolute or relative, got it there).
    private static func terminalCursor() -> Point {
        Point(x: Int(shim_getcurx(shim_curscr())), y: Int(shim_getcury(shim_curscr())))
    }

    // MARK: SGR mouse (1006)

    @Test func clicksBeyondColumn223ArriveAsSGRReports() throws {
        let terminal = try PseudoTerminal(columns: 300, rows: 50)
        defer { terminal.close() }
        let session = terminal.startSession()
        #expect(terminal.readOutput().contains("\u{1B}[?1000h\u{1B}[?1006h"), "clicks reported, in SGR form")
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        terminal.type("\u{1B}[<0;250;10M\u{1B}[<0;250;10m\u{1B}[<2;1;1M\u{1B}[<64;3;4M\u{1B}[<32;5;5Mq")
        var events: [InputEvent] = []
        while let event = reader.next() { events.append(event) }
        #expect(events == [
            .mouse(.left, at: Point(x: 249, y: 9)),  // the release says nothing more
            .mouse(.right, at: Point(x: 0, y: 0)),
            .mouse(.scrollUp, at: Point(x: 2, y: 3)),  // then a drag, ignored
            .key(.character("q")),
        ])
    }

    @Test func aMouseReportSplitAcrossReadsIsPutTogether() throws {
        let terminal = try PseudoTerminal(columns: 300, rows: 50)
        defer { terminal.close() }
        let session = terminal.startSession()
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        terminal.type("\u{1B}[<0;29")
        #expect(reader.next() == nil)
        terminal.type("9;42M")
        #expect(reader.next() == .mouse(.left, at: Point(x: 298, y: 41)))
    }

    // MARK: Bracketed paste (2004)

    /// A paste is one `.paste` event, never keys: a pasted `q` must not quit, a pasted line break
    /// must not press Enter. Keys around it stay keys.
    @Test func aBracketedPasteArrivesWholeNotAsKeys() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        #expect(terminal.readOutput().contains("\u{1B}[?2004h"), "bracketed paste asked for")
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        terminal.type("a\u{1B}[200~4242 4242\rq\u{1B}[201~b")
        var events: [InputEvent] = []
        while let event = reader.next() { events.append(event) }
        #expect(events == [.key(.character("a")), .paste("4242 4242 q"), .key(.character("b"))])
        session.end()
        #expect(terminal.readOutput().contains("\u{1B}[?2004l"), "and given back")
    }

    @Test func aPasteSplitAcrossReadsIsPutTogether() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let reader = CursesInputReader(window: session.window, currentSize: { session.surface.size })
        terminal.type("\u{1B}[200~12")
        #expect(reader.next() == nil)
        terminal.type("34\u{1B}[201~")
        #expect(reader.next() == .paste("1234"))
    }

    @Test func theMouseIsTurnedOffWhenTheTerminalIsGivenBack() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        _ = terminal.readOutput()
        session.end()
        #expect(terminal.readOutput().contains("\u{1B}[?1006l\u{1B}[?1000l"))
    }

    @Test func sgrReportsDecodeEveryButtonAndIgnoreModifiers() {
        #expect(SGRMouseReport.event(parameters: "1;10;2", isPress: true) == .mouse(.middle, at: Point(x: 9, y: 1)))
        #expect(SGRMouseReport.event(parameters: "16;10;2", isPress: true) == .mouse(.left, at: Point(x: 9, y: 1)), "Ctrl+click is a click")
        #expect(SGRMouseReport.event(parameters: "65;1;1", isPress: true) == .mouse(.scrollDown, at: Point(x: 0, y: 0)))
        #expect(SGRMouseReport.event(parameters: "0;1;1", isPress: false) == nil)
        #expect(SGRMouseReport.event(parameters: "0;0;1", isPress: true) == nil, "coordinates are 1-based")
        #expect(SGRMouseReport.event(parameters: "0;1", isPress: true) == nil)
        var report = SGRMouseReport()
        #expect(report.take(UInt32(UInt8(ascii: "x"))) == .abandoned, "not a report: the key is kept")
    }

    // MARK: the window title (OSC 2)

    @Test func theTitleNamesTheScreenAndTheUsersTitleComesBackOnExit() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession(features: TerminalFeatures(windowTitle: true))
        #expect(terminal.readOutput().contains("\u{1B}[22;2t"), "the user's title saved on the title stack")
        let application = TitledApplication()
        terminal.type("n")
        #expect(session.run(application, clock: SystemClock()) == 0)
        let output = terminal.readOutput()
        let home = try #require(output.range(of: "\u{1B}]2;Checkout Counter · Home\u{1B}\\"))
        let cart = try #require(output.range(of: "\u{1B}]2;Checkout Counter · Cart\u{1B}\\"))
        let restored = try #require(output.range(of: "\u{1B}[23;2t"), "and taken back off the stack")
        #expect(home.upperBound <= cart.lowerBound && cart.upperBound <= restored.lowerBound)
        #expect(output.components(separatedBy: "]2;").count == 3, "set when it changes, not every frame")
    }

    @Test func aTerminalWithoutTitlesGetsNone() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession(features: TerminalFeatures(windowTitle: false))
        terminal.type("n")
        _ = session.run(TitledApplication(), clock: SystemClock())
        let output = terminal.readOutput()
        #expect(!output.contains("]2;"))
        #expect(!output.contains("22;2t") && !output.contains("23;2t"))
    }

    // MARK: the first frame

    /// What `start` opens (the counter's database and services) does not keep the screen blank:
    /// the first frame is on the terminal when it runs, and the frame after it follows.
    @Test func theFirstFrameIsOnTheTerminalBeforeTheApplicationStarts() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        _ = terminal.readOutput()
        let application = StartedLate(terminal: terminal)
        #expect(session.run(application, clock: SystemClock()) == 0)
        #expect(application.shownAtStart.contains("Loading"))
        #expect(terminal.readOutput().contains("Ready"), "drawn again once started")
    }

    @Test func aTitleCannotCarryControlCharacters() {
        #expect(TerminalSequences.setTitle("Cart\u{07}\u{1B}]2;evil\u{9C}") == "\u{1B}]2;Cart]2;evil\u{1B}\\")
    }

    @Test func featuresFollowTerminfoTheAnswersAndTheTerminalFamily() {
        let answered = TerminalReplies(parsing: Array("\u{1B}[?2026;1$y\u{1B}[?1;2c".utf8))
        #expect(TerminalFeatures.detect(term: "xterm-256color", terminfoHasSync: false, terminfoHasStatusLine: false, replies: answered)
                == TerminalFeatures(synchronizedOutput: true, windowTitle: true))
        let unknown = TerminalReplies(parsing: Array("\u{1B}[?2026;0$y\u{1B}[?6c".utf8))
        #expect(unknown.synchronizedOutputState == 0)
        #expect(TerminalFeatures.detect(term: "linux", terminfoHasSync: false, terminfoHasStatusLine: false, replies: unknown)
                == TerminalFeatures(synchronizedOutput: false, windowTitle: false), "the Linux console would print a title as text")
        #expect(TerminalFeatures.detect(term: "tmux-256color", terminfoHasSync: true, terminfoHasStatusLine: false, replies: nil).synchronizedOutput)
    }
}

/// Shows "Home" until `n`, then "Cart", and quits a moment later (after drawing it).
private final class TitledApplication: Application {
    private var screen = "Home"
    private var timers: TimerQueue?
    var exitStatus: Int32?
    var title: String? { "Checkout Counter · \(screen)" }
    func start(_ context: LoopContext) { timers = context.timers }
    func handle(_ event: InputEvent) {
        guard event == .key(.character("n")) else { return }
        screen = "Cart"
        timers?.schedule(after: .milliseconds(20)) { [weak self] in self?.exitStatus = 0 }
    }
    func draw(into frame: inout Frame) { frame.write(screen, at: Point(x: 0, y: 0)) }
}

/// Draws "Loading" until started; started, it reads what the terminal has been sent so far,
/// shows "Ready" and quits a moment later.
private final class StartedLate: Application {
    private let terminal: PseudoTerminal
    private(set) var shownAtStart = ""
    private var started = false
    var exitStatus: Int32?
    init(terminal: PseudoTerminal) { self.terminal = terminal }
    func start(_ context: LoopContext) {
        shownAtStart = terminal.readOutput()
        started = true
        context.timers.schedule(after: .milliseconds(20)) { [weak self] in self?.exitStatus = 0 }
    }
    func handle(_ event: InputEvent) {}
    func draw(into frame: inout Frame) { frame.write(started ? "Ready" : "Loading", at: Point(x: 0, y: 0)) }
}
