import Foundation
import GRDB

/// Every event of the core's log, once its transaction has committed, as one line of the
/// operator's log: `charge.succeeded ch_000012 amount=650 currency=EUR`. A change rolled back
/// is never logged, and the payloads were redacted on their way into the events table.
///
/// Installed on the core's connection only when a log sink is given. On SQLite it reads the new
/// rows after each commit that added some; on a server, the store hands it the events each of
/// this counter's transactions appended, once committed.
final class CommittedEventLog: TransactionObserver {
    private let log: CoreLog
    private var lastLogged: Int64
    private var added = false

    init(log: CoreLog, startingAfter lastId: Int64) {
        self.log = log
        lastLogged = lastId
    }

    static func install(on store: any CoreStore, log: CoreLog) {
        if let server = store as? PostgresCoreStore {
            server.eventsCommitted = { events in
                for event in events { log.info(line(kind: event.kind, subject: event.subjectID, payload: event.payload)) }
            }
        } else if let sqlite = store as? SQLiteCoreStore {
            try? sqlite.writer.writeWithoutTransaction { db in
                let last = (try? Int64.fetchOne(db, EventRow.select(max(EventRow.Columns.id)))) ?? nil
                db.add(transactionObserver: CommittedEventLog(log: log, startingAfter: last ?? 0), extent: .databaseLifetime)
            }
        }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .insert(tableName: "events") = eventKind { return true }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) { added = true }
    func databaseWillCommit() throws {}

    func databaseDidCommit(_ db: Database) {
        guard added else { return }
        added = false
        guard let committed = try? EventRow.filter(EventRow.Columns.id > lastLogged).order(EventRow.Columns.id).fetchAll(db) else { return }
        for event in committed {
            if let id = event.id { lastLogged = id }
            log.info(Self.line(kind: event.kind, subject: event.subjectID, payload: event.payload))
        }
    }

    func databaseDidRollback(_ db: Database) { added = false }

    private static func line(kind: String, subject: String, payload: String) -> String {
        "\(kind) \(subject)\(fields(payload))"
    }

    /// `{"amount":"650","currency":"EUR"}` -> ` amount=650 currency=EUR` (sorted, as stored).
    private static func fields(_ json: String) -> String {
        guard let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: String], !object.isEmpty else { return "" }
        return object.sorted { $0.key < $1.key }.map { key, value in " \(key)=\(value.contains(" ") ? "\"\(value)\"" : value)" }.joined()
    }
}
