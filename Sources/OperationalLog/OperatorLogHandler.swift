import Foundation
import Logging

/// One line per event, for an operator reading a file or the journal:
///
///     2026-11-22T10:05:00Z info checkout.storage: database opened path=/var/lib/counter.sqlite
///
/// UTC time, level, the part that speaks, the message, then its metadata as sorted `key=value`
/// pairs. A line never spans two (line breaks become spaces) and never holds a card number
/// (`CardNumberRedaction`).
public struct OperatorLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let sink: LogSink

    public init(label: String, level: Logger.Level, sink: LogSink) {
        self.label = label
        self.logLevel = level
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?, source: String,
                    file: String, function: String, line: UInt) {
        let all = metadata.merging(explicit ?? [:]) { $1 }
        sink.write(Self.line(date: Date(), level: level, label: label, message: "\(message)", metadata: all))
    }

    /// The line for an event (without its newline).
    public static func line(date: Date, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        var text = "\(timestamp(date)) \(level) \(label): \(message)"
        for key in metadata.keys.sorted() {
            text += " \(key)=\(metadata[key]!)"
        }
        let oneLine = String(text.map { $0.isNewline ? " " : $0 })
        return CardNumberRedaction.redact(oneLine)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

/// Where log lines go: a file (appended) or standard error. Lines from several threads are
/// written whole, one at a time.
public final class LogSink: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()

    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// The file at `path`, created when missing, appended to.
    public static func file(_ path: String) throws -> LogSink {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        return LogSink(handle: handle)
    }

    func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        handle.write(Data((line + "\n").utf8))
    }
}
