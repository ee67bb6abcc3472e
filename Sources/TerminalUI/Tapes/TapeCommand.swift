import Localization

/// One command of a tape.
public enum TapeCommand: Equatable, Sendable {
    /// Each character as a keystroke, with a little typing time between them.
    case type(String)
    /// A key, `count` times.
    case press(Key, count: Int)
    /// Advance the manual clock, firing timers on the way.
    case sleep(Duration)
    /// Settle, then the text must be on the screen.
    case expect(String)
    /// Settle, then the text must not be on the screen.
    case expectNot(String)
    case resize(Size)
    /// Append the screen to the output.
    case screen
    /// Compare the screen with the golden file `NAME.txt` beside the tape.
    case snapshot(String)
    /// Card-reader track data as keystrokes in one burst, no time between them.
    case swipe(String)
    /// A barcode scanner's burst: the digits with no time between them, then Enter.
    case scan(String)
    /// Text pasted into the terminal (bracketed paste): one event, never keystrokes.
    case paste(String)
    /// A left mouse click at a cell.
    case click(Point)
}

/// A command with where it came from, for error messages.
public struct TapeLine: Equatable, Sendable {
    public let number: Int
    public let source: String
    public let command: TapeCommand

    public init(number: Int, source: String, command: TapeCommand) {
        self.number = number
        self.source = source
        self.command = command
    }
}

/// A parsed tape: its commands in order, and the file it came from (snapshots live beside it).
public struct Tape: Equatable, Sendable {
    public let lines: [TapeLine]
    /// The tape's file, if it has one.
    public let path: String?
    /// The language the whole tape plays in (`Set Language zh-Hans` before its first command);
    /// nil plays it in the language of the run that plays it.
    public let language: Language?

    public init(lines: [TapeLine], path: String? = nil, language: Language? = nil) {
        self.lines = lines
        self.path = path
        self.language = language
    }

    public var commands: [TapeCommand] { lines.map(\.command) }

    /// Where golden snapshots live: `store/buy.tape` -> `store/buy.snapshots/`.
    public var snapshotDirectory: String? {
        guard let path else { return nil }
        let base = path.hasSuffix(".tape") ? String(path.dropLast(5)) : path
        return base + ".snapshots"
    }
}

/// A malformed tape line, found before anything runs.
public struct TapeError: Error, Equatable, CustomStringConvertible {
    /// 1-based; 0 when the tape could not be read at all.
    public let line: Int
    public let message: String
    public let path: String?

    public init(line: Int, message: String, path: String? = nil) {
        self.line = line
        self.message = message
        self.path = path
    }

    /// `buy.tape:12: unknown command "Prss"`, the shape compilers use so editors can jump to it.
    public var description: String {
        "\(path ?? "tape"):\(line): \(message)"
    }
}
