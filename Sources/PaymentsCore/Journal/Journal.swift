import Foundation

/// The journal: every receipt, refund, void, no-sale, cash movement, till opening and closing
/// and Z report is one entry of its counter's chain (`journal_entries`), written in the
/// transaction that does what it records, numbered without a gap from 1, hashed over the hash
/// before it and its own columns, and signed with the counter's Ed25519 key. Anyone with the
/// file can drop the append-only triggers and edit a row; no one without the key can make the
/// chain hold again (`JournalVerifier`, `checkout journal verify`). Docs/journal.md.
///
/// A store journals once a counter is attached to it (`attach`: `Commerce` does it with its
/// `CounterInstance.name`); a transaction of a store with no counter attached cannot write
/// anything that must be journaled (`JournalError.noSigningKey`), rather than write it unsigned.
public enum Journal {
    /// Binds `counter`'s key to the database (recording its public key the first time, checking
    /// it every time after) and makes `store`'s write transactions journal as `counter`.
    @discardableResult
    public static func attach(_ store: any CoreStore, counter: String, keys: JournalKeyring, at now: Date) throws(JournalKeyError) -> JournalWriter {
        let writer = JournalWriter(counter: counter, key: try bind(store, counter: counter, keys: keys, at: now))
        store.journal = writer
        return writer
    }

    /// `counter`'s key, checked against the public key the database records for it (recorded
    /// now if there is none). A recorded key whose file is missing is an error: a new key would
    /// sign on after entries no one could tell from forgeries.
    static func bind(_ store: any CoreStore, counter: String, keys: JournalKeyring, at now: Date) throws(JournalKeyError) -> JournalSigningKey {
        let key = try checkedKey(store, counter: counter, keys: keys)
        let registered: String?
        do {
            registered = try store.write { tx in
                // Two counters of the same name starting together both offer the same file's key.
                try tx.execute("INSERT INTO journal_keys (counter, public_key, registered_at) VALUES (?, ?, ?) ON CONFLICT (counter) DO NOTHING",
                               counter, key.publicKeyHex, now.milliseconds)
                return try JournalKeyRecord.publicKey(tx, counter: counter)
            }
        } catch {
            throw .storage(String(describing: error))
        }
        try expect(registered, is: key, counter: counter, keys: keys)
        return key
    }

    /// Checks `counter`'s key file against the database before the counter starts (and makes
    /// the file if the counter has none yet), writing nothing: what is wrong is said on a clean
    /// terminal. Answers the key's fingerprint.
    @discardableResult
    public static func checkKey(_ storage: CoreStorage, counter: String) throws(JournalKeyError) -> String {
        try checkedKey(storage.store, counter: counter, keys: storage.journalKeys).fingerprint
    }

    private static func checkedKey(_ store: any CoreStore, counter: String, keys: JournalKeyring) throws(JournalKeyError) -> JournalSigningKey {
        let recorded: String?
        do { recorded = try store.read { tx in try JournalKeyRecord.publicKey(tx, counter: counter) } } catch {
            throw .storage(String(describing: error))
        }
        let key = try keys.key(forCounter: counter, mayCreate: recorded == nil)
        if recorded != nil { try expect(recorded, is: key, counter: counter, keys: keys) }
        return key
    }

    private static func expect(_ recorded: String?, is key: JournalSigningKey, counter: String, keys: JournalKeyring) throws(JournalKeyError) {
        guard recorded != key.publicKeyHex else { return }
        throw .notTheCountersKey(counter: counter, path: keys.location.path(forCounter: counter) ?? "memory",
                                 recorded: recorded.flatMap(JournalPublicKey.fingerprint(ofHex:)) ?? "none", inFile: key.fingerprint)
    }

    /// Appends an entry to the chain of the counter attached to the transaction's store, in
    /// that transaction: for the till's kinds (a no-sale, a cash movement, a till opened or
    /// closed), written by the code that records them, as the books' receipts are.
    ///
    /// On a server, the counter's chain is locked for the rest of the transaction (an advisory
    /// lock on its name): two processes writing the same chain take turns and never fork it,
    /// and `(counter, seq)` is unique besides. On SQLite the file has one writer at a time.
    @discardableResult
    public static func append(_ tx: any CoreTransaction, kind: JournalKind, subject: String, body: JournalBody, at: Date) throws -> JournalEntryStamp {
        guard let writer = tx.journal else { throw JournalError.noSigningKey }
        if tx.engine == .postgres {
            try tx.execute("SELECT pg_advisory_xact_lock(hashtext(?))", "checkout-journal:" + writer.counter)
        }
        let last = try tx.rows("SELECT seq, hash FROM journal_entries WHERE counter = ? ORDER BY seq DESC LIMIT 1", writer.counter).first
        let seq = (try last?.value(Int64.self, "seq") ?? 0) + 1
        let previous = try last?.value(String.self, "hash") ?? JournalEntryRecord.genesisHash
        let bodyText = body.canonicalText
        let hash = JournalEntryRecord.hash(previous: previous, counter: writer.counter, seq: seq, kind: kind.rawValue,
                                           at: at.milliseconds, subject: subject, body: bodyText)
        let record = JournalEntryRecord(counter: writer.counter, seq: seq, kind: kind.rawValue, at: at.milliseconds, subject: subject,
                                        body: bodyText, previousHash: previous, hash: hash.hexString,
                                        signature: try writer.key.signature(for: hash))
        try tx.insert(record)
        return JournalEntryStamp(counter: writer.counter, seq: seq, hash: record.hash)
    }

    /// The fingerprint of the key the database records for `counter` (for a Z report's footer,
    /// or to compare with one printed before); nil when it records none.
    public static func keyFingerprint(_ tx: any CoreTransaction, counter: String) throws -> String? {
        try JournalKeyRecord.publicKey(tx, counter: counter).flatMap(JournalPublicKey.fingerprint(ofHex:))
    }
}

/// Which counter a store's transactions journal as, with its key.
public final class JournalWriter: @unchecked Sendable {
    public let counter: String
    let key: JournalSigningKey

    init(counter: String, key: JournalSigningKey) {
        self.counter = counter
        self.key = key
    }

    public var fingerprint: String { key.fingerprint }
}

/// Where an appended entry went.
public struct JournalEntryStamp: Hashable, Sendable {
    public let counter: String
    public let seq: Int64
    public let hash: String
}

public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Something that must be journaled was written on a store no counter is attached to.
    case noSigningKey

    public var description: String {
        switch self {
        case .noSigningKey: "no counter's journal key is attached to this storage: nothing that must be journaled can be written"
        }
    }
}

/// A row of `journal_keys`: each counter's public key, recorded when it first journals.
enum JournalKeyRecord {
    static func publicKey(_ tx: any CoreTransaction, counter: String) throws -> String? {
        try tx.fetchValue(String.self, "SELECT public_key FROM journal_keys WHERE counter = ?", counter)
    }
}
