import Foundation
import PaymentsCore

/// The shop's staff on the core (`Staff`): who is serving (a PIN or a badge recognised), the
/// back office's list, add and disable, and whether the counter needs a sign-in at all (not
/// until the shop has staff). Each answers a value or the core's `StaffError`.
public final class StaffController {
    private let staff: Staff

    init(core: PaymentsServices, hasher: PasswordHasher) {
        staff = Staff(store: core.store, clock: core.clock, ids: core.ids, hasher: hasher)
    }

    /// Whether a text is a PIN (4 to 12 digits), as the staff's rule says.
    public static func isPIN(_ text: String) -> Bool { Staff.isPIN(text) }

    /// Whether the shop has anyone active: until it has, the counter runs as before staff.
    public func hasStaff() -> Result<Bool, StaffError> { Result { () throws(StaffError) in try staff.hasStaff() } }

    /// Whether the shop has an active manager: until it has, the operator PIN approves as one.
    public func hasManager() -> Result<Bool, StaffError> { Result { () throws(StaffError) in try staff.hasManager() } }

    public func recognise(pin: String) -> Result<StaffMember, StaffError> { Result { () throws(StaffError) in try staff.recognise(pin: pin) } }

    public func recognise(badge: String) -> Result<StaffMember, StaffError> { Result { () throws(StaffError) in try staff.recognise(badge: badge) } }

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
