import Foundation

/// A state change to record: what happened (`charge.succeeded`), to what (`ch_000001`), with a
/// small flat payload of strings.
public struct NewEvent: Equatable, Sendable {
    public let kind: String
    public let subjectID: String
    public let payload: [String: String]

    public init(_ kind: String, subject: String, _ payload: [String: String] = [:]) {
        self.kind = kind; self.subjectID = subject; self.payload = payload
    }
}

/// A recorded event, with its place in the log and the loop clock's time.
public struct EventRecord: Equatable, Sendable {
    public let id: Int64
    public let time: Date
    public let kind: String
    public let subjectID: String
    public let payload: [String: String]
}

/// The append-only history of every state change. Implementations never update or delete.
public protocol EventLog: AnyObject {
    func append(_ event: NewEvent) throws
    func events(subjectID: String?) throws -> [EventRecord]
}

extension NewEvent {
    /// The payload as every backend stores it: JSON, keys sorted, every value redacted (see
    /// `Redaction`).
    func storedPayload() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(payload.mapValues(Redaction.redact)), as: UTF8.self)
    }
}
