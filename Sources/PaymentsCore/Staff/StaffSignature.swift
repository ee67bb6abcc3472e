import Foundation

/// Who serves at a counter (issue 36). The shared vocabulary of staff, so that the parts built
/// on it (discounts, the catalogue, parked sales, refunds, the till) sign their rows the same
/// way before the staff tables themselves exist.
public struct StaffID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

public enum StaffRole: String, Sendable, Codable, CaseIterable {
    case cashier
    case manager
}

/// The actions a shop may keep from a cashier. A cashier sells, takes cash and prints; every
/// other case here needs a manager, signed in or approving that one action with their PIN.
/// `Permissions` (beside the staff tables) is the one place that says who may do what.
public enum StaffAction: String, Sendable, Codable, CaseIterable {
    case sell
    case takeCash
    case print
    case refund
    case void
    case discountAboveCeiling
    case noSale
    case payIn
    case payOut
    case closeTill
    case closeDay
    case editCatalogue
    case manageStaff
}

/// A person as a row records them: the id, and the name as it was when they acted (a report
/// read a year later still names who did it, even after the person left).
public struct StaffPerson: Hashable, Sendable, Codable {
    public let id: StaffID
    public let name: String
    public init(id: StaffID, name: String) {
        self.id = id
        self.name = name
    }
}

/// Who did an action and, when it needed a manager the doer is not, who approved it. `nil`
/// wherever a signature is optional means a shop without staff: the counter runs as before
/// staff existed, and the row says so by naming nobody.
public struct StaffSignature: Hashable, Sendable, Codable {
    public let doneBy: StaffPerson
    public let approvedBy: StaffPerson?
    public init(doneBy: StaffPerson, approvedBy: StaffPerson? = nil) {
        self.doneBy = doneBy
        self.approvedBy = approvedBy
    }

    /// The same doer, with a manager's approval for this one action.
    public func approved(by manager: StaffPerson) -> StaffSignature {
        StaffSignature(doneBy: doneBy, approvedBy: manager)
    }
}
