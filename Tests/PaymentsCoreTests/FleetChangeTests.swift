import Foundation
import Testing
@_spi(Testing) @testable import PaymentsCore
#if canImport(Glibc)
import Glibc
#endif

/// One counter sells or saves a card; the others hear of it on their own connection, through
/// the socket the loop polls, and only for what was committed. PostgreSQL by nature (a file's
/// counters share no socket), but for the last case: a file has nothing to announce to.
@Suite struct FleetChangeTests {
    /// Waits (as the loop's `poll` would) up to `milliseconds` for the socket to be readable,
    /// then drains what arrived.
    private static func arrived(at store: PostgresCoreStore, within milliseconds: Int32) throws -> [FleetChange] {
        var socket = pollfd(fd: store.socketDescriptor, events: Int16(POLLIN), revents: 0)
        var changes: [FleetChange] = []
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while changes.isEmpty, Date() < deadline {
            _ = poll(&socket, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
            changes += try store.changes()
        }
        return changes
    }

    @Test func aSaleOnOneCounterReachesTheOthersWithinASecond() throws {
        let location = try StorageBackend.postgres.freshStore(ownDatabase: true)
        let seller = try LastJarRaceTests.FleetCounter(location)
        let other = try #require(try LastJarRaceTests.FleetCounter(location).store as? PostgresCoreStore)
        try other.listen()
        let jar = try #require(try seller.store.read { tx in try tx.fetchValue(String.self, "SELECT id FROM products ORDER BY position LIMIT 1") })
        try seller.carts.add(productId: jar, for: "ada")
        #expect(try Self.arrived(at: other, within: 200).isEmpty, "a cart changes no stock")

        guard case .success(let order)? = try seller.payCart(of: "ada") else { Issue.record("not paid"); return }
        #expect(order.state == .paid)
        let heard = try Self.arrived(at: other, within: 1000)
        #expect(heard == [.stock(productId: jar)], "\(heard)")
    }

    @Test func nothingIsHeardOfARolledBackChange() throws {
        let location = try StorageBackend.postgres.freshStore(ownDatabase: true)
        let writer = try LastJarRaceTests.FleetCounter(location).store
        let other = try #require(try LastJarRaceTests.FleetCounter(location).store as? PostgresCoreStore)
        try other.listen()
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try writer.write { tx in
                try tx.announce(.stock(productId: "honey-acacia"))
                throw Refused()
            }
        }
        #expect(try Self.arrived(at: other, within: 300).isEmpty)
        try writer.write { tx in try tx.announce(.savedCards(customerId: "cus_1")) }
        #expect(try Self.arrived(at: other, within: 1000) == [.savedCards(customerId: "cus_1")])
    }

    @Test func aCounterAloneOnAFileAnnouncesNothingAndNeedsNoServer() throws {
        let store = try StorageBackend.sqlite.freshStore().openStore()
        try store.write { tx in try tx.announce(.stock(productId: "honey-acacia")) }
    }
}
