/// Writes a PO file as gettext's tools do: comments, then `msgid`/`msgstr`, an empty line
/// between messages; a text with line breaks is split after each, under an empty first line.
public enum POWriter {
    public static func render(_ file: POFile) -> String {
        var out = ""
        for comment in file.headerComments { out += comment.isEmpty ? "#\n" : "# \(comment)\n" }
        out += "msgid \"\"\nmsgstr \"\"\n"
        for (name, value) in file.header { out += "\"" + escape("\(name): \(value)\n") + "\"\n" }
        for entry in file.entries {
            out += "\n"
            for comment in entry.translatorComments { out += comment.isEmpty ? "#\n" : "# \(comment)\n" }
            for comment in entry.extractedComments { out += "#. \(comment)\n" }
            for reference in entry.references { out += "#: \(reference)\n" }
            if !entry.flags.isEmpty { out += "#, " + entry.flags.joined(separator: ", ") + "\n" }
            out += keyword("msgid", entry.msgid)
            if let plural = entry.msgidPlural {
                out += keyword("msgid_plural", plural)
                for (index, form) in entry.msgstr.enumerated() { out += keyword("msgstr[\(index)]", form) }
            } else {
                out += keyword("msgstr", entry.msgstr.first ?? "")
            }
        }
        return out
    }

    private static func keyword(_ name: String, _ text: String) -> String {
        guard text.contains("\n"), text.count > 1 else { return "\(name) \"\(escape(text))\"\n" }
        // After each line break, as msgcat writes it.
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" { lines.append(current); current = "" }
        }
        if !current.isEmpty { lines.append(current) }
        return "\(name) \"\"\n" + lines.map { "\"\(escape($0))\"\n" }.joined()
    }

    /// The C escapes PO strings use.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out
    }
}
