import ArgumentParser
import Foundation
import Logging
import OperationalLog

/// `--log FILE` and `--log-level LEVEL`: the operator's log of what the counter did.
struct LogOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Append the operational log (start, database, payments and the settler, exit) to this file, one line an event. Default: standard error, unless that is the terminal.", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("The least important events logged: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: String = Self.defaultLevel

    static let defaultLevel = "info"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level is one of " + OperationalLog.levelNames.joined(separator: ", "))
        }
    }

    /// Sets up the process's log; a file that cannot be opened stops the counter before it
    /// starts, said on the terminal.
    func start() throws {
        try Self.start(log: log, level: logLevel)
    }

    /// As `start()`, for options given as values (`CounterSettings`).
    static func start(log: String?, level logLevel: String) throws {
        let sink: LogSink?
        if let log {
            do {
                sink = try LogSink.file(log)
            } catch {
                throw ValidationError("--log \(log): \(error.localizedDescription)")
            }
        } else {
            sink = OperationalLog.defaultSink(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1)
        }
        OperationalLog.bootstrap(level: Logger.Level(rawValue: logLevel) ?? .info, sink: sink)
    }
}

/// The loggers of the command's parts.
enum Log {
    static let counter = Logger(label: "checkout")
    static let storage = Logger(label: "checkout.storage")
    /// The payments core: each payment state and settler action as it is committed.
    static let payments = Logger(label: "checkout.payments")
}
