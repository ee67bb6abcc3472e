import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing key files so that no reader ever sees half a key: a key is written to a
/// private temporary file, synced, and only then given its name (link or rename), and the
/// directory is synced so that the name survives a power cut too.
enum VaultKeyFile {
    enum Failure: Error { case malformed, unwritable }

    /// The key at `path`, or nil when there is no file.
    static func read(_ path: String) throws(Failure) -> VaultKeys? {
        try readBytes(path, length: VaultKeys.fileLength).map(VaultKeys.init(bytes:))
    }

    /// The `length` bytes at `path` (any key kept this way: the vault's, a journal's signing
    /// key), or nil when there is no file.
    static func readBytes(_ path: String, length: Int) throws(Failure) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // Keep the file private even if someone loosened it (a credential is read-only: no harm).
        chmod(path, 0o600)
        guard let data = FileManager.default.contents(atPath: path), data.count == length else { throw .malformed }
        return Array(data)
    }

    static func randomBytes() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<VaultKeys.fileLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Makes `path` hold `bytes` unless a key is already there; returns the key that is there
    /// after (another counter starting at the same moment may have won).
    static func createIfAbsent(_ path: String, bytes: [UInt8]) throws(Failure) -> VaultKeys {
        VaultKeys(bytes: try createIfAbsent(path, bytes: bytes, length: VaultKeys.fileLength))
    }

    /// The same for any key of `length` bytes: the bytes that are at `path` after.
    static func createIfAbsent(_ path: String, bytes: [UInt8], length: Int) throws(Failure) -> [UInt8] {
        let temporary = try writeTemporary(beside: path, bytes: bytes)
        defer { unlink(temporary) }
        // link() fails when the name exists: exactly one of several racing counters names its key.
        if link(temporary, path) == 0 {
            syncDirectory(of: path)
            return bytes
        }
        guard errno == EEXIST, let existing = try readBytes(path, length: length) else { throw .unwritable }
        return existing
    }

    /// Makes `path` hold `bytes`, replacing what was there, in one step.
    static func replace(_ path: String, bytes: [UInt8]) throws(Failure) {
        let temporary = try writeTemporary(beside: path, bytes: bytes)
        guard rename(temporary, path) == 0 else { unlink(temporary); throw .unwritable }
        syncDirectory(of: path)
    }

    /// Renames `from` to `to` (same directory), durably.
    static func move(_ from: String, to: String) throws(Failure) {
        guard rename(from, to) == 0 else { throw .unwritable }
        syncDirectory(of: to)
    }

    static func remove(_ path: String) {
        unlink(path)
        syncDirectory(of: path)
    }

    /// Creates the key's directory (0700: the config directory holds secrets) if it is missing.
    static func makeDirectory(for path: String) throws(Failure) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable
        }
    }

    private static func writeTemporary(beside path: String, bytes: [UInt8]) throws(Failure) -> String {
        try makeDirectory(for: path)
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // O_EXCL and 0600 from the first byte on: the key is never readable by others, not even briefly.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .unwritable }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else { unlink(temporary); throw .unwritable }
        return temporary
    }

    private static func syncDirectory(of path: String) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
