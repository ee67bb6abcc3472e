import Foundation
import GRDB

/// A row of `counter_instances`: a counter process that has used the database.
struct CounterInstanceRecord: Codable, CoreRecord {
    static let databaseTableName = "counter_instances"

    var id: String
    var host: String
    var pid: Int
    var startedAt: Date
    /// The settler's last heartbeat.
    var seenAt: Date
    /// Set by a clean stop.
    var endedAt: Date? = nil
    /// `--counter`, or the host's name.
    var name: String? = nil
}
