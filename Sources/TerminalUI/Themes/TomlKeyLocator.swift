/// Finds on which line of a TOML text each key is written (a theme's, the shop's settings).
///
/// TOMLKit reports lines for syntax errors only; a theme error about a value (a colour that does
/// not exist, an unknown role) must name its line too, so this reads the text itself. It knows
/// the shapes theme files use: `[table]` headers, `key = value` and dotted keys, and the fields
/// of a one-line inline table `role = { fg = 1, bg = 2 }`.
public struct TomlKeyLocator {
    private var lineOfKey: [String: Int] = [:]
    private var keysOnLine: [Int: String] = [:]

    public init(text: String) {
        var table: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = Self.withoutComment(rawLine).trimmingWhitespace()
            if line.hasPrefix("[") {
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = Self.keyPath(name)
                record(table, line: lineNumber)
            } else if let equals = line.firstIndex(of: "=") {
                let path = table + Self.keyPath(line[..<equals])
                record(path, line: lineNumber)
                let value = line[line.index(after: equals)...]
                if let brace = value.firstIndex(of: "{") {
                    for field in Self.inlineFieldNames(value[brace...]) {
                        record(path + [field], line: lineNumber)
                    }
                }
            }
        }
    }

    /// The line of `path`, or of the nearest enclosing key that is written in the file.
    public func line(of path: [String]) -> Int? {
        var prefix = path
        while !prefix.isEmpty {
            if let line = lineOfKey[prefix.joined(separator: ".")] { return line }
            prefix.removeLast()
        }
        return nil
    }

    /// The first key written on `line`, if any.
    public func key(onLine line: Int) -> String? {
        keysOnLine[line]
    }

    private mutating func record(_ path: [String], line: Int) {
        guard !path.isEmpty else { return }
        let key = path.joined(separator: ".")
        if lineOfKey[key] == nil { lineOfKey[key] = line }
        if keysOnLine[line] == nil { keysOnLine[line] = key }
    }

    private static func keyPath(_ text: Substring) -> [String] {
        text.split(separator: ".").map { part in
            var name = part.trimmingWhitespace()
            if name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first {
                name = String(name.dropFirst().dropLast())
            }
            return name
        }.filter { !$0.isEmpty }
    }

    private static func inlineFieldNames(_ text: Substring) -> [String] {
        var names: [String] = []
        var current = ""
        var inString: Character?
        for character in text {
            if let quote = inString {
                if character == quote { inString = nil }
                continue
            }
            switch character {
            case "\"", "'": inString = character
            case "=":
                let name = current.trimmingWhitespace()
                if !name.isEmpty { names.append(name) }
                current = ""
            case "{", ",", "[", "]", "}": current = ""
            default: current.append(character)
            }
        }
        return names
    }

    private static func withoutComment(_ line: Substring) -> Substring {
        var inString: Character?
        for index in line.indices {
            let character = line[index]
            if let quote = inString {
                if character == quote { inString = nil }
            } else if character == "\"" || character == "'" {
                inString = character
            } else if character == "#" {
                return line[..<index]
            }
        }
        return line
    }
}

fileprivate extension StringProtocol {
    // Found from both ends in place: reversing the characters twice cost most of a theme's load.
    func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
