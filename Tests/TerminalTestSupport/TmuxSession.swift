import Foundation
import ProgramSupport

/// Runs the real `checkout` binary inside a detached tmux session, as a person at a terminal
/// would: keys go in with `send-keys`, the screen comes back with `capture-pane`.
public final class TmuxSession {
    public let name: String
    public private(set) var isRunning = true

    /// Starts `command` in a new session of the given size, under a shell that outlives it: after
    /// the program ends, the shell prints its exit status and waits, so the terminal's state is
    /// read from a live pane (tmux stops tracking a dead pane's modes).
    public init(command: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
        // tmux is a prerequisite (README): without it the test fails, naming the package.
        _ = try RequiredProgram.tmux.require()
        name = "checkout-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let exports = environment.map { "export \($0.key)=\(Self.quote($0.value));" }.joined(separator: " ")
        let program = command.map(Self.quote).joined(separator: " ")
        let script = "sleep 0.2; \(exports) \(program); echo \"\(Self.exitMarker)$?]\"; exec sleep 600"
        // The first session starts the tmux server; two tests starting the first sessions at
        // once can find it half up ("server exited unexpectedly"). A moment later it serves both.
        var attempt = 0
        while true {
            do {
                try Self.startSession(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", "sh", "-c", script])
                break
            } catch where attempt < 4 {
                attempt += 1
                usleep(250_000)
            }
        }
    }

    private static let exitMarker = "[checkout exited "

    deinit {
        _ = try? Self.tmux(["kill-session", "-t", name])
    }

    public func send(_ keys: String...) throws {
        try Self.tmux(["send-keys", "-t", name] + keys)
    }

    /// Sends text literally (no key-name lookup).
    public func type(_ text: String) throws {
        try Self.tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Fills the card form from its first field (the name on the card), Tab between fields, and
    /// leaves the cursor in the last (the code): the shopper's next Enter goes on from there.
    public func typeCard(holder: String, number: String = "4242424242424242", expiry: String = "1230", code: String = "123") throws {
        for (index, text) in [holder, number, expiry, code].enumerated() {
            if index > 0 { try send("Tab") }
            try type(text)
        }
    }

    public func resize(columns: Int, rows: Int) throws {
        try Self.tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    public func screen() throws -> String {
        try Self.tmux(["capture-pane", "-p", "-t", name])
    }

    /// Reads a tmux format variable of the pane, e.g. `alternate_on`, `cursor_flag`, `pane_dead_status`.
    public func paneVariable(_ variable: String) throws -> String {
        try Self.tmux(["display-message", "-p", "-t", name, "#{\(variable)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the screen until it contains `text`, up to `timeout` seconds. Real time here, on
    /// purpose: this is a real terminal with a real process.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return last }
            usleep(100_000)
        }
        throw E2EError.timeout("\(text)", screen: last)
    }

    /// Waits until the program has ended and returns its exit status. The shell writes its
    /// marker where the program left the cursor: a program killed (no terminal restored) may
    /// have left it near the end of a line, and the marker then wraps ("[" at the right edge,
    /// "checkout exited 137]" below), so it is looked for with the screen's whitespace removed.
    public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let marker = Self.exitMarker.filter { !$0.isWhitespace }
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            let compact = last.filter { !$0.isWhitespace }
            if let found = compact.range(of: marker) {
                isRunning = false
                return Int32(compact[found.upperBound...].prefix { $0.isNumber }) ?? -1
            }
            usleep(100_000)
        }
        throw E2EError.timeout(Self.exitMarker, screen: last)
    }

    /// The program's process id: the child of the pane's shell.
    public func programPID() throws -> pid_t {
        let shell = try paneVariable("pane_pid")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let first = children.split(separator: " ").first, let pid = pid_t(first) else {
            throw E2EError.tmuxFailed(["no program under the pane's shell \(shell)"])
        }
        return pid
    }

    /// Starts a session without Foundation's `Process`: the first session forks the tmux server,
    /// a daemon that inherits the descriptor `Process` watches to learn that its child ended, so
    /// `waitUntilExit` would wait for the server's whole life. `posix_spawnp` + `waitpid` hand
    /// the child nothing but its standard streams.
    private static func startSession(_ arguments: [String]) throws {
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, nil, argv, environ) == 0 else { throw E2EError.tmuxFailed(arguments) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else { throw E2EError.tmuxFailed(arguments) }
    }

    @discardableResult
    public static func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw E2EError.tmuxFailed(arguments) }
        return String(decoding: data, as: UTF8.self)
    }

    private static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

public enum E2EError: Error, CustomStringConvertible {
    case timeout(String, screen: String)
    case tmuxFailed([String])
    case binaryMissing(String)

    public var description: String {
        switch self {
        case let .timeout(what, screen): "timed out waiting for \(what); screen was:\n\(screen)"
        case let .tmuxFailed(arguments): "tmux \(arguments.joined(separator: " ")) failed"
        case let .binaryMissing(path): "no checkout binary at \(path)"
        }
    }
}
