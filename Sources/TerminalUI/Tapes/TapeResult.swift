/// Why a tape stopped: the line, what it asked for, and the screen at that moment.
public struct TapeFailure: Equatable, Sendable {
    /// The tape's line number, from 1.
    public let line: Int
    /// The command as written on that line.
    public let command: String
    public let message: String
    /// The screen text when it failed.
    public let screen: String

    public init(line: Int, command: String, message: String, screen: String) {
        self.line = line
        self.command = command
        self.message = message
        self.screen = screen
    }
}

/// The outcome of playing a tape.
public struct TapeResult: Equatable, Sendable {
    /// nil when every command held.
    public let failure: TapeFailure?
    /// What `Screen` printed and what `Snapshot` wrote, in order.
    public let output: String
    /// The screen text at the end (or at the failure).
    public let screen: String
    /// Commands run, counting the one that failed.
    public let commandsRun: Int

    public var passed: Bool { failure == nil }
    public var failed: Bool { failure != nil }

    /// 0 when everything held, 1 when an expectation or a snapshot failed. (A malformed tape
    /// never gets this far: it is a `TapeError`, exit 2.)
    public var exitStatus: Int32 { passed ? 0 : 1 }

    /// What `checkout play` prints about the result.
    public func report(path: String? = nil) -> String {
        guard let failure else { return "ok: \(path ?? "tape") passed (\(commandsRun) commands)" }
        let rule = String(repeating: "─", count: 40)
        return """
            FAIL \(path ?? "tape"):\(failure.line): \(failure.command)
            \(failure.message)
            screen at line \(failure.line):
            \(rule)
            \(failure.screen)
            \(rule)
            """
    }
}
