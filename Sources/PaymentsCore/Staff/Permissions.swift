/// The one table of who may do what alone. A cashier sells, takes cash and prints; a manager
/// does everything. An action a role may not do alone needs a manager's approval for that one
/// action (`StaffSignature.approvedBy`), checked again where the row is written (`StaffCheck`).
public enum Permissions {
    /// What a cashier may do alone.
    public static let cashier: Set<StaffAction> = [.sell, .takeCash, .print]

    public static func allows(_ role: StaffRole, _ action: StaffAction) -> Bool {
        switch role {
        case .manager: true
        case .cashier: cashier.contains(action)
        }
    }

    /// The actions `role` needs a manager for.
    public static func needsApproval(_ role: StaffRole) -> [StaffAction] {
        StaffAction.allCases.filter { !allows(role, $0) }
    }
}
