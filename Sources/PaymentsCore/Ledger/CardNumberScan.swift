import Foundation
import GRDB

/// No card number in clear anywhere in the file: every text and blob column of every table
/// (the event log too) is read for runs of 12 to 19 digits, single spaces or dashes allowed
/// between them, that pass the Luhn check. A run glued to letters or other digits is not a card
/// number (hex fingerprints, ids), which keeps sealed and hashed values from false alarms.
enum CardNumberScan {
    static func violations(_ db: Database) throws -> [LedgerViolation] {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
            """)
        var found: [LedgerViolation] = []
        for table in tables {
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let hasRowId = (try? Row.fetchOne(db, sql: "SELECT rowid FROM \(quoted) LIMIT 1")) != nil
            let rows = try Row.fetchCursor(db, sql: hasRowId ? "SELECT rowid AS ledger_audit_rowid, * FROM \(quoted)" : "SELECT * FROM \(quoted)")
            while let row = try rows.next() {
                let rowId: Int64? = hasRowId ? row["ledger_audit_rowid"] : nil
                for column in row.columnNames where column != "ledger_audit_rowid" {
                    let bytes: [UInt8]
                    switch row[column] as DatabaseValue? {
                    case .some(let value):
                        switch value.storage {
                        case .string(let text): bytes = Array(text.utf8)
                        case .blob(let data): bytes = Array(data)
                        default: continue
                        }
                    case .none: continue
                    }
                    for lastFour in cardNumbers(in: bytes) {
                        found.append(.cardNumberInClear(table: table, column: column, rowId: rowId, lastFour: lastFour))
                    }
                }
            }
        }
        return found
    }

    /// The last four digits of each card number found in `bytes` (text as UTF-8, or a blob).
    static func cardNumbers(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]), index == 0 || !isAlphanumeric(bytes[index - 1]) else { index += 1; continue }
            var digits: [UInt8] = []
            var end = index
            while end < bytes.count {
                if isDigit(bytes[end]) {
                    digits.append(bytes[end]); end += 1
                } else if (bytes[end] == 0x20 || bytes[end] == 0x2D), end + 1 < bytes.count, isDigit(bytes[end + 1]) {
                    end += 1
                } else {
                    break
                }
            }
            let bounded = end == bytes.count || !isAlphanumeric(bytes[end])
            if bounded, (12...19).contains(digits.count), passesLuhn(digits) {
                found.append(String(decoding: digits.suffix(4), as: UTF8.self))
            }
            index = end
        }
        return found
    }

    private static func passesLuhn(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (offset, byte) in digits.reversed().enumerated() {
            var value = Int(byte - 0x30)
            if offset % 2 == 1 { value *= 2; if value > 9 { value -= 9 } }
            sum += value
        }
        return sum % 10 == 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
