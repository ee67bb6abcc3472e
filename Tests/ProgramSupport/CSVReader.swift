/// Reads RFC 4180 text back into records, strictly: every record ends in CRLF, a quoted field may
/// hold commas, CR, LF and doubled quotes; a quote inside an unquoted field, text after a closing
/// quote, or a lone CR or LF is an error.
public enum CSVReader {
    public struct Malformed: Error, Equatable { public let at: Int }

    public static func records(_ text: String) throws -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var inQuotes = false
        var afterQuotes = false
        var index = 0
        func endField() { record.append(String(field)); field = String.UnicodeScalarView(); afterQuotes = false }
        while index < scalars.count {
            let c = scalars[index]
            if inQuotes {
                if c == "\"", index + 1 < scalars.count, scalars[index + 1] == "\"" {
                    field.append("\""); index += 2; continue
                }
                if c == "\"" { inQuotes = false; afterQuotes = true } else { field.append(c) }
                index += 1
                continue
            }
            switch c {
            case ",":
                endField()
            case "\r":
                guard index + 1 < scalars.count, scalars[index + 1] == "\n" else { throw Malformed(at: index) }
                endField()
                records.append(record)
                record = []
                index += 1
            case "\"":
                guard field.isEmpty, !afterQuotes else { throw Malformed(at: index) }
                inQuotes = true
            default:
                guard c != "\n", !afterQuotes else { throw Malformed(at: index) }
                field.append(c)
            }
            index += 1
        }
        guard !inQuotes, record.isEmpty, field.isEmpty, !afterQuotes else { throw Malformed(at: scalars.count) }
        return records
    }
}
