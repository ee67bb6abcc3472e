import Clocks
import Foundation
import TerminalUI

/// The attract loop's demo: tapes from `Tapes/demo/` played on screen, key by key on the loop's
/// timers, into a counter of its own on a throwaway in-memory database. The real counter and
/// its database are never touched. When the last tape ends the first starts again on a fresh
/// counter, until a key stops it.
final class DemoPlayer {
    private let tapes: [Tape]
    private let context: LoopContext
    private(set) var counter: CounterApplication?
    /// The terminal's size, for each fresh demo counter.
    var size = Size(columns: 80, rows: 24)
    private var steps: [TapeCommand] = []
    private var tapeIndex = 0
    /// The next step's timer: `stop` cancels it, so no step of a stopped demo ever runs.
    private var pending: TimerID?
    /// Between two keys of a `Type` or a `Press N`: slow enough for a passer-by to follow.
    static let keyInterval: Duration = .milliseconds(250)

    init(tapes: [Tape], context: LoopContext) {
        self.tapes = tapes
        self.context = context
    }

    func start(size: Size) {
        self.size = size
        tapeIndex = 0
        playTape()
    }

    func stop() {
        cancelPending()
        counter = nil
    }

    private func cancelPending() {
        if let pending { context.timers.cancel(pending) }
        pending = nil
    }

    private func playTape() {
        guard !tapes.isEmpty else { return }
        let demo = CounterApplication(isKiosk: true, makeServices: CounterApplication.services(database: ":memory:"))
        demo.start(LoopContext(clock: context.clock, timers: context.timers, isHeadless: true))
        demo.handle(.resize(size))
        counter = demo
        steps = tapes[tapeIndex % tapes.count].commands
        tapeIndex += 1
        schedule(after: .milliseconds(800))
    }

    private func schedule(after delay: Duration, _ next: @escaping (DemoPlayer) -> Void = { $0.step() }) {
        cancelPending()
        pending = context.timers.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.pending = nil
            next(self)
        }
    }

    /// Plays the next command; schedules the one after it.
    private func step() {
        guard let counter else { return }
        guard !steps.isEmpty else {
            // Next tape, on a fresh counter: nothing a demo did carries over.
            schedule(after: .seconds(2)) { $0.playTape() }
            return
        }
        let command = steps.removeFirst()
        switch command {
        case let .type(text):
            var rest = Array(text)
            if let first = rest.first {
                counter.handle(.key(first == "\n" ? .enter : .character(first)))
                rest.removeFirst()
            }
            if !rest.isEmpty { steps.insert(.type(String(rest)), at: 0) }
            schedule(after: Self.keyInterval)
        case let .swipe(text):
            for character in text { counter.handle(.key(.character(character))) }
            schedule(after: Self.keyInterval)
        case let .scan(code):
            counter.handle(.scan(code))
            schedule(after: Self.keyInterval)
        case let .paste(text):
            counter.handle(.paste(text))
            schedule(after: Self.keyInterval)
        case let .press(key, count):
            counter.handle(.key(key))
            if count > 1 { steps.insert(.press(key, count: count - 1), at: 0) }
            schedule(after: Self.keyInterval * 2)
        case let .sleep(duration):
            schedule(after: duration)
        case let .click(point):
            counter.handle(.mouse(.left, at: point))
            schedule(after: Self.keyInterval)
        case let .resize(size):
            counter.handle(.resize(size))
            schedule(after: .zero)
        case .expect, .expectNot, .screen, .snapshot:
            // A demo shows; it checks nothing (its tapes are checked by `swift test`).
            schedule(after: .zero)
        }
    }

    /// `Tapes/demo/*.tape`, found as themes are: the current directory, then the repository
    /// above the executable. Sorted by name; unreadable tapes are left out.
    static func standardTapes(directory explicit: String? = nil) -> [Tape] {
        var candidates: [String] = []
        if let explicit { candidates.append(explicit) }
        candidates.append((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent("Tapes/demo"))
        if let executable = ThemeLibrary.currentExecutablePath(), let themes = ThemeLibrary.themesDirectory(above: executable) {
            candidates.append((URL(fileURLWithPath: themes).deletingLastPathComponent().path as NSString).appendingPathComponent("Tapes/demo"))
        }
        for directory in candidates {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            let tapes = files.filter { $0.hasSuffix(".tape") }.sorted()
                .compactMap { try? TapeParser.parse(contentsOfFile: (directory as NSString).appendingPathComponent($0)) }
            if !tapes.isEmpty { return tapes }
        }
        return []
    }
}

/// The demo tapes, for the command line.
public enum DemoPlayerTapes {
    public static func standard() -> [Tape] { DemoPlayer.standardTapes() }
}
