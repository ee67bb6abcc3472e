import Localization

/// Where a language's files live in the repository, and how its parts are named.
public struct CatalogueLayout: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// The template every translation starts from.
    public static let templatePath = "Localization/po/checkout.pot"

    /// `Localization/po/zh_Hans.po`: gettext names files with underscores.
    public var poPath: String { "Localization/po/\(poLanguage).po" }

    /// `zh_Hans`, as the PO header's `Language` field and the file name write it.
    public var poLanguage: String { language.rawValue.replacingOccurrences(of: "-", with: "_") }

    /// `Sources/Localization/Catalogue/zh-Hans`.
    public var sourceDirectory: String { "Sources/Localization/Catalogue/\(language.rawValue)" }

    /// The generated Swift file of a part: `store` -> `.../Store.swift`.
    public func sourcePath(ofPart part: String) -> String { "\(sourceDirectory)/\(Self.typeName(part)).swift" }

    /// The part a `#:` reference names: `.../Store.swift` -> `store`.
    public func part(fromReference reference: String) -> String? {
        guard reference.hasPrefix(sourceDirectory + "/"), reference.hasSuffix(".swift") else { return nil }
        let stem = reference.dropFirst(sourceDirectory.count + 1).dropLast(6)
        return stem.isEmpty ? nil : stem.prefix(1).lowercased() + stem.dropFirst()
    }

    /// The Swift name of a part's table: `zhHansStore`.
    public func tableName(ofPart part: String) -> String {
        let words = language.rawValue.split(separator: "-").map(String.init)
        let prefix = words.first!.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return prefix + Self.typeName(part)
    }

    /// The Swift name of the language's list of parts: `simplifiedChineseEntries`.
    public var entriesName: String {
        switch language {
        case .english: "englishEntries"
        case .simplifiedChinese: "simplifiedChineseEntries"
        }
    }

    static func typeName(_ part: String) -> String { part.prefix(1).uppercased() + part.dropFirst() }
}
