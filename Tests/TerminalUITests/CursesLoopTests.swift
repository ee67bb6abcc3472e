import CNcurses
import Clocks
import Foundation
import Testing
@testable import TerminalUI

/// The interactive loop on a pseudo-terminal: keys in, timers, signals, resize, and the terminal
/// given back at the end. In the curses suite, which runs one test at a time.
extension CursesSurfaceTests {
    @Test func keysReachTheApplicationAndQuittingGivesTheTerminalBack() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let application = RecordingApplication()
        terminal.type("x\u{1B}OAq")

        let status = session.run(application, clock: SystemClock())

        #expect(status == 0)
        #expect(application.events == [.key(.character("x")), .key(.up), .key(.character("q"))])
        let output = terminal.readOutput()
        #expect(output.contains("events 0"), "the first frame was drawn before any key")
        #expect(output.contains("\u{1B}[?1049l"), "left the alternate screen")
        #expect(output.contains("\u{1B}[?25h"), "cursor visible again")
        #expect(!session.isActive)
    }

    @Test func timersWakeTheLoopWithoutInputAndRedraw() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let application = RecordingApplication()
        application.onStart = { context in
            context.timers.schedule(after: .milliseconds(10)) { application.ticks += 1 }
            context.timers.schedule(after: .milliseconds(30)) { application.exitStatus = 7 }
        }

        #expect(session.run(application, clock: SystemClock()) == 7)
        let output = terminal.readOutput()
        #expect(output.contains("ticks 0"))
        #expect(output.contains("\u{1B}[1;16H\u{1B}[38;5;230m\u{1B}[48;5;234m1"), "redrawn after the tick: just the digit that changed")
    }

    @Test func aTerminatingSignalEndsTheRunWith128PlusItsNumber() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let application = RecordingApplication()
        application.onStart = { context in
            context.timers.schedule(after: .zero) { kill(getpid(), SIGTERM) }
        }

        #expect(session.run(application, clock: SystemClock()) == 128 + SIGTERM)
        #expect(terminal.readOutput().contains("\u{1B}[?1049l"), "the terminal was given back")
    }

    @Test func aResizeSignalBecomesAResizeEventWithTheNewSize() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let session = terminal.startSession()
        let application = RecordingApplication()
        application.quitsOnResize = true
        // Read while curses is up: after the run its window is freed, and reading it then gave
        // garbage now and then (1x32700).
        var sizeAtResize: Size?
        application.onResize = { sizeAtResize = session.surface.size }
        application.onStart = { context in
            context.timers.schedule(after: .zero) {
                _ = shim_set_terminal_size(terminal.slave, 30, 100)
                kill(getpid(), SIGWINCH)
            }
        }

        #expect(session.run(application, clock: SystemClock()) == 0)
        #expect(application.events == [.resize(Size(columns: 100, rows: 30))])
        #expect(sizeAtResize == Size(columns: 100, rows: 30))
    }
}

/// Records what it is told; quits on `q` (or on a resize, when asked to).
private final class RecordingApplication: Application {
    var events: [InputEvent] = []
    var ticks = 0
    var quitsOnResize = false
    var onStart: (LoopContext) -> Void = { _ in }
    var onResize: () -> Void = {}
    var exitStatus: Int32?

    func start(_ context: LoopContext) {
        #expect(!context.isHeadless)
        onStart(context)
    }

    func handle(_ event: InputEvent) {
        events.append(event)
        if event == .key(.character("q")) { exitStatus = 0 }
        if case .resize = event { onResize() }
        if quitsOnResize, case .resize = event { exitStatus = 0 }
    }

    func draw(into frame: inout Frame) {
        for (index, character) in "events \(events.count) ticks \(ticks)".enumerated() {
            frame[index, 0] = Cell(character)
        }
    }
}
