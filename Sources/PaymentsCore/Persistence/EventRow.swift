import Foundation
import GRDB

/// A row of `events`, the append-only log (its triggers refuse UPDATE and DELETE).
struct EventRow: Codable, CoreRecord {
    static let databaseTableName = "events"
    // The core's first tables name their columns themselves (`time_ms`).
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.useDefaultKeys
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.useDefaultKeys

    /// nil until appended: SQLite numbers the log.
    var id: Int64?
    var time: Date
    var kind: String
    var subjectID: String
    /// JSON of string pairs, keys sorted, values redacted.
    var payload: String

    enum CodingKeys: String, CodingKey {
        case id
        case time = "time_ms"
        case kind
        case subjectID = "subject_id"
        case payload
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let subjectID = Column(CodingKeys.subjectID)
    }

    /// A payload that is not the JSON the log writes is a damaged row.
    func record() throws -> EventRecord {
        guard let id, let pairs = try? JSONDecoder().decode([String: String].self, from: Data(payload.utf8)) else {
            throw StorageError.corrupt("event \(id.map(String.init) ?? "?")")
        }
        return EventRecord(id: id, time: time, kind: kind, subjectID: subjectID, payload: pairs)
    }
}
