import Clocks

/// An application running without a terminal: a memory surface, a manual clock and the loop's
/// timers. Tests of screens drive it directly; the tape player drives it from a tape.
///
/// It does what the interactive loop does, in the same order, with time that moves only when
/// told to: every event is handled, and the state it leads to is drawn through `FrameRenderer`,
/// exactly as on the real terminal (the too-small screen included). The frame is drawn when the
/// screen is looked at or before the next event is handled, whichever comes first: a typed
/// character and the typing interval's timers after it are drawn once, as the interactive loop
/// draws once for the keys and timers of one pass, and every state a key leads to is still drawn.
public final class HeadlessTerminal {
    public let application: Application
    public let clock: ManualClock
    public let timers: TimerQueue
    public let minimumSize: Size
    private let memory: MemorySurface
    /// The application has changed since the frame on the surface was drawn.
    private var frameIsBehind = false
    /// Keys pass through the scan detector, as on a terminal (set once the application is there).
    private var scans: ScanInput!

    /// The surface, its frame drawn from the application's current state.
    public var surface: MemorySurface {
        restInput()
        drawIfBehind()
        return memory
    }

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
        self.memory = MemorySurface(size: size)
        self.minimumSize = minimumSize
        scans = ScanInput(timers: timers) { [unowned self] event in deliver(event) }
        application.start(LoopContext(clock: clock, timers: timers, isHeadless: true))
        render()
    }

    /// The frame on screen now.
    public var screen: Frame {
        restInput()
        drawIfBehind()
        return memory.lastFrame ?? Frame(size: memory.size)
    }

    /// The screen as text (what `Expect` searches and snapshots store).
    public var text: String { screen.text }

    public var size: Size { memory.size }

    /// Set once the application has quit.
    public var exitStatus: Int32? { application.exitStatus }

    /// Hands one event to the application (its frame is drawn when looked at or before the next),
    /// through the scan detector: digits the application would take as a scan wait until the
    /// burst is told (a key after them, `ScanDetector.keyGap` on the clock, or the screen looked at).
    public func send(_ event: InputEvent) {
        drawIfBehind()
        scans.receive(event, takesScans: application.takesScans)
    }

    private func deliver(_ event: InputEvent) {
        drawIfBehind()
        if FrameRenderer.delivers(event, at: memory.size, minimum: minimumSize) { application.handle(event) }
        frameIsBehind = true
    }

    /// Headless, nobody types while the screen is looked at: digits held for a burst that did not
    /// come go on as typed, as they would on a terminal `ScanDetector.keyGap` later.
    private func restInput() {
        scans.release()
    }

    public func send(_ key: Key) {
        send(.key(key))
    }

    /// Each character of `text` as a key, with no time between them. `\n` is Enter, `\t` Tab.
    public func type(_ text: String) {
        for character in text { send(HeadlessTerminal.key(for: character)) }
    }

    /// Characters exactly as a terminal sends them, escape sequences and all (`"\u{1B}[4~"`,
    /// End on PuTTY), read as the interactive loop reads what curses does not know itself
    /// (`InputEventAssembler`); each event is handed to the application in turn.
    public func receive(terminalInput: String) {
        var assembler = InputEventAssembler()
        var scalars = terminalInput.unicodeScalars.makeIterator()
        let source = { scalars.next().map { CursesKeystroke.character($0.value) } }
        while let event = assembler.next(from: source, decodeKeyCode: { _ in nil }) { send(event) }
    }

    /// Runs every timer that is due now (and any they make due now): the loop at rest, which is
    /// when a tape looks at the screen (digits held for a scan that did not come go on as typed).
    public func settle() {
        restInput()
        fireDueTimers()
    }

    /// Moves the clock forward, firing each timer on the way at its own time. Not a rest: digits
    /// a scan may still follow stay held unless their own gap has passed.
    public func advance(by duration: Duration) {
        timers.advance(clock, by: duration)
        fireDueTimers()
    }

    private func fireDueTimers() {
        while timers.fireDue() > 0 {}
        frameIsBehind = true
    }

    /// The terminal changed size: the surface takes the new size, the application is told, and
    /// the screen is drawn afresh.
    public func resize(to size: Size) {
        drawIfBehind()
        memory.size = size
        send(.resize(size))
        render()
    }

    /// Draws the application's current state on the surface now.
    public func render() {
        memory.present(FrameRenderer.render(application, size: memory.size, minimum: minimumSize))
        frameIsBehind = false
    }

    private func drawIfBehind() {
        if frameIsBehind { render() }
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
