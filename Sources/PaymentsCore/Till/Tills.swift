import Clocks
import Foundation

/// Cash control at one counter: its till opened with a counted float, cash paid in and out and
/// the drawer opened for no sale (each with a reason), and the till closed with a count by coin
/// and note against the expected cash (`CashFigures`), the difference recorded with a note. A
/// difference above the shop's limit closes only with an approval (the operator's PIN, checked by
/// the screen). Cash sales and refunds are read from the books (`ledger_entries`, tender `cash`,
/// this counter, the till's currency, while it was open), never counted again here.
public final class Tills {
    private let store: any CoreStore
    private let clock: Clock
    private let ids: IDGenerator
    /// The counter as the books name it; empty: a counter without a name (its entries have none).
    public let counter: String
    /// Above this difference (either way), closing needs an approval. In the till's currency; a
    /// till of another currency needs one for any difference.
    public let differenceLimit: Money

    /// The shop's default limit: €5.00.
    public static let defaultDifferenceLimit = Money(minorUnits: 500, currency: .eur)

    public init(store: any CoreStore, clock: Clock, ids: IDGenerator, counter: String?, differenceLimit: Money = Tills.defaultDifferenceLimit) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.counter = counter ?? ""
        self.differenceLimit = differenceLimit
    }

    /// This counter's open till with its figures so far; nil when it is closed.
    public func current() throws(TillError) -> TillSession? {
        try run(write: false) { tx in
            guard let open = try TillSessionRecord.open(tx, counter: self.counter) else { return nil }
            return try open.session(figures: try Self.figures(tx, of: open, until: self.clock.now), count: [])
        }
    }

    /// The float to suggest: the cash the last close left in the drawer; nil when this counter
    /// never closed a till (or closed one of another currency).
    public func suggestedFloat(currency: Currency) throws(TillError) -> Money? {
        try run(write: false) { tx in
            guard let last = try TillSessionRecord.lastClosed(tx, counter: self.counter), last.currency == currency.code,
                  let leftIn = last.leftInMinor else { return nil }
            return Money(minorUnits: leftIn, currency: currency)
        }
    }

    /// Opens this counter's till with the float counted into it; `signedBy` names who (nil: a
    /// shop without staff).
    public func open(float: Money, signedBy signature: StaffSignature? = nil) throws(TillError) -> TillSession {
        guard float.minorUnits >= 0 else { throw .invalidAmount }
        let id = ids.next("till")
        let now = clock.now
        return try run(write: true) { tx in
            try StaffCheck.require(.takeCash, by: signature, in: tx)
            if try TillSessionRecord.open(tx, counter: self.counter) != nil { throw TillError.alreadyOpen }
            let last = try TillSessionRecord.lastClosed(tx, counter: self.counter)
            // Sessions never share a millisecond: a sale booked as one till closed belongs to it alone.
            let openedAt = max(now, (last?.closedAt ?? .distantPast).addingTimeInterval(0.001))
            let suggested = last.flatMap { $0.currency == float.currency.code ? $0.leftInMinor : nil }
            let record = TillSessionRecord(id: id, counter: self.counter, state: .open, currency: float.currency.code, openedAt: openedAt,
                                           floatMinor: float.minorUnits, suggestedMinor: suggested, openedById: signature?.doneBy.id.rawValue,
                                           openedByName: signature?.doneBy.name)
            try tx.insert(record)
            try TillJournal.opened(record, in: tx)
            return try record.session(figures: CashFigures(float: float.minorUnits), count: [])
        }
    }

    /// Cash put into the drawer that is no sale (change brought from the bank, say).
    public func payIn(_ amount: Money, reason: String, signedBy signature: StaffSignature? = nil) throws(TillError) -> CashMovement {
        guard amount.minorUnits > 0 else { throw .invalidAmount }
        return try move(.paidIn, amount.minorUnits, currency: amount.currency, reason: reason, signature: signature)
    }

    /// Cash taken out of the drawer that is no refund (a supplier paid, the window cleaner).
    public func payOut(_ amount: Money, reason: String, signedBy signature: StaffSignature? = nil) throws(TillError) -> CashMovement {
        guard amount.minorUnits > 0 else { throw .invalidAmount }
        return try move(.paidOut, -amount.minorUnits, currency: amount.currency, reason: reason, signature: signature)
    }

    /// The drawer opened with no money moved.
    public func noSale(reason: String, signedBy signature: StaffSignature? = nil) throws(TillError) -> CashMovement {
        try move(.noSale, 0, currency: nil, reason: reason, signature: signature)
    }

    /// Closes this counter's till with what was counted in it. A difference above the limit
    /// either way is refused without `approval` (`TillError.approvalNeeded`, nothing written);
    /// with staff, closing needs a manager (`signedBy`), whose signature is that approval.
    /// - Parameters:
    ///   - count: the coins and notes counted (`CashDenominations.of` the till's currency).
    ///   - leftIn: what stays in the drawer for the next float (at most what was counted).
    public func close(count: [DenominationCount], note: String, leftIn: Money, approval: TillApproval?,
                      signedBy signature: StaffSignature? = nil) throws(TillError) -> TillSession {
        let counted = count.countedMinorUnits
        guard leftIn.minorUnits >= 0, count.allSatisfy({ $0.quantity >= 0 }) else { throw .invalidAmount }
        guard leftIn.minorUnits <= counted else { throw .leftInExceedsCounted }
        let now = clock.now
        return try run(write: true) { tx in
            guard var record = try TillSessionRecord.open(tx, counter: self.counter) else { throw TillError.notOpen }
            guard leftIn.currency.code == record.currency else { throw TillError.invalidAmount }
            try StaffCheck.require(.closeTill, by: signature, in: tx)
            // A manager's close (theirs, or approved by them) answers for its difference too.
            let approval = approval ?? (signature == nil ? nil : TillApproval.manager)
            let closedAt = max(now, record.openedAt)
            let figures = try Self.figures(tx, of: record, until: closedAt)
            let difference = figures.difference(counted: counted)
            if approval == nil, try self.needsApproval(difference, currency: record.currency) {
                let currency = try Currency.stored(record.currency, in: TillSessionRecord.databaseTableName)
                throw TillError.approvalNeeded(difference: Money(minorUnits: difference, currency: currency), limit: self.differenceLimit)
            }
            record.state = .closed
            record.closedAt = closedAt
            record.cashSalesMinor = figures.cashSales
            record.cashRefundsMinor = figures.cashRefunds
            record.paidInMinor = figures.paidIn
            record.paidOutMinor = figures.paidOut
            record.expectedMinor = figures.expected
            record.countedMinor = counted
            record.differenceMinor = difference
            record.note = note
            record.leftInMinor = leftIn.minorUnits
            record.approval = approval
            record.signature = signature
            try tx.update(record)
            for piece in count where piece.quantity > 0 {
                try tx.insert(TillCountRecord(sessionId: record.id, kind: piece.denomination.kind, denominationMinor: piece.denomination.minorUnits,
                                              quantity: piece.quantity))
            }
            try TillJournal.closed(record, in: tx)
            return try record.session(figures: figures, count: try TillCountRecord.of(tx, sessionId: record.id))
        }
    }

    /// The paid ins, paid outs and no-sales of a till, oldest first.
    public func movements(of session: TillSession) throws(TillError) -> [CashMovement] {
        try run(write: false) { tx in try CashMovementRecord.of(tx, sessionId: session.id).map { try $0.movement() } }
    }

    /// This counter's closed tills, newest first (at most `limit`).
    public func closed(limit: Int = 20) throws(TillError) -> [TillSession] {
        try run(write: false) { tx in
            try tx.fetchAll(TillSessionRecord.self, "SELECT * FROM till_sessions WHERE counter = ? AND state = ? ORDER BY closed_at DESC LIMIT ?",
                            self.counter, TillSessionState.closed, limit).map { try Self.closedSession(tx, $0) }
        }
    }

    // MARK: The one reading of a till's figures

    /// What a till's drawer should hold at `until`: its float, this counter's cash in the till's
    /// currency booked since it opened (sales in, refunds out), and its paid ins and outs.
    static func figures(_ tx: any CoreTransaction, of session: TillSessionRecord, until: Date) throws -> CashFigures {
        var figures = CashFigures(float: session.floatMinor)
        let booked = try tx.rows("""
            SELECT movement, SUM(amount_minor) AS amount FROM ledger_entries
            WHERE tender = ? AND currency = ? AND COALESCE(counter, '') = ? AND at >= ? AND at <= ? GROUP BY movement
            """, Tender.cash, session.currency, session.counter, session.openedAt.milliseconds, until.milliseconds)
        for row in booked {
            let amount = try row.value(Int64.self, "amount")
            switch try row.value(LedgerMovement.self, "movement") {
            case .payment, .capture: figures.cashSales += amount
            // Negative in the books, money out of the drawer.
            case .refund: figures.cashRefunds -= amount
            }
        }
        let moved = try tx.rows("SELECT kind, SUM(amount_minor) AS amount FROM till_movements WHERE session_id = ? GROUP BY kind", session.id)
        for row in moved {
            let amount = try row.value(Int64.self, "amount")
            switch try row.value(CashMovementKind.self, "kind") {
            case .paidIn: figures.paidIn += amount
            case .paidOut: figures.paidOut -= amount
            case .noSale: break
            }
        }
        return figures
    }

    /// A closed till as recorded at its close.
    static func closedSession(_ tx: any CoreTransaction, _ record: TillSessionRecord) throws -> TillSession {
        guard let figures = try record.recordedFigures() else { throw UnreadableRow(table: TillSessionRecord.databaseTableName, column: "state", value: "open") }
        return try record.session(figures: figures, count: try TillCountRecord.of(tx, sessionId: record.id))
    }

    // MARK: Private

    private func move(_ kind: CashMovementKind, _ signedMinor: Int64, currency: Currency?, reason: String,
                      signature: StaffSignature?) throws(TillError) -> CashMovement {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw .reasonMissing }
        let id = ids.next("cashmove")
        let now = clock.now
        return try run(write: true) { tx in
            guard let session = try TillSessionRecord.open(tx, counter: self.counter) else { throw TillError.notOpen }
            if let currency, currency.code != session.currency { throw TillError.invalidAmount }
            try StaffCheck.require(kind.staffAction, by: signature, in: tx)
            var record = CashMovementRecord(id: id, sessionId: session.id, counter: self.counter, kind: kind, amountMinor: signedMinor,
                                            currency: session.currency, reason: reason, at: max(now, session.openedAt))
            record.signature = signature
            try tx.insert(record)
            try TillJournal.moved(record, in: tx)
            return try record.movement()
        }
    }

    private func needsApproval(_ difference: Int64, currency: String) throws -> Bool {
        guard differenceLimit.currency.code == currency else { return difference != 0 }
        return abs(difference) > differenceLimit.minorUnits
    }

    /// Runs `body` in a transaction; what goes wrong below the tills is `storage`, a second open
    /// till (the unique index of another counter window's race) `alreadyOpen`.
    private func run<T>(write: Bool, _ body: (any CoreTransaction) throws -> T) throws(TillError) -> T {
        do {
            return write ? try store.write(body) : try store.read(body)
        } catch let error as TillError {
            throw error
        } catch let error as StaffError {
            throw .staff(error)
        } catch StorageError.duplicate {
            throw .alreadyOpen
        } catch {
            throw .storage
        }
    }
}

extension CashMovementKind {
    /// What the staff's permissions call it.
    var staffAction: StaffAction {
        switch self {
        case .paidIn: .payIn
        case .paidOut: .payOut
        case .noSale: .noSale
        }
    }
}
