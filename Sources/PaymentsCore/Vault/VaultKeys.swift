import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The vault's two secrets: an AES-GCM key that seals stored card numbers and an HMAC key that
/// makes fingerprints. For a database file they live in "<database>.vaultkey" (64 random bytes,
/// mode 0600, created on first open); for an in-memory database they live only in memory.
public final class VaultKeys {
    private let sealingKey: SymmetricKey
    private let fingerprintKey: SymmetricKey

    public static let fileLength = 64

    init(bytes: [UInt8]) {
        sealingKey = SymmetricKey(data: bytes[0..<32])
        fingerprintKey = SymmetricKey(data: bytes[32..<64])
    }

    /// Fresh random keys that die with the process.
    public static func ephemeral() -> VaultKeys {
        var generator = SystemRandomNumberGenerator()
        return VaultKeys(bytes: (0..<fileLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Reads the key file, creating it (mode 0600, exclusively) if it does not exist yet.
    public static func loadOrCreate(path: String) throws -> VaultKeys {
        if FileManager.default.fileExists(atPath: path) {
            // Keep the file private even if someone loosened it.
            chmod(path, 0o600)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard data.count == fileLength else { throw VaultKeyError.malformedKeyFile(path) }
            return VaultKeys(bytes: Array(data))
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<fileLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        // O_EXCL: never overwrite a key another process just made; 0600 from the first byte on.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw VaultKeyError.cannotCreateKeyFile(path) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == fileLength, fsync(descriptor) == 0 else { throw VaultKeyError.cannotCreateKeyFile(path) }
        return VaultKeys(bytes: bytes)
    }

    /// AES-GCM sealed box (nonce + ciphertext + tag) of the card number's digits.
    func seal(_ number: CardNumber) throws -> Data {
        guard let combined = try AES.GCM.seal(Data(number.digits.utf8), using: sealingKey).combined else {
            throw VaultKeyError.sealingFailed
        }
        return combined
    }

    func unseal(_ sealed: Data) throws -> CardNumber {
        let plain = try AES.GCM.open(try AES.GCM.SealedBox(combined: sealed), using: sealingKey)
        return try CardNumber(String(decoding: plain, as: UTF8.self))
    }

    /// Hex HMAC-SHA256 of the digits: the same card always gives the same fingerprint, and the
    /// fingerprint says nothing about the number without the key.
    func fingerprint(_ number: CardNumber) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(number.digits.utf8), using: fingerprintKey)
            .hexString
    }
}

public enum VaultKeyError: Error, Equatable {
    case malformedKeyFile(String)
    case cannotCreateKeyFile(String)
    case sealingFailed
}
