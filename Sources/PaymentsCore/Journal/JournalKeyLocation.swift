import Foundation

/// Where a counter's journal signing key is kept, and who said so. As the vault key, never
/// beside the database: a copy of the data must not carry what re-signs it.
///
/// Each counter has its own key file, named after the counter (`journal-till-1.key`), in the
/// directory this location names; `--journal-key FILE` (or `CHECKOUT_JOURNAL_KEY_FILE`, or the
/// systemd credential `journal-key`) names one counter's file exactly. A database in memory
/// keeps its counters' keys in memory: they die with the process, as the database does.
public struct JournalKeyLocation: Equatable, Sendable {
    public enum Place: Equatable, Sendable {
        /// This file, whatever the counter's name.
        case file(String)
        /// `journal-<counter>.key` in this directory.
        case directory(String)
        /// Made in memory, for the process's life.
        case memory
    }

    public static let environmentVariable = "CHECKOUT_JOURNAL_KEY_FILE"
    public static let credentialName = "journal-key"

    public let place: Place
    /// A systemd credential is the service manager's copy, read-only: a key is never made there.
    public let mayCreate: Bool

    public init(place: Place, mayCreate: Bool = true) {
        self.place = place
        self.mayCreate = mayCreate
    }

    public static let inMemory = JournalKeyLocation(place: .memory)

    /// The first that is given: the flag, the environment variable, a systemd credential that
    /// exists; else beside the vault key (in its directory), or in the config directory when the
    /// vault key is a credential (which no one may write beside).
    public static func resolve(flag: String?, vaultKey: VaultKeyLocation,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> JournalKeyLocation {
        if let flag, !flag.isEmpty { return JournalKeyLocation(place: .file(flag)) }
        if let file = environment[environmentVariable], !file.isEmpty { return JournalKeyLocation(place: .file(file)) }
        if let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty {
            let file = (credentials as NSString).appendingPathComponent(credentialName)
            if FileManager.default.fileExists(atPath: file) { return JournalKeyLocation(place: .file(file), mayCreate: false) }
        }
        let besideVault = vaultKey.origin == .credential ? VaultKeyLocation.defaultPath(environment: environment) : vaultKey.path
        return JournalKeyLocation(place: .directory((besideVault as NSString).deletingLastPathComponent))
    }

    /// The key file of `counter`; nil in memory.
    public func path(forCounter counter: String) -> String? {
        switch place {
        case let .file(path): path
        case let .directory(directory): (directory as NSString).appendingPathComponent("journal-\(Self.fileSafe(counter)).key")
        case .memory: nil
        }
    }

    /// A counter's name as part of a file name: letters, digits, `.`, `_` and `-` kept, anything
    /// else (a `/`, a space) as `_`.
    static func fileSafe(_ counter: String) -> String {
        let kept = counter.unicodeScalars.map { scalar -> Character in
            let isKept = (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))) || "._-".unicodeScalars.contains(scalar)
            return isKept ? Character(scalar) : "_"
        }
        let name = String(kept)
        return name.isEmpty || name.hasPrefix(".") ? "_" + name : name
    }
}

/// Why a counter's journal key cannot be used: a value the command line words before the
/// counter starts, as it words `CoreOpenError`.
public enum JournalKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database records a key for `counter`, and no key file is at `expectedAt`: a new one
    /// is not made (the chain so far is signed with the lost one).
    case missing(counter: String, expectedAt: String)
    /// The key file at `path` is not the key the database records for `counter`.
    case notTheCountersKey(counter: String, path: String, recorded: String, inFile: String)
    /// The file at `path` is not a key (not 32 bytes).
    case malformed(path: String)
    /// A new key file could not be written at `path`.
    case unwritable(path: String)
    /// The database could not be read or written while binding the key.
    case storage(String)

    public var description: String {
        switch self {
        case let .missing(counter, path): "the journal key of counter \(counter) is not at \(path)"
        case let .notTheCountersKey(counter, path, recorded, inFile):
            "the journal key \(path) (\(inFile)) is not the key recorded for counter \(counter) (\(recorded))"
        case let .malformed(path): "the journal key file \(path) is damaged (a key is 32 bytes)"
        case let .unwritable(path): "the journal key cannot be written at \(path)"
        case let .storage(detail): "the journal's keys could not be read: \(detail)"
        }
    }
}

/// The journal keys of the counters of one opened database, loaded once each: a counter built
/// again on the same storage (a restart in a test, a second `Commerce`) signs with the same key.
public final class JournalKeyring: @unchecked Sendable {
    public let location: JournalKeyLocation
    private var loaded: [String: JournalSigningKey] = [:]
    private let lock = NSLock()

    public init(_ location: JournalKeyLocation) { self.location = location }

    /// `counter`'s key: read from its file, or made (and written there) when `mayCreate` and
    /// there is none.
    func key(forCounter counter: String, mayCreate: Bool) throws(JournalKeyError) -> JournalSigningKey {
        if let key = lock.withLock({ loaded[counter] }) { return key }
        let key = try load(counter, mayCreate: mayCreate)
        return lock.withLock {
            if let earlier = loaded[counter] { return earlier }
            loaded[counter] = key
            return key
        }
    }

    private func load(_ counter: String, mayCreate: Bool) throws(JournalKeyError) -> JournalSigningKey {
        guard let path = location.path(forCounter: counter) else {
            guard mayCreate else { throw .missing(counter: counter, expectedAt: "memory") }
            return .generate()
        }
        let bytes: [UInt8]?
        do { bytes = try VaultKeyFile.readBytes(path, length: JournalSigningKey.fileLength) } catch { throw .malformed(path: path) }
        if let bytes {
            guard let key = JournalSigningKey(bytes: bytes) else { throw .malformed(path: path) }
            return key
        }
        guard mayCreate, location.mayCreate else { throw .missing(counter: counter, expectedAt: path) }
        let created: [UInt8]
        do {
            created = try VaultKeyFile.createIfAbsent(path, bytes: JournalSigningKey.generate().bytes, length: JournalSigningKey.fileLength)
        } catch {
            throw error == .malformed ? .malformed(path: path) : .unwritable(path: path)
        }
        guard let key = JournalSigningKey(bytes: created) else { throw .malformed(path: path) }
        return key
    }
}
