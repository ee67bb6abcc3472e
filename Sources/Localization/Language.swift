/// The languages the counter speaks.
///
/// The language in force is a task-local value, bound once around a run (the interactive loop,
/// a tape, an accessible session): everything drawn or said inside that run, down to the core's
/// error messages, reads it. Two tapes in two languages can play side by side in one test
/// process, each in its own.
public enum Language: String, CaseIterable, Sendable, CustomStringConvertible {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// The language of the run in progress; English unless a run binds another.
    @TaskLocal public static var current: Language = .english

    public var description: String { rawValue }

    /// The language's own name, as a menu of languages shows it.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .simplifiedChinese: "简体中文"
        }
    }

    /// A language from a BCP 47 tag or a POSIX locale name: "en", "en_GB.UTF-8", "zh-Hans",
    /// "zh_CN.UTF-8", "zh-CN", "zh_SG". Nil for a language the counter does not speak.
    public init?(identifier: String) {
        // "zh_CN.UTF-8@euro" -> "zh-cn"
        let bare = identifier.split(separator: ".").first.map(String.init) ?? identifier
        let tag = (bare.split(separator: "@").first.map(String.init) ?? bare)
            .replacingOccurrences(of: "_", with: "-").lowercased()
        let parts = tag.split(separator: "-").map(String.init)
        switch parts.first {
        case "en": self = .english
        case "c", "posix": self = .english
        case "zh":
            // Traditional script or regions that write it are not Simplified Chinese.
            let rest = Set(parts.dropFirst())
            if !rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) { return nil }
            self = .simplifiedChinese
        default: return nil
        }
    }

    /// The language a POSIX environment asks for: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, the
    /// first one set and not empty decides (as gettext reads them; `LANGUAGE` lists are honoured
    /// first, taking the first entry we speak). English when none names a language we speak.
    public static func preferred(in environment: [String: String]) -> Language {
        if let list = environment["LANGUAGE"], !list.isEmpty {
            for entry in list.split(separator: ":") {
                if let language = Language(identifier: String(entry)) { return language }
            }
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                return Language(identifier: value) ?? .english
            }
        }
        return .english
    }
}
