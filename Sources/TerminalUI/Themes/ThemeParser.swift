import TOMLKit
import Localization

/// Reads the text of a theme file (`Themes/*.toml`, format in the header of `Themes/honey.toml`)
/// into a `Theme`, or says exactly what is wrong and where.
public enum ThemeParser {
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: how to name the file in errors (the path as the user gave it).
    ///   - defaultName: the theme's name when the file has no `name` key (its file name).
    public static func parse(_ text: String, file: String, defaultName: String) throws(ThemeError) -> Theme {
        let document: TOMLTable
        do {
            document = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            throw ThemeError(.syntax, file: file, line: line, key: TomlKeyLocator(text: text).key(onLine: line), detail: error.description)
        } catch {
            throw ThemeError(.syntax, file: file, detail: "\(error)")
        }
        // Only an error needs the lines of the keys (and the keys in the file's order, so that
        // the first error reported is the first one written): the locator that finds them is
        // made when the quick reading fails. Every theme is read before the first frame.
        do {
            return try Reader(file: file, locator: nil).theme(from: document, defaultName: defaultName)
        } catch {
            return try Reader(file: file, locator: TomlKeyLocator(text: text)).theme(from: document, defaultName: defaultName)
        }
    }
}

/// One pass over a parsed document, turning each value into the model or into a located error.
private struct Reader {
    let file: String
    /// Nil: the entries in TOMLKit's order, and errors without a line (read again with one).
    let locator: TomlKeyLocator?

    func theme(from document: TOMLTable, defaultName: String) throws(ThemeError) -> Theme {
        var name = defaultName
        var summary = ""
        var looks: [ColorTier: [ColorRole: RoleLook]] = [:]
        for (key, value) in entries(of: document, at: []) {
            switch key {
            case "name": name = try string(value, at: [key])
            case "description": summary = try string(value, at: [key])
            default:
                guard let tier = ColorTier(rawValue: key) else {
                    throw failure(.unknownKey, [key], tr("unknown key; a theme has name, description and the tables [truecolor], [colors-256], [colors-8], [mono]"))
                }
                looks[tier] = try roleLooks(value, tier: tier)
            }
        }
        return Theme(name: name, summary: summary, looks: looks)
    }

    private func roleLooks(_ value: TOMLValueConvertible, tier: ColorTier) throws(ThemeError) -> [ColorRole: RoleLook] {
        let path = [tier.rawValue]
        let table = try table(value, at: path)
        var looks: [ColorRole: RoleLook] = [:]
        for (key, value) in entries(of: table, at: path) {
            guard let role = ColorRole(rawValue: key) else {
                let known = ColorRole.allCases.map(\.rawValue).joined(separator: ", ")
                throw failure(.unknownRole, path + [key], tr("unknown colour role; the roles are {0}", known))
            }
            looks[role] = try look(value, tier: tier, at: path + [key])
        }
        return looks
    }

    private func look(_ value: TOMLValueConvertible, tier: ColorTier, at path: [String]) throws(ThemeError) -> RoleLook {
        let table = try table(value, at: path)
        var look = RoleLook()
        for (key, value) in entries(of: table, at: path) {
            switch key {
            case "fg" where tier != .monochrome: look.foreground = try color(value, tier: tier, at: path + [key])
            case "bg" where tier != .monochrome: look.background = try color(value, tier: tier, at: path + [key])
            case "attributes": look.attributes = try attributes(value, at: path + [key])
            case "fg", "bg":
                throw failure(.unknownKey, path + [key], tr("a monochrome look has attributes only, no colours"))
            default:
                throw failure(.unknownKey, path + [key], tr("unknown field; a look has fg, bg and attributes"))
            }
        }
        return look
    }

    private func color(_ value: TOMLValueConvertible, tier: ColorTier, at path: [String]) throws(ThemeError) -> ThemeColor {
        let highest = tier == .colors8 ? 7 : 255
        let allowed = switch tier {
        case .truecolor: "\"#rrggbb\", 0-255, a colour name (black, red, ..., bright-white) or \"default\""
        case .colors256: "0-255, a colour name (black, red, ..., bright-white) or \"default\""
        default: "0-7, black, red, green, yellow, blue, magenta, cyan, white or \"default\""
        }
        if let index = value.int {
            guard (0...highest).contains(index) else {
                throw failure(.badValue, path, tr("{0} is not a colour here; use {1}", index, allowed))
            }
            return .indexed(index)
        }
        guard let name = value.string else {
            throw failure(.wrongType, path, tr("expected a colour ({0}), found {1}", allowed, value.kindInWords))
        }
        if tier == .truecolor, let rgb = ThemeColor(hex: name) { return rgb }
        guard let color = ThemeColor(name: name), (color.paletteIndex ?? 0) <= highest else {
            throw failure(.badValue, path, tr("\"{0}\" is not a colour here; use {1}", name, allowed))
        }
        return color
    }

    private func attributes(_ value: TOMLValueConvertible, at path: [String]) throws(ThemeError) -> TextAttributes {
        guard let array = value.array else {
            throw failure(.wrongType, path, tr("expected a list such as [\"bold\", \"underline\"], found {0}", value.kindInWords))
        }
        var attributes: TextAttributes = []
        for element in array {
            guard let name = element.string, let attribute = TextAttributes(themeName: name) else {
                throw failure(.badValue, path, tr("{0} is not an attribute; use bold, underline, reverse or dim", element.debugDescription))
            }
            attributes.insert(attribute)
        }
        return attributes
    }

    private func string(_ value: TOMLValueConvertible, at path: [String]) throws(ThemeError) -> String {
        guard let string = value.string else {
            throw failure(.wrongType, path, tr("expected a string, found {0}", value.kindInWords))
        }
        return string
    }

    private func table(_ value: TOMLValueConvertible, at path: [String]) throws(ThemeError) -> TOMLTable {
        guard let table = value.table else {
            let expected = path.count == 1 ? tr("a table such as [{0}]", path[0]) : tr("an inline table such as { fg = 214, bg = \"default\" }")
            throw failure(.wrongType, path, tr("expected {0}, found {1}", expected, value.kindInWords))
        }
        return table
    }

    /// A table's entries in the order they are written, so that the first error reported is the
    /// first one in the file.
    private func entries(of table: TOMLTable, at path: [String]) -> [(String, TOMLValueConvertible)] {
        let entries = table.map { ($0.0, $0.1) }
        guard let locator else { return entries }
        return entries.sorted { (locator.line(of: path + [$0.0]) ?? 0) < (locator.line(of: path + [$1.0]) ?? 0) }
    }

    private func failure(_ kind: ThemeError.Kind, _ path: [String], _ detail: String) -> ThemeError {
        ThemeError(kind, file: file, line: locator?.line(of: path), key: path.joined(separator: "."), detail: detail)
    }
}

extension ThemeColor {
    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `default`, one of the eight colour names, or `bright-` and a name (palette 8-15).
    init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "default" {
            self = .terminalDefault
        } else if let index = Self.names.firstIndex(of: lowered) {
            self = .indexed(index)
        } else if lowered.hasPrefix("bright-"), let index = Self.names.firstIndex(of: String(lowered.dropFirst(7))) {
            self = .indexed(index + 8)
        } else {
            return nil
        }
    }

    /// `#rrggbb`, as a truecolor table writes its colours.
    init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self = .rgb(value)
    }

    var paletteIndex: Int? {
        if case .indexed(let index) = self { return index }
        return nil
    }
}

extension TextAttributes {
    init?(themeName: String) {
        switch themeName.lowercased() {
        case "bold": self = .bold
        case "underline": self = .underline
        case "reverse": self = .reverse
        case "dim": self = .dim
        default: return nil
        }
    }
}
