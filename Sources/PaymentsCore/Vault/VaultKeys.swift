import Crypto
import Foundation

/// The vault's two secrets: an AES-GCM key that seals stored card numbers and an HMAC key that
/// makes fingerprints. For a database file they live in a key file away from the data (64 random
/// bytes, mode 0600; see `VaultKeyLocation` and `VaultKeyBinding`); for an in-memory database
/// they live only in memory.
public final class VaultKeys {
    private let sealingKey: SymmetricKey
    private let fingerprintKey: SymmetricKey

    public static let fileLength = 64

    init<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        sealingKey = SymmetricKey(data: bytes[0..<32])
        fingerprintKey = SymmetricKey(data: bytes[32..<64])
    }

    /// Fresh random keys that die with the process.
    public static func ephemeral() -> VaultKeys {
        VaultKeys(bytes: VaultKeyFile.randomBytes())
    }

    /// A label no card number can be: its HMAC under the key is stored in the database
    /// (`vault_meta`) to recognise the key without storing anything that unseals.
    private static let checkLabel = Data("checkout-counter vault key check v1".utf8)

    /// Tells this key from another; says nothing about the key itself.
    var keyCheck: String {
        HMAC<SHA256>.authenticationCode(for: Self.checkLabel, using: fingerprintKey).hexString
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
    case sealingFailed
}
