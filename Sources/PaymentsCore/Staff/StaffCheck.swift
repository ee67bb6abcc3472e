/// Permissions enforced where the row is written, not only on the screen that asked: a cashier's
/// refund that reaches the core without a manager's approval is refused there too (the fault
/// Odoo's PR #217160 fixed, a cashier with minimal rights still able to refund).
enum StaffCheck {
    /// Refuses `action` unless `signature` may do it: nobody signing is a shop without staff
    /// (refused once the shop has staff); the doer's role is read from the staff table as it is
    /// now (a disabled person does nothing more); an action the doer may not do alone needs an
    /// approver who may. The operator PIN's person is a manager while the shop has no active
    /// manager of its own.
    static func require(_ action: StaffAction, by signature: StaffSignature?, in tx: any CoreTransaction) throws(StaffError) {
        do {
            guard let signature else {
                if try StaffRecord.anyActive(tx) { throw StaffError.signInNeeded(action) }
                return
            }
            let doer = try role(of: signature.doneBy, in: tx)
            if Permissions.allows(doer, action) { return }
            guard let approver = signature.approvedBy, Permissions.allows(try role(of: approver, in: tx), action) else {
                throw StaffError.needsManager(action)
            }
        } catch let error as StaffError {
            throw error
        } catch {
            throw .storage
        }
    }

    /// The role a person has now; one not on the staff (or disabled) is refused.
    static func role(of person: StaffPerson, in tx: any CoreTransaction) throws -> StaffRole {
        if person.id == StaffPerson.operatorPIN.id {
            guard try !StaffRecord.anyActiveManager(tx) else { throw StaffError.unknownPerson(person.name) }
            return .manager
        }
        guard let record = try StaffRecord.stored(tx, id: person.id.rawValue), record.active else {
            throw StaffError.unknownPerson(person.name)
        }
        return record.role
    }
}
