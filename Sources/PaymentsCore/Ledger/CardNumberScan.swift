import Foundation

/// No card number in clear anywhere in the file: every text and blob column of every table
/// (the event log too) is read for runs of 12 to 19 digits, single spaces or dashes allowed
/// between them, that pass the Luhn check. A run glued to letters or other digits is not a card
/// number (hex fingerprints, ids), which keeps sealed and hashed values from false alarms.
enum CardNumberScan {
    static func violations(_ tx: any CoreTransaction) throws -> [LedgerViolation] {
        var found: [LedgerViolation] = []
        for table in try tables(tx) {
            let rowId = table.rowId.map { "\($0) AS ledger_audit_rowid, " } ?? ""
            for row in try tx.rows("SELECT \(rowId)\(table.columns) FROM \(quoted(table.name))") {
                let id: Int64? = table.rowId == nil ? nil : try row.value(Int64.self, "ledger_audit_rowid")
                for (column, value) in zip(row.columns, row.values) where column != "ledger_audit_rowid" {
                    let bytes: [UInt8]
                    switch value.storage {
                    case .string(let text) where isBarcode(text, in: table.name, column):
                        continue
                    case .string(let text): bytes = Array(text.utf8)
                    case .blob(let data): bytes = Array(data)
                    default: continue
                    }
                    for lastFour in cardNumbers(in: bytes) {
                        found.append(.cardNumberInClear(table: table.name, column: column, rowId: id, lastFour: lastFour))
                    }
                }
            }
        }
        return found
    }

    /// The columns that hold barcodes (a product's code, a staff badge): a code there whose
    /// check digit holds is a barcode, whatever Luhn says of it (a badge such as 0410000010075
    /// passes both). Anything else there is read as everywhere.
    static let barcodeColumns: Set<String> = ["product_barcodes.code", "staff.badge"]

    private static func isBarcode(_ text: String, in table: String, _ column: String) -> Bool {
        guard barcodeColumns.contains("\(table).\(column)") else { return false }
        return (try? Barcode(scanned: text)) != nil
    }

    /// A table to read: its name, the columns that can hold text, and its row id if it has one.
    private struct ScannedTable {
        let name: String
        let columns: String
        let rowId: String?
    }

    /// Every table of the database. SQLite's are listed by `sqlite_master`, read whole (a column
    /// of any type may hold text there) with their rowid where they have one; the server's by
    /// its catalog, the text and byte columns of each table of the counter's schema (a column
    /// there holds only its type), without a row id (the server has none that lasts).
    private static func tables(_ tx: any CoreTransaction) throws -> [ScannedTable] {
        switch tx.engine {
        case .sqlite:
            return try tx.fetchValues(String.self, """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """).map { name in
                let hasRowId = (try? tx.rows("SELECT rowid FROM \(quoted(name)) LIMIT 1")) != nil
                return ScannedTable(name: name, columns: "*", rowId: hasRowId ? "rowid" : nil)
            }
        case .postgres:
            let columns = try tx.rows("""
                SELECT c.table_name, c.column_name FROM information_schema.columns c
                JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
                WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
                  AND c.data_type IN ('text', 'character varying', 'character', 'bytea', 'json', 'jsonb')
                ORDER BY \(tx.engine.bytewise("c.table_name")), c.ordinal_position
                """).map { (table: try $0.value(String.self, "table_name"), column: try $0.value(String.self, "column_name")) }
            // In the catalog's order: each table's columns are one run of rows.
            var tables: [(name: String, columns: [String])] = []
            for (table, column) in columns {
                if tables.last?.name == table { tables[tables.count - 1].columns.append(quoted(column)) } else { tables.append((table, [quoted(column)])) }
            }
            return tables.map { ScannedTable(name: $0.name, columns: $0.columns.joined(separator: ", "), rowId: nil) }
        }
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
