import CheckoutKit
import Foundation

/// A tape's shop with staff, from its `# world:` line (issue 36):
///
///     # world: staff
///
/// Mia, a manager (PIN 1111, badge 0410000000026), and Carl, a cashier (PIN 2222, badge
/// 0410000010006), are on the staff before the tape begins, so the counter asks who is serving.
/// Their PINs are hashed with few rounds: a tape replays in moments. Used by `checkout play`
/// and the tests alike.
public struct StaffTapeWorld: Equatable, Sendable {
    public static let manager = (name: "Mia", pin: "1111", badge: "0410000000026")
    public static let cashier = (name: "Carl", pin: "2222", badge: "0410000010006")
    /// PBKDF2 rounds for a tape's PINs.
    public static let iterations = 1_000

    /// Nil when the tape's world has no `staff` (or the tape has no world line).
    public init?(tapeText: String) {
        guard let words = TapeWorld.words(ofTape: tapeText), words.contains("staff") else { return nil }
    }

    public func apply(to services: CheckoutServices) throws {
        let staff = services.staff(iterations: Self.iterations)
        let mia = try staff.add(name: Self.manager.name, role: .manager, pin: Self.manager.pin, badge: Self.manager.badge, signedBy: nil).get()
        _ = try staff.add(name: Self.cashier.name, role: .cashier, pin: Self.cashier.pin, badge: Self.cashier.badge,
                          signedBy: StaffSignature(doneBy: mia.person)).get()
    }

    /// The counter with this world applied once its services open.
    public func application(database: String, counterName: String?, demo: Bool) -> CounterApplication {
        let open = CounterApplication.services(database: database, counterName: counterName)
        let counter = CounterApplication(demo: demo, makeServices: { clock, timers in
            let services = try open(clock, timers)
            try apply(to: services)
            return services
        })
        counter.staffIterations = Self.iterations
        return counter
    }
}
