import Foundation
import Logging

/// The counter's operational log: set up once at start from `--log FILE` and `--log-level`.
public enum OperationalLog {
    /// The levels `--log-level` takes, quietest last.
    public static let levelNames = Logger.Level.allCases.map(\.rawValue)

    /// Where the log goes when no file is given: standard error, unless it is the terminal the
    /// counter draws on (a line there would be drawn over the screen). Under systemd, standard
    /// error is the journal.
    public static func defaultSink(standardErrorIsTerminal: Bool) -> LogSink? {
        standardErrorIsTerminal ? nil : LogSink(handle: FileHandle.standardError)
    }

    /// Routes every `Logger` of the process to `sink` at `level` (nowhere when `sink` is nil).
    /// Call once, before the first logger is made.
    public static func bootstrap(level: Logger.Level, sink: LogSink?) {
        LoggingSystem.bootstrap { label in
            guard let sink else { return SwiftLogNoOpLogHandler() }
            return OperatorLogHandler(label: label, level: level, sink: sink)
        }
    }
}
