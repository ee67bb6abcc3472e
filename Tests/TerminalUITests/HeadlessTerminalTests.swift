import Clocks
import Foundation
import Testing
@testable import TerminalUI

@Suite struct MemorySurfaceTests {
    @Test func keepsTheLastFrameAndCountsFrames() {
        let surface = MemorySurface(size: Size(columns: 10, rows: 2))
        #expect(surface.lastFrame == nil)
        #expect(surface.text == "")
        var frame = Frame(size: surface.size)
        frame.write("one", at: Point(x: 0, y: 0))
        surface.present(frame)
        frame.write("two", at: Point(x: 0, y: 1))
        frame.cursor = Point(x: 3, y: 1)
        surface.present(frame)
        #expect(surface.framesPresented == 2)
        #expect(surface.text == "one\ntwo")
        #expect(surface.cursor == Point(x: 3, y: 1))
        surface.size = Size(columns: 20, rows: 5)
        #expect(surface.size == Size(columns: 20, rows: 5))
    }
}

@Suite struct HeadlessTerminalTests {
    @Test func startsTheApplicationAndDrawsTheFirstFrame() {
        let app = EchoCounterApplication()
        let terminal = HeadlessTerminal(application: app)
        #expect(app.context?.isHeadless == true)
        #expect(terminal.surface.framesPresented == 1)
        #expect(terminal.text.hasPrefix("Count: 0"))
        #expect(screenLines(terminal.screen).last == "+ Count  q Quit")
        #expect(terminal.screen.size == Size(columns: 80, rows: 24))
    }

    @Test func sendsEventsAndRedraws() {
        let terminal = HeadlessTerminal(application: EchoCounterApplication())
        terminal.send(.up)
        terminal.send(.key(.character("+")))
        terminal.type("hi")
        #expect(terminal.text.contains("Count: 2"))
        #expect(terminal.text.contains("Typed: hi"))
        #expect(terminal.surface.framesPresented == 5)
    }

    /// Headless, a frame is drawn when the screen is looked at or before the next event: a key
    /// and the timers after it (a tape's typing interval) are drawn once, and every state a key
    /// leads to is still drawn.
    @Test func aKeyAndTheTimersAfterItAreDrawnOnce() {
        let terminal = HeadlessTerminal(application: EchoCounterApplication())
        terminal.send(.up)
        terminal.advance(by: .milliseconds(50))
        terminal.send(.up)
        terminal.advance(by: .milliseconds(50))
        #expect(terminal.surface.framesPresented == 3, "the first frame, the first key's (before the second key), the last")
        #expect(terminal.text.contains("Count: 2"))
        #expect(terminal.surface.framesPresented == 3, "looking again draws nothing more")
    }

    @Test func settleFiresTimersDueNow() {
        let terminal = HeadlessTerminal(application: EchoCounterApplication())
        terminal.send(.enter)
        #expect(!terminal.text.contains("Saved"))
        terminal.settle()
        #expect(terminal.text.contains("Saved"))
    }

    @Test func advanceMovesTheManualClockAndFiresTimersOnTheWay() {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(application: EchoCounterApplication(), clock: clock)
        terminal.advance(by: .milliseconds(1999))
        #expect(terminal.text.contains("Ticks: 1"))
        #expect(!terminal.text.contains("Ready"))
        terminal.advance(by: .milliseconds(1))
        #expect(terminal.text.contains("Ready"))
        #expect(terminal.text.contains("Ticks: 2"))
        terminal.advance(by: .seconds(60))
        #expect(terminal.text.contains("Ticks: 62"))
        #expect(clock.now == ManualClock.defaultStart.addingTimeInterval(62))
    }

    @Test func resizeTellsTheApplicationAndDrawsAtTheNewSize() {
        let terminal = HeadlessTerminal(application: EchoCounterApplication())
        terminal.resize(to: Size(columns: 100, rows: 30))
        #expect(terminal.screen.size == Size(columns: 100, rows: 30))
        #expect(terminal.text.contains("Size: 100x30"))
    }

    @Test func belowTheMinimumTheTooSmallScreenShows() {
        let terminal = HeadlessTerminal(application: EchoCounterApplication())
        terminal.resize(to: Size(columns: 40, rows: 10))
        #expect(terminal.text.contains("Terminal too small"))
        #expect(terminal.text.contains("40x10, need 60x18"))
        #expect(!terminal.text.contains("Count"))
        terminal.resize(to: Size(columns: 1, rows: 1))
        #expect(terminal.text == "…")
    }

    /// What nobody can see must not act: below the minimum, keys, pastes and clicks are dropped
    /// (an Enter on a hidden checkout list would pay); resizes pass, and at full size keys act again.
    @Test func belowTheMinimumKeysPastesAndClicksAreDropped() throws {
        let application = EchoCounterApplication()
        let terminal = HeadlessTerminal(application: application)
        terminal.resize(to: Size(columns: 40, rows: 10))
        let before = application.handled.count
        terminal.send(.enter)
        terminal.type("1x")
        terminal.send(.paste("4242"))
        terminal.send(.mouse(.left, at: Point(x: 1, y: 1)))
        #expect(application.handled.count == before)
        // Leaving and help still work where nothing can be seen.
        terminal.send(.control("c"))
        terminal.type("?")
        #expect(application.handled.suffix(2) == [.key(.control("c")), .key(.character("?"))])
        terminal.resize(to: Size(columns: 40, rows: 10))
        let small = application.handled.count
        terminal.resize(to: Size(columns: 80, rows: 24))
        terminal.send(.enter)
        #expect(application.handled.count == small + 2, "the resize and the Enter")
    }
}
