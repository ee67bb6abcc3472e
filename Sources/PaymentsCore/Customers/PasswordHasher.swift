import Crypto
import _CryptoExtras
import Foundation

/// Slow, salted hashes for passwords and payment PINs: PBKDF2-HMAC-SHA256 with a 16-byte random
/// salt, stored as "pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>" so the iteration
/// count can rise later without breaking old hashes. Verification compares in constant time.
public struct PasswordHasher: Sendable {
    /// What production uses: swift-crypto's own floor for PBKDF2 (and OWASP's figure for SHA-256).
    public static let productionIterations = 210_000
    public let iterations: Int

    /// `iterations` below production are for tests only (PBKDF2 at 210 000 rounds is slow in debug builds).
    public init(iterations: Int = PasswordHasher.productionIterations) {
        self.iterations = iterations
    }

    public func hash(_ secret: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let derived = Self.derive(secret, salt: salt, iterations: iterations)
        return "pbkdf2-sha256$\(iterations)$\(Data(salt).base64EncodedString())$\(derived.base64EncodedString())"
    }

    public func verify(_ secret: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$")
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds > 0,
              let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3])) else {
            return false
        }
        let derived = Self.derive(secret, salt: Array(salt), iterations: rounds)
        return Self.constantTimeEqual(derived, expected)
    }

    /// The iteration count a stored hash was made with.
    public static func iterations(of stored: String) -> Int? {
        let parts = stored.split(separator: "$")
        return parts.count == 4 ? Int(parts[1]) : nil
    }

    private static func derive(_ secret: String, salt: [UInt8], iterations: Int) -> Data {
        // `unsafeUncheckedRounds` only so tests may run with fewer rounds; production passes 210 000.
        let key = try! KDF.Insecure.PBKDF2.deriveKey(from: Data(secret.utf8), salt: salt, using: .sha256,
                                                      outputByteCount: 32, unsafeUncheckedRounds: iterations)
        return key.withUnsafeBytes { Data($0) }
    }

    /// Looks at every byte whatever the first difference, so timing says nothing about the hash.
    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
