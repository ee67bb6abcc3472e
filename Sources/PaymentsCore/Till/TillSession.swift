import Foundation

/// One till's session at one counter: opened with a counted float, closed with a counted drawer.
/// At most one is open per counter at a time (the database refuses a second, on both engines).
public struct TillSession: Hashable, Sendable, Codable, Identifiable {
    public let id: String
    /// The counter's name (`CounterInstance.name` as the ledger books it); empty for a counter
    /// without one (a tape, a test): the ledger's entries without a counter are its.
    public let counter: String
    /// The till's currency (ISO code): only cash of this currency is counted in it.
    public let currency: String
    public let openedAt: Date
    /// For an open till, as of when it was read; for a closed one, as recorded at its close.
    public let figures: CashFigures
    /// Nil while the till is open.
    public let closing: TillClosing?
    /// Who opened it; nil in a shop without staff.
    public let openedBy: StaffPerson?

    public init(id: String, counter: String, currency: String, openedAt: Date, figures: CashFigures, closing: TillClosing?,
                openedBy: StaffPerson? = nil) {
        self.id = id
        self.counter = counter
        self.currency = currency
        self.openedAt = openedAt
        self.figures = figures
        self.closing = closing
        self.openedBy = openedBy
    }

    public var isOpen: Bool { closing == nil }

    /// Counted less expected, once closed.
    public var difference: Int64? { closing.map { figures.difference(counted: $0.counted) } }

    /// A figure of this till as money (nil for a currency the counter does not know).
    public func money(_ minorUnits: Int64) -> Money? { Currency(code: currency).map { Money(minorUnits: minorUnits, currency: $0) } }
}

/// How a till was closed: the count, the note on its difference, what stays in the drawer.
public struct TillClosing: Hashable, Sendable, Codable {
    public let closedAt: Date
    /// The coins and notes counted (empty when the till was counted as one total).
    public let count: [DenominationCount]
    /// What the count came to, in minor units.
    public let counted: Int64
    /// Why the drawer differs (the operator's words; may be empty when it does not).
    public let note: String
    /// Cash left in the drawer for the next opening's float; the rest goes to the safe.
    public let leftIn: Int64
    /// Who let a difference above the limit through; nil when none was needed.
    public let approval: TillApproval?
    /// Who closed it and who approved; nil in a shop without staff.
    public let signature: StaffSignature?

    public init(closedAt: Date, count: [DenominationCount], counted: Int64, note: String, leftIn: Int64, approval: TillApproval?,
                signature: StaffSignature? = nil) {
        self.closedAt = closedAt
        self.count = count
        self.counted = counted
        self.note = note
        self.leftIn = leftIn
        self.approval = approval
        self.signature = signature
    }
}

/// Who approved closing a till whose difference is above the shop's limit.
public enum TillApproval: String, Hashable, Sendable, Codable {
    /// The back office's operator PIN was typed.
    case operatorPIN = "operator_pin"
    /// A manager closed it, or approved its closing with their PIN (issue 36): the till's
    /// signature names them.
    case manager
}

public enum TillSessionState: String, Hashable, Sendable, Codable {
    case open, closed
}

/// Cash into or out of the drawer that is no sale, or the drawer opened for nothing: each with
/// its reason, time and counter.
public struct CashMovement: Hashable, Sendable, Identifiable {
    public let id: String
    public let sessionId: String
    public let counter: String
    public let kind: CashMovementKind
    /// Signed as the drawer sees it: paid in positive, paid out negative, a no-sale zero.
    public let amount: Money
    public let reason: String
    public let at: Date
    /// Who moved the cash or opened the drawer, and who approved; nil in a shop without staff.
    public let signature: StaffSignature?

    public init(id: String, sessionId: String, counter: String, kind: CashMovementKind, amount: Money, reason: String, at: Date,
                signature: StaffSignature? = nil) {
        self.id = id
        self.sessionId = sessionId
        self.counter = counter
        self.kind = kind
        self.amount = amount
        self.reason = reason
        self.at = at
        self.signature = signature
    }
}

public enum CashMovementKind: String, Hashable, Sendable, CaseIterable, Codable {
    case paidIn = "paid_in"
    case paidOut = "paid_out"
    /// The drawer opened with no money moved (change for a customer, a check).
    case noSale = "no_sale"
}

/// Why the till could not do what was asked. The screens word it.
public enum TillError: Error, Hashable, Sendable {
    /// No till is open at this counter: open one first.
    case notOpen
    /// This counter's till is open already (maybe from another window on the same counter).
    case alreadyOpen
    /// An amount of zero or less, or of another currency than the till's.
    case invalidAmount
    /// A paid in, paid out or no-sale needs a reason.
    case reasonMissing
    /// More left in the drawer than was counted.
    case leftInExceedsCounted
    /// The difference is above the shop's limit: closing needs the operator's PIN.
    case approvalNeeded(difference: Money, limit: Money)
    /// The person asking may not do this alone, or nobody signed in (issue 36).
    case staff(StaffError)
    /// The database could not be read or written.
    case storage
}
