@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// Wrong PINs at a counter: after five in a row, none is tried for a minute (the right one
/// neither), on the loop's clock; a right PIN before that starts the count again.
@Suite struct StaffLockoutTests {
    @Test func fiveWrongPINsInARowLockTheCounterForAMinute() throws {
        let world = try CoreWorld(.sqlite)
        let staff = world.services.staff(iterations: 1_000)
        let mia = try staff.add(name: "Mia", role: .manager, pin: "1111", badge: nil, signedBy: nil).get()
        for _ in 1...4 { #expect(staff.recognise(pin: "9999") == .failure(.notRecognised)) }
        #expect(staff.recognise(pin: "1111") == .success(mia), "a right PIN before the fifth wrong one counts again from zero")
        for _ in 1...4 { #expect(staff.recognise(pin: "9999") == .failure(.notRecognised)) }
        let until = world.clock.now.addingTimeInterval(StaffController.lockout.timeInterval)
        #expect(staff.recognise(pin: "9998") == .failure(.tooManyTries(until: until)))
        #expect(staff.recognise(pin: "1111") == .failure(.tooManyTries(until: until)), "not even the right one")
        #expect(staff.recognise(badge: "0410000010006") == .failure(.tooManyTries(until: until)))
        world.advance(.seconds(59))
        #expect(staff.recognise(pin: "1111") == .failure(.tooManyTries(until: until)))
        world.advance(.seconds(1))
        #expect(staff.recognise(pin: "1111") == .success(mia))
    }
}
