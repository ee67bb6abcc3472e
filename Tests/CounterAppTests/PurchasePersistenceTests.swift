@_spi(Core) import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
import GRDB
import PaymentsCore
import TerminalUI
import Testing

/// After a tape's purchase the database file holds the order, its charge and the event log, and
/// nowhere the full card number or the CVC (neither in the file nor in its write-ahead log).
@Suite struct PurchasePersistenceTests {
    static let purchase = """
        Press Enter
        Press 1
        Press +
        Press Enter
        Press c
        Press Enter
        Press Enter
        Type "Jane Doe"
        Press Tab
        Type "4242424242424242"
        Press Tab
        Type "1230"
        Press Tab
        Type "739"
        Press Enter
        Press Enter
        Sleep 2s
        Expect "Thank you! Payment approved."
        """

    @Test func theOrderTheChargeAndTheEventsAreInTheFileAndNoCardNumberOrCVC() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("counter.sqlite").path

        var application: CounterApplication?
        let result = try TapePlayer().play(Self.purchase) {
            // The vault key beside the test's directory, never in the runner's config directory.
            var options = PaymentsServices.Options()
            options.vaultKey = VaultKeyLocation(path: directory.path + "-config/vault.key", origin: .flag)
            let app = CounterApplication(makeServices: { clock, timers in
                try CheckoutServices(database: .file(path), clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
            })
            application = app
            return app
        }
        #expect(result.failure == nil, "\(result.report(path: "purchase"))")
        let services = try #require(application?.services)

        let orders = try services.account.orderHistory()
        let order = try #require(orders.first)
        #expect(orders.count == 1)
        #expect(order.state == .paid)
        #expect(order.lines.map(\.quantity) == [2])
        let chargeID = try #require(order.chargeId)
        let charge = try services.core.charges.charge(chargeID)
        #expect(charge.status == .succeeded)
        #expect(charge.amount == Money(minorUnits: 1300, currency: .eur))
        #expect(charge.lastFour == "4242")
        let events = try services.core.events.events(subjectID: nil)
        #expect(events.contains { $0.subjectID == chargeID }, "no event for the charge in \(events.map(\.kind))")
        #expect(events.count >= 3)

        // The card number is sixteen digits: random bytes (sealed numbers, free pages) never
        // match it by chance, so the raw bytes of the file and its WAL are scanned for it.
        for file in [path, path + "-wal"] {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let bytes = [UInt8](data)
            for secret in ["4242424242424242", "4242 4242 4242 4242"] {
                #expect(!Self.contains(bytes, Array(secret.utf8)), "\(secret) found in \(file)")
            }
        }
        // Three digits do turn up in a megabyte of ciphertext (twice in twenty CI runs), so the
        // CVC is looked for in every value the database holds instead: as a whole number in any
        // text, a readable blob or an integer of any row of any table, events included.
        let queue = try DatabaseQueue(path: path)
        let holders = try queue.read { db in try Self.valuesHolding(cvc: "739", in: db) }
        try queue.close()
        #expect(holders.isEmpty, "the CVC is stored in \(holders)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    /// "table.column" of every stored value that holds `cvc` as a number of its own.
    static func valuesHolding(cvc: String, in db: Database) throws -> [String] {
        var holders: [String] = []
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        for table in tables {
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)") {
                for (column, value) in row where holds(cvc, value) { holders.append("\(table).\(column)") }
            }
        }
        return holders
    }

    static func holds(_ cvc: String, _ value: DatabaseValue) -> Bool {
        let text: String? = switch value.storage {
        case .int64(let number): String(number)
        case .string(let string): string
        case .blob(let data): String(data: data, encoding: .utf8)
        case .null, .double: nil
        }
        guard let text else { return false }
        return text.split { !$0.isASCII || !$0.isNumber }.contains { $0 == cvc }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}
