/// Every text the counter shows, in every language it speaks, keyed by the English text.
///
/// English is the key itself, so it needs no table. Each other language's table is split by the
/// part of the counter its texts belong to (one file each under `Catalogue/<language>/`), and
/// merged here once.
public enum Catalogue {
    /// The text for `english` in `language`; English when the language lacks it (reported to the
    /// listening `MissingTranslations`, if any).
    public static func text(for english: String, in language: Language) -> String {
        guard let table = table(for: language) else { return english }
        if let translated = table[english] { return translated }
        MissingTranslations.recorder?.record(english, in: language)
        return english
    }

    /// The table of a language other than English; nil for English.
    public static func table(for language: Language) -> [String: String]? {
        switch language {
        case .english: nil
        case .simplifiedChinese: simplifiedChinese
        }
    }

    /// The parts of the Simplified Chinese table, by the part of the counter they serve.
    public static let simplifiedChineseParts: [(part: String, table: [String: String])] = [
        ("common", zhHansCommon),
        ("toolkit", zhHansToolkit),
        ("store", zhHansStore),
        ("auction", zhHansAuction),
        ("payments", zhHansPayments),
        ("kiosk", zhHansKiosk),
        ("storage", zhHansStorage),
    ]

    static let simplifiedChinese: [String: String] = {
        var merged: [String: String] = [:]
        for part in simplifiedChineseParts {
            merged.merge(part.table) { first, _ in first }
        }
        return merged
    }()
}
