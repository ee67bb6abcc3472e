import Foundation
import Localization
import CheckoutKit

/// The kiosk operator's PIN, set at install time (`checkout kiosk --set-operator-pin`) and kept
/// only as a PBKDF2 hash, in a file readable by its owner alone. Never in clear, anywhere.
public struct OperatorPIN: Sendable {
    public let path: String
    let hasher: PasswordHasher

    public init(path: String, iterations: Int = PasswordHasher.productionIterations) {
        self.path = path
        self.hasher = PasswordHasher(iterations: iterations)
    }

    /// `$XDG_CONFIG_HOME/checkout-counter/operator-pin` (or `~/.config/...`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
        return (base as NSString).appendingPathComponent("checkout-counter/operator-pin")
    }

    public enum SetError: Error, CustomStringConvertible {
        case tooShort
        case notDigits
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .tooShort: tr("the PIN needs 4 to 12 digits")
            case .notDigits: tr("the PIN is digits only (the operator types it on the kiosk's keys)")
            case let .cannotWrite(detail): tr("cannot write the PIN file: {0}", detail)
            }
        }
    }

    public func set(_ pin: String) throws(SetError) {
        guard pin.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .notDigits }
        guard (4...12).contains(pin.count) else { throw .tooShort }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data((hasher.hash(pin) + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        } catch {
            throw .cannotWrite("\(path): \(error.localizedDescription)")
        }
    }

    public var isSet: Bool { storedHash != nil }

    /// True for the right PIN only; false too when no PIN was ever set (then only a signal or
    /// the system can stop the kiosk, which is what an unconfigured kiosk deserves).
    public func verify(_ pin: String) -> Bool {
        guard let stored = storedHash else { return false }
        return hasher.verify(pin, against: stored)
    }

    private var storedHash: String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let hash = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return hash.isEmpty ? nil : hash
    }
}
