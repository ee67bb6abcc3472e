import Clocks
import Foundation
import Testing
@testable import PaymentsCore

/// The seeded auctions are dated from the clock of the shop's first opening: a counter
/// installed on any day has two auctions still open and one closed, and a shop is seeded once.
@Suite struct AuctionSeedTests {
    @Test(arguments: StorageBackend.allCases)
    func aNewShopsAuctionsCloseDaysAfterItOpens(_ backend: StorageBackend) throws {
        let opened = Date(timeIntervalSince1970: 1_804_000_000) // 2027-03-02T15:06:40Z, months after the seed was written
        let world = try CommerceTestWorld(backend, clock: ManualClock(start: opened))
        let auctions = try world.auctions.auctions()
        #expect(auctions.map(\.flight) == ["LX 318", "LX 1612", "LX 40"])
        let onTheHour = Date(timeIntervalSince1970: 1_804_003_200) // 16:00, the hour after
        #expect(auctions.map { $0.closesAt.timeIntervalSince(onTheHour) / 86_400 } == [3, 5, -1])
        #expect(auctions.map(\.flightDate) == ["2027-03-08", "2027-03-10", "2027-02-28"])
        #expect(auctions.filter { !$0.isClosed(at: opened) }.count == 2, "two to join, whatever the day")
    }

    @Test(arguments: StorageBackend.allCases)
    func aTapesClockGivesTheDatesTheTapesWereRecordedWith(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let lx318 = try #require(try world.auctions.auction(id: "auction-lx318"))
        #expect(lx318.closesAt == Date(timeIntervalSince1970: 1_795_600_800) && lx318.flightDate == "2026-11-28")
    }

    @Test(arguments: StorageBackend.allCases)
    func aShopIsSeededOnceHoweverOftenItOpens(_ backend: StorageBackend) throws {
        let first = try CommerceTestWorld(backend)
        let closes = try first.auctions.auctions().map(\.closesAt)
        first.clock.advance(by: .hours(24 * 30))
        let again = try Commerce(core: first.core)
        #expect(try again.auctions.auctions().map(\.closesAt) == closes, "the dates are the first opening's")
        #expect(try again.auctions.auctions().count == 3)
    }
}
