import Foundation

/// Where the vault key file is, and who said so. Never beside the database: a copy of the data
/// directory must not be enough to unseal the cards in it.
public struct VaultKeyLocation: Equatable, Sendable {
    public enum Origin: Equatable, Sendable {
        /// `--vault-key FILE`.
        case flag
        /// `CHECKOUT_VAULT_KEY_FILE`.
        case environment
        /// A systemd credential: `$CREDENTIALS_DIRECTORY/vault-key` (`LoadCredential=vault-key:...`).
        case credential
        /// The user's config directory (XDG).
        case configDirectory
    }

    public static let environmentVariable = "CHECKOUT_VAULT_KEY_FILE"
    public static let credentialName = "vault-key"

    public let path: String
    public let origin: Origin

    public init(path: String, origin: Origin) {
        self.path = path; self.origin = origin
    }

    /// A credential is the service manager's copy, read-only: a key is never made or moved there.
    public var mayCreate: Bool { origin != .credential }

    /// The first that is given: the flag, the environment variable, a systemd credential that
    /// exists, the config directory.
    public static func resolve(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> VaultKeyLocation {
        if let flag, !flag.isEmpty { return VaultKeyLocation(path: flag, origin: .flag) }
        if let file = environment[environmentVariable], !file.isEmpty { return VaultKeyLocation(path: file, origin: .environment) }
        if let credentials = environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty {
            let file = (credentials as NSString).appendingPathComponent(credentialName)
            if FileManager.default.fileExists(atPath: file) { return VaultKeyLocation(path: file, origin: .credential) }
        }
        return VaultKeyLocation(path: defaultPath(environment: environment), origin: .configDirectory)
    }

    /// `$XDG_CONFIG_HOME/checkout-counter/vault.key`, else `~/.config/checkout-counter/vault.key`
    /// (XDG_CONFIG_HOME unset or not absolute, as the XDG Base Directory specification says).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let configHome: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configHome = xdg
        } else {
            configHome = ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        }
        return ((configHome as NSString).appendingPathComponent("checkout-counter") as NSString).appendingPathComponent("vault.key")
    }

    /// Where a rotation puts the new key until the database is re-sealed under it.
    public var pendingPath: String { path + ".new" }
}

/// Something about the vault key the operator should hear once, on standard error.
public enum VaultKeyNotice: Equatable, Sendable {
    /// The key of an older install, found beside the database, was moved to the new place.
    case movedFromBesideDatabase(from: String, to: String)
    /// A rotation had re-sealed the data but not yet put its new key in place (the process
    /// stopped in between): it was finished now.
    case finishedInterruptedRotation(path: String)
}
