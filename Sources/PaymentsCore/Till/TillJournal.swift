import Foundation

/// Each till event written where the journal takes it: one function per event, called in the
/// transaction that records the event, to the core's event log and as an entry of the counter's
/// signed journal (`Journal.recordTillOpened`, `recordCashMovement`, `recordTillClosed`).
enum TillJournal {
    static func opened(_ session: TillSessionRecord, in tx: any CoreTransaction) throws {
        var payload = ["counter": session.counter, "float": String(session.floatMinor), "currency": session.currency]
        if let openedBy = session.openedById { payload["staff"] = openedBy }
        try StoredEvents.append(NewEvent("till.opened", subject: session.id, payload), at: session.openedAt, in: tx)
        try Journal.recordTillOpened(tx, session)
    }

    /// A paid in, a paid out or a no-sale.
    static func moved(_ movement: CashMovementRecord, in tx: any CoreTransaction) throws {
        let payload = ["counter": movement.counter, "amount": String(movement.amountMinor), "movement": movement.id]
            .merging(movement.signature?.eventFields ?? [:]) { first, _ in first }
        try StoredEvents.append(NewEvent("till.\(movement.kind.rawValue)", subject: movement.sessionId, payload), at: movement.at, in: tx)
        try Journal.recordCashMovement(tx, movement)
    }

    static func closed(_ session: TillSessionRecord, in tx: any CoreTransaction) throws {
        var payload = ["counter": session.counter, "expected": String(session.expectedMinor ?? 0), "counted": String(session.countedMinor ?? 0),
                       "difference": String(session.differenceMinor ?? 0)]
        if let approval = session.approval { payload["approval"] = approval.rawValue }
        payload.merge(session.signature?.eventFields ?? [:]) { first, _ in first }
        try StoredEvents.append(NewEvent("till.closed", subject: session.id, payload), at: session.closedAt ?? session.openedAt, in: tx)
        try Journal.recordTillClosed(tx, session)
    }
}
