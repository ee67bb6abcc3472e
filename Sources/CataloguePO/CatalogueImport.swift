import Localization

/// A language's PO file read back into the catalogue: its entries, and the Swift sources that
/// compile them into the counter.
public enum CatalogueImport {
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let message: String
        public var description: String { message }
    }

    /// The entries of each part, in the file's order. Untranslated and fuzzy messages come in
    /// with an empty translation: the counter shows English there (as msgfmt leaves them out),
    /// the tests name them, and `export` writes them back for the translator.
    public static func parts(of file: POFile, language: Language) throws(Problem) -> [(part: String, entries: [CatalogueEntry])] {
        let layout = CatalogueLayout(language)
        if let rule = file.headerValue("Plural-Forms"), rule != language.pluralForms {
            throw Problem(message: "\(layout.poPath): Plural-Forms is \"\(rule)\"; \(language.rawValue)'s rule is \"\(language.pluralForms)\"")
        }
        var order: [String] = []
        var byPart: [String: [CatalogueEntry]] = [:]
        for message in file.entries {
            guard let reference = message.references.first, let part = layout.part(fromReference: reference) else {
                throw Problem(message: "\(layout.poPath): \"\(message.msgid)\" has no #: reference to a file under \(layout.sourceDirectory)")
            }
            let msgstr = message.isFuzzy ? message.msgstr.map { _ in "" } : message.msgstr
            if byPart[part] == nil { order.append(part) }
            var entries = message.extractedComments.map(CatalogueEntry.section)
            if let plural = message.msgidPlural {
                guard msgstr.count == language.pluralFormCount else {
                    throw Problem(message: "\(layout.poPath): \"\(message.msgid)\" has \(msgstr.count) plural forms; \(language.rawValue) has \(language.pluralFormCount)")
                }
                entries.append(.plural(message.msgid, plural, msgstr))
            } else {
                entries.append(.text(message.msgid, msgstr[0]))
            }
            byPart[part, default: []] += entries
        }
        return order.map { ($0, byPart[$0]!) }
    }

    /// The Swift sources for `parts`: one file per part, and the list of parts. Keyed by path.
    public static func swiftSources(_ parts: [(part: String, entries: [CatalogueEntry])], language: Language) -> [String: String] {
        let layout = CatalogueLayout(language)
        var files: [String: String] = [:]
        for part in parts {
            var source = generatedNotice(layout) + """
                extension Catalogue {
                    static let \(layout.tableName(ofPart: part.part)): [CatalogueEntry] = [

                """
            for entry in part.entries {
                switch entry {
                case .section(let heading):
                    source += "        .section(\(literal(heading))),\n"
                case let .text(english, translation):
                    source += "        .text(\(literal(english)),\n              \(literal(translation))),\n"
                case let .plural(singular, plural, forms):
                    source += "        .plural(\(literal(singular)), \(literal(plural)),\n                [\(forms.map(literal).joined(separator: ", "))]),\n"
                }
            }
            source += "    ]\n}\n"
            files[layout.sourcePath(ofPart: part.part)] = source
        }
        var list = generatedNotice(layout) + "extension Catalogue {\n    static let \(layout.entriesName): [(part: String, entries: [CatalogueEntry])] = [\n"
        for part in parts { list += "        (\(literal(part.part)), \(layout.tableName(ofPart: part.part))),\n" }
        list += "    ]\n}\n"
        files["\(layout.sourceDirectory)/Parts.swift"] = list
        return files
    }

    private static func generatedNotice(_ layout: CatalogueLayout) -> String {
        """
        // Generated from \(layout.poPath) by `swift run po-catalogue import`.
        // Translators edit the PO file; a test fails when this file and the PO file disagree.


        """
    }

    /// A Swift string literal for `text`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{\(String(scalar.value, radix: 16))}" }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
