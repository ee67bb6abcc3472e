import Clocks
import Foundation
import PaymentsCore

/// The shop's staff on the core (`Staff`): who is serving (a PIN or a badge recognised), the
/// back office's list, add and disable, and whether the counter needs a sign-in at all (not
/// until the shop has staff). Each answers a value or the core's `StaffError`.
///
/// Wrong PINs and badges are counted at this counter: after `triesBeforeLockout` in a row, none
/// is tried for `lockout` (on the loop's clock), so a 4-digit PIN cannot be found by trying them
/// all at the sign-in or at a manager's approval.
public final class StaffController {
    private let staff: Staff
    private let clock: Clocks.Clock
    private var wrongTries = 0
    private var lockedUntil: Date?

    public static let triesBeforeLockout = 5
    public static let lockout: Duration = .seconds(60)

    init(core: PaymentsServices, hasher: PasswordHasher) {
        staff = Staff(store: core.store, clock: core.clock, ids: core.ids, hasher: hasher)
        clock = core.clock
    }

    /// Whether a text is a PIN (4 to 12 digits), as the staff's rule says.
    public static func isPIN(_ text: String) -> Bool { Staff.isPIN(text) }

    /// Whether the shop has anyone active: until it has, the counter runs as before staff.
    public func hasStaff() -> Result<Bool, StaffError> { Result { () throws(StaffError) in try staff.hasStaff() } }

    /// Whether the shop has an active manager: until it has, the operator PIN approves as one.
    public func hasManager() -> Result<Bool, StaffError> { Result { () throws(StaffError) in try staff.hasManager() } }

    public func recognise(pin: String) -> Result<StaffMember, StaffError> { counted { () throws(StaffError) in try staff.recognise(pin: pin) } }

    public func recognise(badge: String) -> Result<StaffMember, StaffError> { counted { () throws(StaffError) in try staff.recognise(badge: badge) } }

    /// A try at a PIN or badge, refused while the counter is locked out; a wrong one counted.
    private func counted(_ attempt: () throws(StaffError) -> StaffMember) -> Result<StaffMember, StaffError> {
        let now = clock.now
        if let lockedUntil, now < lockedUntil { return .failure(.tooManyTries(until: lockedUntil)) }
        let result = Result(catching: attempt)
        switch result {
        case .success:
            wrongTries = 0
        case .failure(.notRecognised):
            wrongTries += 1
            if wrongTries >= Self.triesBeforeLockout {
                wrongTries = 0
                lockedUntil = now.addingTimeInterval(Self.lockout.timeInterval)
                return .failure(.tooManyTries(until: lockedUntil!))
            }
        case .failure:
            break
        }
        return result
    }

    public func list() -> Result<[StaffMember], StaffError> { Result { () throws(StaffError) in try staff.list() } }

    /// Adds a person, as `signedBy` (a manager, or approved by one) may.
    public func add(name: String, role: StaffRole, pin: String, badge: String?, signedBy signature: StaffSignature?) -> Result<StaffMember, StaffError> {
        Result { () throws(StaffError) in
            try staff.check(.manageStaff, by: signature)
            return try staff.add(name: name, role: role, pin: pin, badge: badge)
        }
    }

    public func disable(_ id: StaffID, signedBy signature: StaffSignature?) -> Result<StaffMember, StaffError> {
        Result { () throws(StaffError) in
            try staff.check(.manageStaff, by: signature)
            return try staff.disable(id.rawValue)
        }
    }
}

extension CheckoutServices {
    /// The shop's staff, their PINs hashed (and checked) with `iterations` rounds (fewer only in tests).
    public func staff(iterations: Int = PasswordHasher.productionIterations) -> StaffController {
        StaffController(core: core, hasher: PasswordHasher(iterations: iterations))
    }
}
