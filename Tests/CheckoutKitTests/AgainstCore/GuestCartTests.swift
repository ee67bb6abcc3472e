@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// A named, staffed counter keeps a guest's cart across a restart (the cart is the counter's,
/// under its name); the jars go with a guest who logs in, so the next guest starts empty; an
/// unnamed counter (a kiosk) starts every run with an empty cart.
@Suite struct GuestCartTests {
    private func open(_ database: DatabaseLocation, key: String, _ clock: ManualClock, counterName: String?) throws -> CheckoutServices {
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.vaultKey = VaultKeyLocation(path: key, origin: .flag)
        let core = try PaymentsServices(database: database, clock: clock, scheduler: TimerQueue(clock: clock), ids: RandomIDGenerator(),
                                        options: options, migrations: CommerceMigrations.register)
        return try CheckoutServices(core: core, counterName: counterName)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aNamedCounterKeepsItsGuestsCartAcrossARestart(_ engine: ControllerEngine) throws {
        let database = try engine.reopenableLocation()
        let key = FileManager.default.temporaryDirectory.appendingPathComponent("guest-\(UUID().uuidString).key").path
        defer {
            if case .file(let path) = database { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
            try? FileManager.default.removeItem(atPath: key)
        }
        let clock = ManualClock()
        do {
            let first = try open(database, key: key, clock, counterName: "till-1")
            #expect(first.session.keepsGuestCart)
            _ = try first.store.add(productID: "honey-acacia", quantity: 2)
            try first.core.close()
        }
        let again = try open(database, key: key, clock, counterName: "till-1")
        #expect(again.store.cart.itemCount == 2, "the guest's jars are still at the counter")
        let other = try open(database, key: key, clock, counterName: "till-2")
        #expect(other.store.cart.isEmpty, "another counter's guest cart is its own")
        let kiosk = try open(database, key: key, clock, counterName: nil)
        #expect(kiosk.store.cart.isEmpty && !kiosk.session.keepsGuestCart)

        // A guest who signs up takes her jars along; after she signs out, the next guest starts empty.
        _ = try again.account.signUp(email: "bee@example.com", password: "honey-2026")
        #expect(again.store.cart.itemCount == 2)
        again.account.logOut()
        #expect(again.store.cart.isEmpty)
    }
}
