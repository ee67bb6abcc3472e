@_spi(Core) import CheckoutKit
import Clocks
@testable import CounterApp
import Foundation
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

        for file in [path, path + "-wal"] {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let bytes = [UInt8](data)
            for secret in ["4242424242424242", "4242 4242 4242 4242", "739"] {
                #expect(!Self.contains(bytes, Array(secret.utf8)), "\(secret) found in \(file)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: path))
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}
