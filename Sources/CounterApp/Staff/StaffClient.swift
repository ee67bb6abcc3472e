import CheckoutKit
import Foundation

/// What the staff's effects reach (issue 36): the shop's staff through CheckoutKit's
/// `StaffController`, and the operator PIN (the shell's) while the shop has no manager of its
/// own. Closures, so a test can stand in for each.
public struct StaffClient {
    /// Whether the shop has anyone active: until it has, the counter asks nobody to sign in.
    public var hasStaff: () -> Result<Bool, StaffError>
    /// The active person whose PIN this is.
    public var signIn: (_ pin: String) -> Result<StaffMember, StaffError>
    /// The active person whose badge this is: a badge code typed, or scanned (the scanner's
    /// burst is the barcode reader's to recognise; it hands the code here).
    public var signInBadge: (_ code: String) -> Result<StaffMember, StaffError>
    /// A manager's PIN approving one action: the manager, or nil. While the shop has no
    /// manager, the operator PIN approves as `StaffPerson.operatorPIN`.
    public var approve: (_ action: StaffAction, _ pin: String) -> StaffPerson?
    public var list: () -> Result<[StaffMember], StaffError> = { .failure(.storage) }
    public var add: (_ name: String, _ role: StaffRole, _ pin: String, _ badge: String?, _ signedBy: StaffSignature?)
        -> Result<StaffMember, StaffError> = { _, _, _, _, _ in .failure(.storage) }
    public var disable: (_ id: StaffID, _ signedBy: StaffSignature?) -> Result<StaffMember, StaffError> = { _, _ in .failure(.storage) }
    /// Tells the counter's controllers who serves now, so the orders placed here name them.
    public var serve: (_ person: StaffPerson?) -> Void = { _ in }

    public init(hasStaff: @escaping () -> Result<Bool, StaffError>, signIn: @escaping (String) -> Result<StaffMember, StaffError>,
                signInBadge: @escaping (String) -> Result<StaffMember, StaffError>, approve: @escaping (StaffAction, String) -> StaffPerson?) {
        self.hasStaff = hasStaff
        self.signIn = signIn
        self.signInBadge = signInBadge
        self.approve = approve
    }

    /// Before the core is open, or a shop without staff: nobody to sign in, nothing approved.
    public static var unavailable: StaffClient {
        StaffClient(hasStaff: { .success(false) }, signIn: { _ in .failure(.notRecognised) }, signInBadge: { _ in .failure(.notRecognised) },
                    approve: { _, _ in nil })
    }

    /// On the counter's services; `verifyOperatorPIN` is the shell's (false when none is set).
    public static func live(services: CheckoutServices, iterations: Int = PasswordHasher.productionIterations,
                            verifyOperatorPIN: @escaping (String) -> Bool) -> StaffClient {
        let staff = services.staff(iterations: iterations)
        var client = StaffClient(hasStaff: staff.hasStaff, signIn: staff.recognise(pin:), signInBadge: staff.recognise(badge:),
                                 approve: { action, pin in approval(staff, action, pin, verifyOperatorPIN) })
        client.list = staff.list
        client.add = staff.add
        client.disable = staff.disable
        client.serve = { person in services.session.serving = person }
        return client
    }

    /// The one rule of who approves: an active person who may do `action`, by their PIN; the
    /// operator PIN while the shop has no manager (the operator PIN of before staff is its
    /// first manager, until a manager of its own is added).
    static func approval(_ staff: StaffController, _ action: StaffAction, _ pin: String, _ verifyOperatorPIN: (String) -> Bool) -> StaffPerson? {
        if case let .success(member) = staff.recognise(pin: pin), member.may(action) { return member.person }
        if case .success(false) = staff.hasManager(), verifyOperatorPIN(pin) { return .operatorPIN }
        return nil
    }
}

extension StaffMember {
    /// The operator PIN's stand-in manager, for a back office opened by it in a shop with staff
    /// but no manager yet.
    public static var operatorPIN: StaffMember {
        StaffMember(id: StaffPerson.operatorPIN.id, name: StaffPerson.operatorPIN.name, role: .manager, badge: nil, isActive: true,
                    createdAt: Date(timeIntervalSince1970: 0))
    }
}
