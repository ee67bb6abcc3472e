/// Every text the counter shows, in every language it speaks, keyed by the English text.
///
/// English is the key itself, so it needs no table. Each other language's table is generated
/// from the translators' PO file (`Localization/po/`, see `Docs/localization.md`), one Swift file
/// per part of the counter under `Catalogue/<language>/`, and merged here once.
public enum Catalogue {
    /// The text for `english` in `language`; English when the language lacks it (reported to the
    /// listening `MissingTranslations`, if any).
    public static func text(for english: String, in language: Language) -> String {
        guard let table = table(for: language) else { return english }
        if let translated = table[english] { return translated }
        MissingTranslations.recorder?.record(english, in: language)
        return english
    }

    /// The form of a counted text for `count` in `language`; English's own when it lacks one.
    public static func text(singular: String, plural: String, count: Int, in language: Language) -> String {
        let english = Language.english.pluralIndex(for: count) == 0 ? singular : plural
        guard let plurals = plurals(for: language) else { return english }
        guard let forms = plurals[singular], forms.indices.contains(language.pluralIndex(for: count)) else {
            MissingTranslations.recorder?.record(singular, in: language)
            return english
        }
        return forms[language.pluralIndex(for: count)]
    }

    /// The table of a language other than English; nil for English.
    public static func table(for language: Language) -> [String: String]? {
        switch language {
        case .english: nil
        case .simplifiedChinese: simplifiedChinese
        }
    }

    /// A language's counted texts: the forms of each, keyed by the English singular.
    public static func plurals(for language: Language) -> [String: [String]]? {
        switch language {
        case .english: nil
        case .simplifiedChinese: simplifiedChinesePlurals
        }
    }

    /// A language's entries in its PO file's order, part by part; nil for English.
    public static func entries(for language: Language) -> [(part: String, entries: [CatalogueEntry])]? {
        switch language {
        case .english: nil
        case .simplifiedChinese: simplifiedChineseEntries
        }
    }

    /// The parts of the Simplified Chinese table (texts only), by the part of the counter they serve.
    public static var simplifiedChineseParts: [(part: String, table: [String: String])] {
        simplifiedChineseEntries.map { part in
            var table: [String: String] = [:]
            // An entry not translated yet (empty) is no translation: English shows, and is reported.
            for case let .text(english, translated) in part.entries where !translated.isEmpty { table[english] = translated }
            return (part.part, table)
        }
    }

    static let simplifiedChinese: [String: String] = {
        var merged: [String: String] = [:]
        for part in simplifiedChineseParts {
            merged.merge(part.table) { first, _ in first }
        }
        return merged
    }()

    static let simplifiedChinesePlurals: [String: [String]] = {
        var merged: [String: [String]] = [:]
        for part in simplifiedChineseEntries {
            for case let .plural(singular, _, forms) in part.entries where merged[singular] == nil && !forms.contains("") {
                merged[singular] = forms
            }
        }
        return merged
    }()
}
