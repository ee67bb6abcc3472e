import Clocks
import Foundation
import Localization

/// Plays a tape against an application on a headless terminal, with a manual clock: the same
/// tape gives the same screens every run, to the frame.
///
/// - `Type` sends each character as a key, `typingInterval` apart (a person typing), so
///   per-key validation and timers behave as they would at the keyboard;
/// - `Swipe` sends its characters with no time between them (a card reader's burst);
/// - `Scan` sends a barcode's digits with no time between them, then Enter (a scanner's burst);
/// - `Sleep` advances the clock, firing timers on the way;
/// - `Expect`/`ExpectNot` settle first (timers due now fire), then search the screen text;
/// - `Snapshot "name"` compares the screen with `<tape>.snapshots/name.txt`; a missing golden
///   fails unless `update` is set, which (re)writes goldens.
///
/// Once the application has quit, any further command fails: the tape expected a screen that
/// is no longer there.
public struct TapePlayer {
    public var size: Size
    /// Rewrite golden snapshots instead of comparing (`checkout play --update`).
    public var update: Bool
    /// Time between two typed characters.
    public var typingInterval: Duration
    public var minimumSize: Size
    /// Where goldens live when the tape has no file (a tape parsed from a string in a test).
    public var snapshotDirectory: String?
    /// False plays the keys and lets the work settle at each `Expect` and `Snapshot`, without
    /// checking them: to walk a tape's screens in another language than it was written in.
    public var checksExpectations = true
    /// Called with the screen after every command: to look at each screen a tape passes
    /// through, not only at its `Expect`s.
    public var observeScreen: ((_ screen: String) -> Void)?

    public init(
        size: Size = Size(columns: 80, rows: 24),
        update: Bool = false,
        typingInterval: Duration = .milliseconds(50),
        minimumSize: Size = FrameRenderer.minimumSize,
        snapshotDirectory: String? = nil
    ) {
        self.size = size
        self.update = update
        self.typingInterval = typingInterval
        self.minimumSize = minimumSize
        self.snapshotDirectory = snapshotDirectory
    }

    /// Parses `text` and plays it. A malformed line throws before anything runs.
    public func play(
        _ text: String, path: String? = nil, clock: ManualClock = ManualClock(), makeApplication: () -> Application
    ) throws(TapeError) -> TapeResult {
        play(try TapeParser.parse(text, path: path), clock: clock, makeApplication: makeApplication)
    }

    /// Plays a parsed tape on a fresh application, in the tape's language if it sets one.
    public func play(_ tape: Tape, clock: ManualClock = ManualClock(), makeApplication: () -> Application) -> TapeResult {
        Language.$current.withValue(tape.language ?? Language.current) {
            let terminal = HeadlessTerminal(application: makeApplication(), size: size, clock: clock, minimumSize: minimumSize)
            var run = Run(player: self, tape: tape, terminal: terminal)
            return run.play()
        }
    }

    /// What `checkout play FILE` does: parse, play, print the report, and return the exit status
    /// (0 passed, 1 an expectation or snapshot failed, 2 the tape is malformed or unreadable).
    /// `clock` is the tape's clock, for a factory that needs it before `start` (a database of
    /// charges stamped with the tape's time).
    public func run(
        tapeAt path: String, clock: ManualClock = ManualClock(), makeApplication: () -> Application, print: (String) -> Void
    ) -> Int32 {
        let tape: Tape
        do {
            tape = try TapeParser.parse(contentsOfFile: path)
        } catch {
            print("error: \(error)")
            return 2
        }
        let result = play(tape, clock: clock, makeApplication: makeApplication)
        if !result.output.isEmpty { print(result.output) }
        print(result.report(path: path))
        return result.exitStatus
    }
}

/// One playing of one tape.
private struct Run {
    let player: TapePlayer
    let tape: Tape
    let terminal: HeadlessTerminal
    var output: [String] = []
    var commandsRun = 0

    mutating func play() -> TapeResult {
        for line in tape.lines {
            commandsRun += 1
            if let status = terminal.exitStatus {
                return finish(failing: line, "the application has already quit (exit status \(status)); nothing is left to run this against")
            }
            if let message = perform(line) {
                return finish(failing: line, message)
            }
            // As drawn after the command, without settling: looking must not change the run.
            player.observeScreen?(terminal.text)
        }
        terminal.settle()
        return TapeResult(failure: nil, output: output.joined(separator: "\n"), screen: terminal.text, commandsRun: commandsRun)
    }

    private func finish(failing line: TapeLine, _ message: String) -> TapeResult {
        let failure = TapeFailure(line: line.number, command: line.source, message: message, screen: terminal.text)
        return TapeResult(failure: failure, output: output.joined(separator: "\n"), screen: terminal.text, commandsRun: commandsRun)
    }

    /// Runs one command; returns a failure message, or nil when it held.
    private mutating func perform(_ line: TapeLine) -> String? {
        switch line.command {
        case .type(let text):
            for (index, character) in text.enumerated() {
                if terminal.exitStatus != nil { break }
                if index > 0 && player.typingInterval > .zero { terminal.advance(by: player.typingInterval) }
                terminal.send(HeadlessTerminal.key(for: character))
            }
        case .swipe(let data):
            for character in data where terminal.exitStatus == nil {
                terminal.send(HeadlessTerminal.key(for: character))
            }
        case .scan(let code):
            for character in code where terminal.exitStatus == nil {
                terminal.send(HeadlessTerminal.key(for: character))
            }
            if terminal.exitStatus == nil { terminal.send(.enter) }
        case .paste(let text):
            terminal.send(.paste(text))
        case .press(let key, let count):
            for _ in 0..<count where terminal.exitStatus == nil {
                terminal.send(key)
            }
        case .sleep(let duration):
            terminal.advance(by: duration)
        case .expect(let text):
            terminal.settle()
            if player.checksExpectations && !terminal.text.contains(text) { return "expected \"\(text)\" on the screen, but it is not there" }
        case .expectNot(let text):
            terminal.settle()
            if player.checksExpectations && terminal.text.contains(text) { return "expected \"\(text)\" not to be on the screen, but it is" }
        case .resize(let size):
            terminal.resize(to: size)
        case .screen:
            terminal.settle()
            output.append("── screen at line \(line.number) (\(terminal.size)) ──\n\(terminal.text)")
        case .click(let point):
            terminal.send(.mouse(.left, at: point))
        case .snapshot(let name):
            terminal.settle()
            return player.checksExpectations ? snapshot(name) : nil
        }
        return nil
    }

    private mutating func snapshot(_ name: String) -> String? {
        guard let directory = player.snapshotDirectory ?? tape.snapshotDirectory else {
            return "Snapshot \"\(name)\" needs a tape file (goldens live beside it) or a snapshot directory"
        }
        let path = (directory as NSString).appendingPathComponent(name + ".txt")
        let actual = terminal.text
        if player.update {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try (actual + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                return "could not write the golden \(path): \(error.localizedDescription)"
            }
            output.append("wrote snapshot \(path)")
            return nil
        }
        guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "missing golden \(path); run with --update to create it from this screen"
        }
        let expected = Self.normalised(golden)
        guard expected != actual else { return nil }
        return "snapshot \"\(name)\" differs from \(path):\n" + SnapshotDiff.describe(expected: expected, actual: actual)
    }

    /// Golden files end with a newline and may have gained \r\n or trailing spaces in an editor.
    static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                var line = String(line)
                while line.last == " " { line.removeLast() }
                return line
            }
            .joined(separator: "\n")
            .trimmingTrailingNewlines()
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
