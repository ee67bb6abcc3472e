import ArgumentParser
@testable import checkout
import Clocks
import Foundation
import PaymentsCore
import Testing

/// Where the counter's database is opened: a file before the terminal is taken (what stops it is
/// said on a clean terminal), a database in memory with the services, after the first frame.
@Suite struct StartupStorageTests {
    @Test func aFileThatCannotBeOpenedStopsTheCounterBeforeTheTerminalIsTaken() {
        // A directory cannot be made under a file: the database cannot be opened.
        #expect(throws: ExitCode(StorageWords.cannotOpenStatus)) {
            _ = try StorageWords.services(database: "/etc/hostname/counter.sqlite", vaultKey: VaultKeyLocation.resolve(flag: nil), counterName: "till-1", keepsGuestCart: true, shop: .defaults)
        }
    }

    @Test func aDatabaseInMemoryIsOpenedWithTheServices() throws {
        let factory = try StorageWords.services(database: ":memory:", vaultKey: VaultKeyLocation.resolve(flag: nil), counterName: "till-1", keepsGuestCart: true, shop: .defaults)
        let clock = ManualClock()
        let services = try factory(clock, TimerQueue(clock: clock))
        #expect(!services.session.keepsGuestCart, "a database in memory keeps nothing for next time, a guest's cart included")
    }
}
