import Foundation

/// Reads Swift source for the rule "reducers are pure": a function that returns an effect (a
/// reducer, or a helper that builds its effects) takes no client or environment, and outside
/// its effects' `run { ... }` closures reaches none either. The store hands an effect its
/// environment when it runs it; nothing else may.
///
/// A scan of the text, not of the syntax tree: strings and comments are blanked first, then
/// functions are found by their braces. Enough for this code base's style, and checked on
/// examples of each way the rule can be broken (`ReducerPurityTests`).
struct ReducerPurityScan {
    struct Violation: CustomStringConvertible, Equatable {
        var function: String
        var problem: String
        var description: String { "\(function): \(problem)" }
    }

    /// Parameter names and types that carry the world into a function.
    static var forbiddenParameterName: Regex<(Substring, Substring)> { #/^(client|environment|env|services|database|auctions)$/# }
    static var forbiddenParameterType: Regex<(Substring, Substring)> { #/(Client|Environment|Services|Database)\b/# }
    /// Reaching the world from a reducer's own body: a client's member, or a client made or fetched on
    /// the spot (`StoreClient.unavailable`, `AppEnvironment()`; a nested type such as `BankClient.Request` is a value).
    static var forbiddenUse: Regex<(Substring, Substring?, Substring?, Substring?)> { #/\b(client|environment|env|services|auctions)\s*\.\s*[a-zA-Z_]|\b[A-Z]\w*(Client|Environment|Services)\s*(\.[a-z_]|\()/# }

    static func violations(in source: String) -> [Violation] {
        let text = Array(blankStringsAndComments(source))
        var found: [Violation] = []
        var index = 0
        while let declaration = nextFunction(in: text, from: index) {
            index = declaration.parametersEnd
            guard let bodyStart = text[declaration.parametersEnd...].firstIndex(of: "{") else { break }
            let signatureTail = String(text[declaration.parametersEnd..<bodyStart])
            guard signatureTail.contains("Effect") else { continue }
            let parameters = String(text[(declaration.parametersStart + 1)..<declaration.parametersEnd])
            for parameter in splitTopLevel(parameters) {
                if let problem = forbiddenParameter(parameter) {
                    found.append(Violation(function: declaration.name, problem: problem))
                }
            }
            guard let bodyEnd = matching(text, open: bodyStart) else { break }
            let body = removingEffectClosures(Array(text[(bodyStart + 1)..<bodyEnd]))
            if let use = body.firstMatch(of: forbiddenUse) {
                found.append(Violation(function: declaration.name, problem: "reaches the world outside an effect: `\(use.output.0)`"))
            }
        }
        return found
    }

    // MARK: - Pieces

    private struct Declaration {
        var name: String
        var parametersStart: Int
        var parametersEnd: Int
    }

    /// The next `func name(` (generic clauses allowed), with the span of its parentheses.
    private static func nextFunction(in text: [Character], from start: Int) -> Declaration? {
        var index = start
        while index + 5 < text.count {
            defer { index += 1 }
            guard text[index] == "f", String(text[index..<(index + 5)]) == "func ",
                  index == 0 || !(text[index - 1].isLetter || text[index - 1].isNumber) else { continue }
            var cursor = index + 5
            var name = ""
            while cursor < text.count, text[cursor].isLetter || text[cursor].isNumber || text[cursor] == "_" {
                name.append(text[cursor])
                cursor += 1
            }
            if cursor < text.count, text[cursor] == "<" {
                var depth = 0
                while cursor < text.count {
                    if text[cursor] == "<" { depth += 1 }
                    if text[cursor] == ">" { depth -= 1; if depth == 0 { cursor += 1; break } }
                    cursor += 1
                }
            }
            guard cursor < text.count, text[cursor] == "(", let close = matching(text, open: cursor) else { continue }
            return Declaration(name: name, parametersStart: cursor, parametersEnd: close)
        }
        return nil
    }

    private static func forbiddenParameter(_ parameter: String) -> String? {
        let parts = parameter.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let names = parts[0].split(separator: " ").map(String.init)
        let type = String(parts[1]).split(separator: "=")[0].trimmingCharacters(in: .whitespacesAndNewlines)
        if let name = names.last, name.wholeMatch(of: forbiddenParameterName) != nil {
            return "takes `\(name)`"
        }
        // `inout State`, `Action` and plain values are fine; a client or environment type is not.
        if type.firstMatch(of: forbiddenParameterType) != nil, !type.contains("Effect") {
            return "takes a `\(type)`"
        }
        return nil
    }

    /// The body with every `run { ... }` closure cut out: inside them the environment is the
    /// effect's to use.
    private static func removingEffectClosures(_ body: [Character]) -> String {
        var kept = ""
        var index = 0
        while index < body.count {
            if body[index] == "r", index + 3 <= body.count, String(body[index..<(index + 3)]) == "run",
               index == 0 || !(body[index - 1].isLetter || body[index - 1].isNumber) {
                var cursor = index + 3
                while cursor < body.count, body[cursor] == " " { cursor += 1 }
                if cursor < body.count, body[cursor] == "{", let close = matching(body, open: cursor) {
                    kept += "run {}"
                    index = close + 1
                    continue
                }
            }
            kept.append(body[index])
            index += 1
        }
        return kept
    }

    private static func matching(_ text: [Character], open: Int) -> Int? {
        let opener = text[open]
        let closer: Character = opener == "(" ? ")" : "}"
        var depth = 0
        for index in open..<text.count {
            if text[index] == opener { depth += 1 }
            if text[index] == closer {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private static func splitTopLevel(_ parameters: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in parameters {
            if "(<[".contains(character) { depth += 1 }
            if ")>]".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parts.append(current) }
        return parts
    }

    /// Blanks string literals and comments (keeping line breaks), so braces and names in words
    /// are not taken for code.
    static func blankStringsAndComments(_ source: String) -> String {
        var out = ""
        let iterator = Array(source)
        var index = 0
        while index < iterator.count {
            let character = iterator[index]
            let next = index + 1 < iterator.count ? iterator[index + 1] : " "
            if character == "/", next == "/" {
                while index < iterator.count, iterator[index] != "\n" { index += 1 }
                continue
            }
            if character == "/", next == "*" {
                index += 2
                while index + 1 < iterator.count, !(iterator[index] == "*" && iterator[index + 1] == "/") {
                    if iterator[index] == "\n" { out.append("\n") }
                    index += 1
                }
                index += 2
                continue
            }
            if character == "\"" {
                out.append("\"\"")
                index += 1
                while index < iterator.count, iterator[index] != "\"" {
                    if iterator[index] == "\\" { index += 1 }
                    if index < iterator.count, iterator[index] == "\n" { out.append("\n") }
                    index += 1
                }
                index += 1
                continue
            }
            out.append(character)
            index += 1
        }
        return out
    }
}
