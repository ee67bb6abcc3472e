import Foundation
import GRDB

/// A row of `staff`: a person, their role, their PIN as a PBKDF2 hash (`PasswordHasher`, never
/// the PIN), their badge code, whether they are active.
struct StaffRecord: Codable, CoreRecord {
    static let databaseTableName = "staff"

    var id: String
    var name: String
    var role: StaffRole
    var pinHash: String
    var badge: String?
    var active: Bool
    var createdAt: Date

    func member() -> StaffMember {
        StaffMember(id: StaffID(rawValue: id), name: name, role: role, badge: badge, isActive: active, createdAt: createdAt)
    }

    static func active(_ tx: any CoreTransaction) throws -> [StaffRecord] {
        try tx.fetchAll(StaffRecord.self, "SELECT * FROM staff WHERE active = ? ORDER BY created_at, \(tx.engine.bytewise("id"))", true)
    }

    static func stored(_ tx: any CoreTransaction, id: String) throws -> StaffRecord? {
        try tx.fetchOne(StaffRecord.self, "SELECT * FROM staff WHERE id = ?", id)
    }

    /// Whether the shop has anyone active: until it has, every counter runs as before staff.
    static func anyActive(_ tx: any CoreTransaction) throws -> Bool {
        try tx.exists("SELECT 1 FROM staff WHERE active = ?", true)
    }

    static func anyActiveManager(_ tx: any CoreTransaction) throws -> Bool {
        try tx.exists("SELECT 1 FROM staff WHERE active = ? AND role = ?", true, StaffRole.manager)
    }
}

extension StaffRole: DatabaseValueConvertible {}

/// A row that records who did an action and who approved it, in the four nullable columns every
/// signed table has (`staff_id`, `staff_name`, `approved_by_id`, `approved_by_name`); all nil in
/// a shop without staff.
protocol SignedRow {
    var staffId: String? { get set }
    var staffName: String? { get set }
    var approvedById: String? { get set }
    var approvedByName: String? { get set }
}

extension SignedRow {
    var signature: StaffSignature? {
        get {
            guard let staffId, let staffName else { return nil }
            let approver = approvedById.map { StaffPerson(id: StaffID(rawValue: $0), name: approvedByName ?? $0) }
            return StaffSignature(doneBy: StaffPerson(id: StaffID(rawValue: staffId), name: staffName), approvedBy: approver)
        }
        set {
            staffId = newValue?.doneBy.id.rawValue
            staffName = newValue?.doneBy.name
            approvedById = newValue?.approvedBy?.id.rawValue
            approvedByName = newValue?.approvedBy?.name
        }
    }
}

extension StaffSignature {
    /// "Ana", or "Ana (approved by Ben)": the export's `staff` column, one wording for every
    /// reader of a file (the screens word it in their own language).
    public var plainText: String {
        approvedBy.map { "\(doneBy.name) (approved by \($0.name))" } ?? doneBy.name
    }

    /// The signature as a journal entry's payload carries it (`"staff"`): ids and names.
    var journalValue: JournalValue {
        var fields: [String: JournalValue] = ["by": .fields(["id": .text(doneBy.id.rawValue), "name": .text(doneBy.name)])]
        if let approvedBy { fields["approved_by"] = .fields(["id": .text(approvedBy.id.rawValue), "name": .text(approvedBy.name)]) }
        return .fields(fields)
    }

    /// The event log's flat payload: who did it, who approved it.
    var eventFields: [String: String] {
        var fields = ["staff": doneBy.id.rawValue]
        if let approvedBy { fields["approved_by"] = approvedBy.id.rawValue }
        return fields
    }
}

extension Optional where Wrapped == StaffSignature {
    var journalValue: JournalValue? { self?.journalValue }
}
