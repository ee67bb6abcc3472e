import Clocks

/// What the loop runs: the counter, or any other program built on the toolkit.
///
/// Bubble Tea's shape: the loop feeds the application events; the application updates its
/// state and, when asked, draws that state into a frame. It never touches the terminal.
public protocol Application: AnyObject {
    /// Called once with the loop's clock and timers, before any event: headless (tapes, tests)
    /// before the first frame; on a terminal right after it, so that what `start` opens does
    /// not keep the screen blank (the frame is drawn again once it returns).
    func start(_ context: LoopContext)
    /// One input event: a key, a paste, a click or a resize.
    func handle(_ event: InputEvent)
    /// Draws the current state. Must fit `frame.size`, whatever it is.
    func draw(into frame: inout Frame)
    /// Set when the program should end; the loop then restores the terminal and returns this status.
    var exitStatus: Int32? { get }
    /// The window title for the current state ("Checkout Counter · Cart"), set on a terminal that
    /// takes one and put back as it was on exit; nil leaves the title alone.
    var title: String? { get }
    /// Descriptors besides the terminal that should wake the loop when readable (the shared
    /// server's socket, where another counter's sale is announced). Asked before each wait:
    /// a connection made again has a new one.
    var wakeDescriptors: [Int32] { get }
    /// One of `wakeDescriptors` is readable (or hung up).
    func descriptorReadable(_ descriptor: Int32)
    /// Whether a barcode scanner's burst of digits is a scan here (`.scan`) rather than keys:
    /// asked before each key; while true, digits wait up to `ScanDetector.keyGap` to be told.
    var takesScans: Bool { get }
}

extension Application {
    public var takesScans: Bool { false }
    public var title: String? { nil }
    public var wakeDescriptors: [Int32] { [] }
    public func descriptorReadable(_ descriptor: Int32) {}
}

/// What an application gets from the loop that runs it.
public struct LoopContext {
    public let clock: Clock
    public let timers: TimerQueue
    /// True under a tape or a test: no terminal, manual clock.
    public let isHeadless: Bool
    /// Repaints the terminal in another theme (F2, the kiosk operator); nil headless, where a
    /// memory surface records text only and the application keeps the theme's name itself.
    public let applyTheme: ((Theme) -> Void)?

    public init(clock: Clock, timers: TimerQueue, isHeadless: Bool, applyTheme: ((Theme) -> Void)? = nil) {
        self.clock = clock
        self.timers = timers
        self.isHeadless = isHeadless
        self.applyTheme = applyTheme
    }
}
