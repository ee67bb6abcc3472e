/// One line of a language's table, in the order the translators' PO file has it.
///
/// The tables under `Catalogue/<language>/` are generated from `Localization/po/<language>.po`
/// (`swift run po-catalogue import`) and written back to it (`export`); a section heading is an
/// entry of its own so that the way back keeps the file's order and headings.
public enum CatalogueEntry: Sendable, Equatable {
    /// A heading over the entries that follow (a `#.` comment in the PO file).
    case section(String)
    /// An English text and its translation.
    case text(String, String)
    /// A text shown with a count: English singular and plural, and the translation's forms, one
    /// per plural form of the language (`Language.pluralIndex`).
    case plural(String, String, [String])
}
