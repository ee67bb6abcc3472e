import Foundation
import GRDB

/// A row of `till_sessions`. The tills speak in `TillSession`; this is its row.
struct TillSessionRecord: Codable, CoreRecord, SignedRow {
    static let databaseTableName = "till_sessions"

    var id: String
    var counter: String
    var state: TillSessionState
    var currency: String
    var openedAt: Date
    var floatMinor: Int64
    /// What the screen suggested as the float (the last close's cash left in), beside what was counted.
    var suggestedMinor: Int64?
    var closedAt: Date? = nil
    var cashSalesMinor: Int64? = nil
    var cashRefundsMinor: Int64? = nil
    var paidInMinor: Int64? = nil
    var paidOutMinor: Int64? = nil
    var expectedMinor: Int64? = nil
    var countedMinor: Int64? = nil
    var differenceMinor: Int64? = nil
    var note: String? = nil
    var leftInMinor: Int64? = nil
    var approval: TillApproval? = nil
    /// The Z report (`day_reports.number`) whose cash section holds this closed till.
    var dayReport: Int? = nil
    /// Who opened it (issue 36).
    var openedById: String? = nil
    var openedByName: String? = nil
    /// Who closed it, and who approved the closing (issue 36).
    var staffId: String? = nil
    var staffName: String? = nil
    var approvedById: String? = nil
    var approvedByName: String? = nil

    var openedBy: StaffPerson? {
        get { openedById.map { StaffPerson(id: StaffID(rawValue: $0), name: openedByName ?? $0) } }
        set {
            openedById = newValue?.id.rawValue
            openedByName = newValue?.name
        }
    }

    /// This counter's open till, locked for the transaction on a server.
    static func open(_ tx: any CoreTransaction, counter: String) throws -> TillSessionRecord? {
        try tx.fetchOne(TillSessionRecord.self, "SELECT * FROM till_sessions WHERE counter = ? AND state = ?\(tx.engine.forUpdate)",
                        counter, TillSessionState.open)
    }

    /// This counter's last closed till.
    static func lastClosed(_ tx: any CoreTransaction, counter: String) throws -> TillSessionRecord? {
        try tx.fetchOne(TillSessionRecord.self, "SELECT * FROM till_sessions WHERE counter = ? AND state = ? ORDER BY closed_at DESC LIMIT 1",
                        counter, TillSessionState.closed)
    }

    /// The figures as recorded at the close; nil while open.
    func recordedFigures() throws -> CashFigures? {
        guard state == .closed else { return nil }
        guard let cashSalesMinor, let cashRefundsMinor, let paidInMinor, let paidOutMinor else {
            throw UnreadableRow(table: Self.databaseTableName, column: "cash_sales_minor", value: "NULL")
        }
        return CashFigures(float: floatMinor, cashSales: cashSalesMinor, cashRefunds: cashRefundsMinor, paidIn: paidInMinor, paidOut: paidOutMinor)
    }

    func session(figures: CashFigures, count: [DenominationCount]) throws -> TillSession {
        var closing: TillClosing?
        if state == .closed {
            guard let closedAt, let countedMinor, let leftInMinor else {
                throw UnreadableRow(table: Self.databaseTableName, column: "closed_at", value: "NULL")
            }
            closing = TillClosing(closedAt: closedAt, count: count, counted: countedMinor, note: note ?? "", leftIn: leftInMinor, approval: approval,
                                  signature: signature)
        }
        return TillSession(id: id, counter: counter, currency: currency, openedAt: openedAt, figures: figures, closing: closing, openedBy: openedBy)
    }
}

/// A row of `till_movements`: a paid in, a paid out or a no-sale.
struct CashMovementRecord: Codable, CoreRecord, SignedRow {
    static let databaseTableName = "till_movements"

    var id: String
    var sessionId: String
    var counter: String
    var kind: CashMovementKind
    /// Signed as the drawer sees it: in positive, out negative, a no-sale zero.
    var amountMinor: Int64
    var currency: String
    var reason: String
    var at: Date
    var staffId: String? = nil
    var staffName: String? = nil
    var approvedById: String? = nil
    var approvedByName: String? = nil

    static func of(_ tx: any CoreTransaction, sessionId: String) throws -> [CashMovementRecord] {
        try tx.fetchAll(CashMovementRecord.self, "SELECT * FROM till_movements WHERE session_id = ? ORDER BY at, \(tx.engine.bytewise("id"))",
                        sessionId)
    }

    func movement() throws -> CashMovement {
        let currency = try Currency.stored(currency, in: Self.databaseTableName)
        return CashMovement(id: id, sessionId: sessionId, counter: counter, kind: kind, amount: Money(minorUnits: amountMinor, currency: currency),
                            reason: reason, at: at, signature: signature)
    }
}

/// A row of `till_counts`: how many of one coin or note a closing counted.
struct TillCountRecord: Codable, CoreRecord {
    static let databaseTableName = "till_counts"

    var sessionId: String
    var kind: CashDenomination.Kind
    var denominationMinor: Int64
    var quantity: Int

    static func of(_ tx: any CoreTransaction, sessionId: String) throws -> [DenominationCount] {
        try tx.fetchAll(TillCountRecord.self, "SELECT * FROM till_counts WHERE session_id = ?", sessionId)
            .map { DenominationCount(CashDenomination($0.kind, $0.denominationMinor), quantity: $0.quantity) }
            .sorted { $0.denomination < $1.denomination }
    }
}

extension TillSessionState: DatabaseValueConvertible {}
extension TillApproval: DatabaseValueConvertible {}
extension CashMovementKind: DatabaseValueConvertible {}
extension CashDenomination.Kind: DatabaseValueConvertible {}
