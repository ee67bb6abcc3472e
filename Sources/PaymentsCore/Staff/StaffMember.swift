import Foundation

/// A person on the shop's staff as the staff table holds them (never their PIN): who they are,
/// what they may do alone (`Permissions`), their badge, whether they still serve.
public struct StaffMember: Hashable, Sendable, Identifiable {
    public let id: StaffID
    public let name: String
    public let role: StaffRole
    /// The code on their badge (scanned as a barcode, or typed); an identifier, not a secret.
    public let badge: String?
    /// A disabled person signs in no more; their name stays on what they did.
    public let isActive: Bool
    public let createdAt: Date

    public init(id: StaffID, name: String, role: StaffRole, badge: String?, isActive: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.role = role
        self.badge = badge
        self.isActive = isActive
        self.createdAt = createdAt
    }

    /// The person as a signed row records them.
    public var person: StaffPerson { StaffPerson(id: id, name: name) }

    /// Whether they may do `action` with no one's approval.
    public func may(_ action: StaffAction) -> Bool { Permissions.allows(role, action) }
}

extension StaffPerson {
    /// The shop's operator PIN (the one PIN of a counter from before staff), standing in as the
    /// manager while the shop has no manager of its own (Docs/operator.md, "Staff and roles").
    /// Rows approved by that PIN name this person.
    public static let operatorPIN = StaffPerson(id: StaffID(rawValue: "operator"), name: "Operator")
}
