import Foundation

/// Comma-separated values as RFC 4180 writes them: every record ends in CRLF, a field holding a
/// comma, a double quote, CR or LF is quoted, and a quote inside it is doubled.
public struct CSVTable: Hashable, Sendable {
    public let header: [String]
    public private(set) var records: [[String]] = []

    public init(header: [String]) {
        self.header = header
    }

    public mutating func append(_ record: [String]) {
        precondition(record.count == header.count, "a CSV record has one field per column")
        records.append(record)
    }

    public var text: String {
        ([header] + records).map { $0.map(Self.field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
