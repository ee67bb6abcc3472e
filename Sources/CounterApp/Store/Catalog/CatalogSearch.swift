import CheckoutKit
import Localization

/// The catalog's type-ahead filter: a product matches when the text, ignoring case, is part of
/// its name as stored or as shown in the current language.
///
/// The database finds the stored names (`CatalogFilter`, issue 18). It knows no language, so the
/// names shown in another language are looked for here, in the catalogue of texts: the English
/// keys whose translation contains the text go with the filter, and the database lets through
/// the products with those names.
enum CatalogSearch {
    static func filter(_ text: String) -> CatalogFilter {
        CatalogFilter(text: text, alsoNamed: namesShown(containing: text, in: Language.current))
    }

    /// The English texts whose translation in `language` contains `text`, ignoring case.
    static func namesShown(containing text: String, in language: Language) -> Set<String> {
        // English is the stored names themselves: no table to search (nor to build).
        guard !text.isEmpty, Catalogue.table(for: language) != nil, let translations = lowercasedTranslations[language] else { return [] }
        let needle = text.lowercased()
        return Set(translations.lazy.filter { $0.shown.contains(needle) }.map(\.english))
    }

    /// Each language's translations, lowercased once (a thousand texts: searched at every key).
    private static let lowercasedTranslations: [Language: [(english: String, shown: String)]] = {
        var tables: [Language: [(english: String, shown: String)]] = [:]
        for language in Language.allCases {
            guard let table = Catalogue.table(for: language) else { continue }
            tables[language] = table.map { (english: $0.key, shown: $0.value.lowercased()) }
        }
        return tables
    }()
}
