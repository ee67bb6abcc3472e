import CNcurses
import Clocks
import Foundation
import Localization

/// Why the terminal could not be taken over.
public enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    case cannotStart(term: String)
    /// The terminal can only print lines (`TERM=dumb`): screens cannot be drawn on it.
    case cannotMoveCursor(term: String)

    public var description: String {
        switch self {
        case .notATerminal: tr("an interactive terminal is needed (stdin and stdout must be a tty)")
        case .cannotStart(let term): tr("curses cannot drive this terminal (TERM={0})", term)
        case .cannotMoveCursor(let term): tr("TERM={0} cannot move the cursor, so no screen can be drawn", term)
        }
    }
}

/// Owns the terminal while the counter runs: curses set up on `init`, given back on `end`.
///
/// The terminal is given back in every way a run can end: a normal return (`run`'s `defer`), a
/// Swift error that unwinds past the session (`deinit`), a signal such as SIGTERM or SIGHUP (the loop sees it through the
/// signal pipe and returns), a plain `exit()` from anywhere (an `atexit` hook), and a crash such
/// as a Swift runtime trap (a last-resort handler in the shim writes the restore sequence).
public final class TerminalSession {
    /// The curses surface the loop presents frames on.
    public let surface: CursesSurface
    /// What the terminal can show, as detected at start.
    public let tier: ColorTier
    /// What the terminal does beyond terminfo (synchronized output, a window title).
    public let features: TerminalFeatures
    /// Where keys come from and where output goes (stdin/stdout, or a pseudo-terminal in tests).
    let inputDescriptor: Int32
    let outputDescriptor: Int32
    private let screen: OpaquePointer
    private(set) var isActive = true

    /// Takes over the terminal: UTF-8 locale, curses on the alternate screen, raw keys (Ctrl+C,
    /// Ctrl+Z and Ctrl+\ arrive as keys for the application to decide on), no echo, keypad and
    /// SGR mouse on, Esc without delay, colours (truecolor where `COLORTERM` asks and a
    /// direct-colour description exists, see `TerminalType`), no cursor, and signals routed to
    /// the loop. The terminal is asked whether it knows synchronized output (`TerminalProbe`).
    /// - Parameter ignoresInterrupts: a kiosk: SIGINT, SIGQUIT and SIGTSTP are ignored outright.
    public convenience init(theme: Theme, ignoresInterrupts: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) throws(TerminalError) {
        Self.adoptUTF8Locale()
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        shim_save_terminal_modes()
        let screen = TerminalType.choose(environment: environment).flatMap { shim_newterm_as($0) } ?? shim_newterm()
        guard let screen else { throw .cannotStart(term: environment["TERM"] ?? "unset") }
        guard shim_can_address_cursor() != 0 else {
            endwin()
            delscreen(screen)
            throw .cannotMoveCursor(term: environment["TERM"] ?? "unset")
        }
        self.init(screen: screen, input: STDIN_FILENO, output: STDOUT_FILENO, theme: theme, ignoresInterrupts: ignoresInterrupts,
                  environment: environment, probesTerminal: true)
    }

    /// Sets up curses on a screen already opened with `newterm` on `input` and `output`.
    /// - Parameters:
    ///   - probesTerminal: ask the terminal what it can do (a real terminal; tests answer nothing).
    ///   - features: what to use regardless of what the terminal says (tests).
    init(screen: OpaquePointer, input: Int32, output: Int32, theme: Theme, ignoresInterrupts: Bool, environment: [String: String],
         probesTerminal: Bool = false, features: TerminalFeatures? = nil) {
        self.screen = screen
        inputDescriptor = input
        outputDescriptor = output
        Self.registerExitHook
        shim_install_crash_restorer()

        let window = shim_stdscr()
        raw()
        noecho()
        nonl()
        // raw() already passes all eight bits of each byte, which the reader assembles into
        // UTF-8 itself; meta() would also send smm, switching xterm's Alt key to 8-bit input.
        keypad(window, true)
        set_escdelay(25)
        // The mouse in SGR form, whatever terminfo says: curses would use the old X10 form
        // wherever the description does not name mode 1006 (tmux-256color, screen...), and that
        // form cannot tell a column past 223. Curses only recognises the prefix; the input
        // reader reads the rest.
        define_key(TerminalSequences.sgrMousePrefix, CursesKeyCodes.sgrMouse)
        define_key(TerminalSequences.pasteStart, CursesKeyCodes.pasteStart)
        define_key(TerminalSequences.pasteEnd, CursesKeyCodes.pasteEnd)

        let replies = probesTerminal ? TerminalProbe.ask(input: input, output: output) : nil
        self.features = features ?? TerminalFeatures.detect(
            term: environment["TERM"] ?? "", terminfoHasSync: shim_has_string_capability("Sync") != 0,
            terminfoHasStatusLine: shim_has_string_capability("tsl") != 0, replies: replies)

        var defaultColorsAvailable = false
        var colors = 0
        if has_colors() {
            start_color()
            defaultColorsAvailable = use_default_colors() == shim_OK()
            colors = Int(shim_COLORS())
        }
        tier = ColorTier.detect(colors: colors, environment: environment)
        surface = CursesSurface(theme: theme, tier: tier, defaultColorsAvailable: defaultColorsAvailable,
                                output: output, synchronizedOutput: self.features.synchronizedOutput)
        curs_set(0)
        shim_install_signal_handlers(ignoresInterrupts ? 1 : 0)
        takeOwnModes()
    }

    deinit {
        end()
    }

    /// Gives the terminal back: cursor visible, main screen, mouse off, its own window title,
    /// the modes it had. Safe to call twice.
    public func end() {
        guard isActive else { return }
        isActive = false
        shim_restore_signal_handlers()
        shim_remove_crash_restorer()
        curs_set(1)
        giveBackOwnModes()
        endwin()
        delscreen(screen)
    }

    /// Runs `application` in the terminal until it sets `exitStatus`, and returns that status.
    ///
    /// A signal that ends the program (SIGTERM, SIGHUP, SIGUSR1, SIGALRM... every catchable one
    /// whose default is to end it, and SIGINT or SIGQUIT sent with `kill`) gives the terminal back and returns 128 + the signal's number, as shells report it.
    /// Ctrl+C typed at the keyboard is not a signal here but the key `.control("c")`.
    public static func run(
        _ application: Application,
        theme: Theme = .builtIn,
        clock: Clock = SystemClock(),
        ignoresInterrupts: Bool = false
    ) throws(TerminalError) -> Int32 {
        let session = try TerminalSession(theme: theme, ignoresInterrupts: ignoresInterrupts)
        return session.run(application, clock: clock)
    }

    /// Runs `application` on this session's terminal, then gives the terminal back; the exit
    /// status as for `TerminalSession.run(_:theme:clock:ignoresInterrupts:)`.
    public func run(_ application: Application, clock: Clock = SystemClock()) -> Int32 {
        defer { end() }
        return InteractiveLoop(application: application, session: self, timers: TimerQueue(clock: clock)).run()
    }

    // MARK: - for the loop

    var window: UnsafeMutablePointer<WINDOW> { shim_stdscr() }

    /// The signal pipe's read end, to poll beside stdin.
    var signalDescriptor: Int32 { shim_signal_fd() }

    /// The next signal that arrived, if any.
    func takeSignal() -> Int32? {
        let signal = shim_take_signal()
        return signal == 0 ? nil : signal
    }

    /// After SIGWINCH: tells curses the terminal's new size; curses then queues `KEY_RESIZE`,
    /// which the input reader turns into `.resize`.
    func adoptTerminalSize() {
        var rows: Int32 = 0, columns: Int32 = 0
        guard shim_terminal_size(outputDescriptor, &rows, &columns) == 0 else { return }
        resizeterm(rows, columns)
        surface.invalidate()
    }

    /// After SIGTSTP sent with `kill` (Ctrl+Z is a key): gives the terminal back, stops as a
    /// shell expects, and on `fg` takes the terminal again and repaints it.
    func suspend() {
        giveBackOwnModes()
        endwin()
        shim_suspend_self()
        takeOwnModes()
        adoptTerminalSize()
        surface.invalidate()
    }

    /// The user's locale, as curses needs for wide characters; but when it is not UTF-8 (no LANG
    /// at all in a container, say) curses would drop every non-ASCII character, so the character
    /// type falls back to C.UTF-8: product names and prices come in any script.
    private static func adoptUTF8Locale() {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Whatever way the process exits, curses is ended (a no-op when it already was), and the
    /// modes curses does not know of (`takeOwnModes`) are given back.
    private static let registerExitHook: Void = {
        atexit {
            if ownModesOutput >= 0 { write(ownModesOutput, ownModesRestore, ownModesRestore.utf8.count) }
            if !isendwin() { endwin() }
        }
    }()

    // MARK: - modes curses does not know of

    /// The descriptor the modes below were set on, while they are; -1 otherwise. Read by the
    /// exit hook, which can capture nothing. Only the main thread sets it.
    nonisolated(unsafe) private static var ownModesOutput: Int32 = -1
    private static let ownModesRestore = TerminalSequences.endSynchronizedUpdate + TerminalSequences.mouseOff
        + TerminalSequences.bracketedPasteOff

    /// The title shown now, if the counter set one.
    private(set) var title: String?

    /// SGR mouse reporting and bracketed paste on, and the user's window title saved on the terminal's title stack.
    private func takeOwnModes() {
        var sequence = TerminalSequences.mouseOn + TerminalSequences.bracketedPasteOn
        if features.windowTitle {
            sequence += TerminalSequences.pushTitle
            if let title { sequence += TerminalSequences.setTitle(title) }
        }
        send(sequence)
        Self.ownModesOutput = outputDescriptor
    }

    /// Mouse reporting and bracketed paste off, and the user's window title back.
    private func giveBackOwnModes() {
        send(TerminalSequences.mouseOff + TerminalSequences.bracketedPasteOff + (features.windowTitle ? TerminalSequences.popTitle : ""))
        Self.ownModesOutput = -1
    }

    /// Names the window (OSC 2) where the terminal takes a title; the user's own comes back on exit.
    func setTitle(_ newTitle: String) {
        guard newTitle != title else { return }
        title = newTitle
        if features.windowTitle { send(TerminalSequences.setTitle(newTitle)) }
    }

    /// Writes straight to the terminal, between curses' updates (each of which ends flushed).
    private func send(_ sequence: String) {
        var bytes = Array(sequence.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(outputDescriptor, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }
}
