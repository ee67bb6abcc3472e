import Clocks
import Foundation

/// The shop's staff: people added with a role and a PIN (kept as a PBKDF2 hash), listed,
/// disabled (never deleted: their names stay on what they did), and recognised by their PIN or
/// their badge when they sign in or approve. Every counter of a fleet reads the same table.
///
/// A PIN alone says who is serving, so no two active people share one (`add` refuses it).
/// Recognising a PIN tries each active person's hash: a shop's staff is a handful of people.
public final class Staff {
    private let store: any CoreStore
    private let clock: Clock
    private let ids: IDGenerator
    private let hasher: PasswordHasher

    public init(store: any CoreStore, clock: Clock, ids: IDGenerator, hasher: PasswordHasher = PasswordHasher()) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.hasher = hasher
    }

    public convenience init(database: CoreDatabase, clock: Clock, ids: IDGenerator, hasher: PasswordHasher = PasswordHasher()) {
        self.init(store: database.store, clock: clock, ids: ids, hasher: hasher)
    }

    /// Whether a text is a PIN: 4 to 12 digits.
    public static func isPIN(_ text: String) -> Bool {
        (4...12).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a text can be a badge's code: 4 to 32 letters or digits.
    public static func isBadge(_ text: String) -> Bool {
        guard (4...32).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        // Digits a card number could be are refused unless they are a barcode (whose check digit
        // holds): no card number reaches the disk in clear, and the audit would name it one.
        let readsAsACard = (12...19).contains(text.count) && text.allSatisfy(\.isNumber) && CardNumber.passesLuhn(text)
        return !readsAsACard || (try? Barcode(scanned: text)) != nil
    }

    /// Adds a person. Refused: an empty name or one an active person has, a PIN that is not 4
    /// to 12 digits or that an active person has, a badge that is not a code or is taken.
    @discardableResult
    public func add(name: String, role: StaffRole, pin: String, badge: String? = nil) throws(StaffError) -> StaffMember {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .nameMissing }
        guard Self.isPIN(pin) else { throw .pinNotDigits }
        if let badge { guard Self.isBadge(badge) else { throw .badgeNotValid } }
        let record = StaffRecord(id: ids.next("staff"), name: name, role: role, pinHash: hasher.hash(pin), badge: badge, active: true,
                                 createdAt: clock.now)
        return try run(write: true) { tx in
            let active = try StaffRecord.active(tx)
            if active.contains(where: { $0.name == name }) { throw StaffError.nameTaken(name) }
            if let badge, active.contains(where: { $0.badge == badge }) { throw StaffError.badgeTaken }
            if active.contains(where: { self.hasher.verify(pin, against: $0.pinHash) }) { throw StaffError.pinTaken }
            try tx.insert(record)
            try StoredEvents.append(NewEvent("staff.added", subject: record.id, ["name": name, "role": role.rawValue]), at: record.createdAt, in: tx)
            return record.member()
        }
    }

    /// Everyone, active first, each group in the order they were added.
    public func list() throws(StaffError) -> [StaffMember] {
        try run(write: false) { tx in
            try tx.fetchAll(StaffRecord.self, "SELECT * FROM staff ORDER BY active DESC, created_at, \(tx.engine.bytewise("id"))").map { $0.member() }
        }
    }

    /// Whether the shop has anyone active: until it has, the counter runs as before staff.
    public func hasStaff() throws(StaffError) -> Bool {
        try run(write: false) { tx in try StaffRecord.anyActive(tx) }
    }

    /// Whether the shop has an active manager: until it has, the operator PIN approves as one.
    public func hasManager() throws(StaffError) -> Bool {
        try run(write: false) { tx in try StaffRecord.anyActiveManager(tx) }
    }

    /// Disables the active person with this id, or else with this name. They sign in no more.
    @discardableResult
    public func disable(_ nameOrId: String) throws(StaffError) -> StaffMember {
        try run(write: true) { tx in
            let active = try StaffRecord.active(tx)
            guard var record = active.first(where: { $0.id == nameOrId }) ?? active.first(where: { $0.name == nameOrId }) else {
                throw StaffError.unknownPerson(nameOrId)
            }
            record.active = false
            _ = try tx.update(record)
            try StoredEvents.append(NewEvent("staff.disabled", subject: record.id, ["name": record.name]), at: self.clock.now, in: tx)
            return record.member()
        }
    }

    /// The active person whose PIN this is; `notRecognised` when nobody's.
    public func recognise(pin: String) throws(StaffError) -> StaffMember {
        guard Self.isPIN(pin) else { throw .notRecognised }
        let active = try run(write: false) { tx in try StaffRecord.active(tx) }
        guard let record = active.first(where: { hasher.verify(pin, against: $0.pinHash) }) else { throw .notRecognised }
        return record.member()
    }

    /// The active person carrying this badge; `notRecognised` when nobody.
    public func recognise(badge: String) throws(StaffError) -> StaffMember {
        let found = try run(write: false) { tx in
            try tx.fetchOne(StaffRecord.self, "SELECT * FROM staff WHERE active = ? AND badge = ?", true, badge)
        }
        guard let found else { throw .notRecognised }
        return found.member()
    }

    /// Whether `signature` may do `action` now, as the core checks it where the row is written.
    public func check(_ action: StaffAction, by signature: StaffSignature?) throws(StaffError) {
        try run(write: false) { tx in try StaffCheck.require(action, by: signature, in: tx) }
    }

    private func run<T>(write: Bool, _ body: (any CoreTransaction) throws -> T) throws(StaffError) -> T {
        do {
            return write ? try store.write(body) : try store.read(body)
        } catch let error as StaffError {
            throw error
        } catch StorageError.duplicate {
            // Another counter added the same name or badge a moment before.
            throw .storage
        } catch {
            throw .storage
        }
    }
}
