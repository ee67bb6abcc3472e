/// Why a theme could not be used, with where to look: the file, the line and the key.
///
/// The counter never stops for a bad theme: it shows this message and carries on with the
/// built-in default (`ThemeLibrary.resolve`).
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The file is missing or unreadable.
        case unreadable
        /// No theme of that name in any theme directory.
        case notFound
        /// Not valid TOML.
        case syntax
        /// A key the format does not have (a tier, a field, a top-level key).
        case unknownKey
        /// A role name that is not a `ColorRole`.
        case unknownRole
        /// A colour or attribute value that does not exist in its tier.
        case badValue
        /// A value of the wrong TOML type (a number where a table belongs, and so on).
        case wrongType
    }

    public let kind: Kind
    public let file: String
    /// 1-based, when the problem is inside the file.
    public let line: Int?
    /// The dotted key, as written in the file (`colors-256.accent.fg`).
    public let key: String?
    public let detail: String

    public init(_ kind: Kind, file: String, line: Int? = nil, key: String? = nil, detail: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.key = key
        self.detail = detail
    }

    /// `Themes/odd.toml:7: colors-256.accent.fg: 300 is not a colour ...`, the way compilers
    /// report, so that editors and people can jump to it.
    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let key { location += ": \(key)" }
        return "\(location): \(detail)"
    }
}
