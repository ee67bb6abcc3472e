import Clocks

/// An application running without a terminal: a memory surface, a manual clock and the loop's
/// timers. Tests of screens drive it directly; the tape player drives it from a tape.
///
/// It does what the interactive loop does, in the same order, with time that moves only when
/// told to: every event is handled and then a frame is drawn through `FrameRenderer`, exactly as
/// on the real terminal (the too-small screen included).
public final class HeadlessTerminal {
    public let application: Application
    public let clock: ManualClock
    public let timers: TimerQueue
    public let surface: MemorySurface
    public let minimumSize: Size

    /// Starts `application` at `size`, calls its `start` with a headless loop context and draws
    /// the first frame.
    public init(
        application: Application,
        size: Size = Size(columns: 80, rows: 24),
        clock: ManualClock = ManualClock(),
        minimumSize: Size = FrameRenderer.minimumSize
    ) {
        self.application = application
        self.clock = clock
        self.timers = TimerQueue(clock: clock)
        self.surface = MemorySurface(size: size)
        self.minimumSize = minimumSize
        application.start(LoopContext(clock: clock, timers: timers, isHeadless: true))
        render()
    }

    /// The frame on screen now.
    public var screen: Frame {
        surface.lastFrame ?? Frame(size: surface.size)
    }

    /// The screen as text (what `Expect` searches and snapshots store).
    public var text: String { screen.text }

    public var size: Size { surface.size }

    /// Set once the application has quit.
    public var exitStatus: Int32? { application.exitStatus }

    /// Hands one event to the application and draws.
    public func send(_ event: InputEvent) {
        if FrameRenderer.delivers(event, at: surface.size, minimum: minimumSize) { application.handle(event) }
        render()
    }

    public func send(_ key: Key) {
        send(.key(key))
    }

    /// Each character of `text` as a key, with no time between them. `\n` is Enter, `\t` Tab.
    public func type(_ text: String) {
        for character in text { send(HeadlessTerminal.key(for: character)) }
    }

    /// Runs every timer that is due now (and any they make due now), then draws: the loop at
    /// rest, which is when a tape looks at the screen.
    public func settle() {
        while timers.fireDue() > 0 {}
        render()
    }

    /// Moves the clock forward, firing each timer on the way at its own time, then draws.
    public func advance(by duration: Duration) {
        timers.advance(clock, by: duration)
        settle()
    }

    /// The terminal changed size: the surface takes the new size, the application is told, and
    /// the screen is drawn afresh.
    public func resize(to size: Size) {
        surface.size = size
        send(.resize(size))
    }

    /// Draws the application's current state on the surface.
    public func render() {
        surface.present(FrameRenderer.render(application, size: surface.size, minimum: minimumSize))
    }

    /// The key a typed character arrives as.
    static func key(for character: Character) -> Key {
        switch character {
        case "\n", "\r", "\r\n": .enter
        case "\t": .tab
        default: .character(character)
        }
    }
}
