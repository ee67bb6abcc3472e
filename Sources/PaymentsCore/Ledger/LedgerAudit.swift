import Foundation
import GRDB

/// Checks the ledger's invariants on a database, reading only: each order paid at most once,
/// each captured charge owned (or refunded), each hold with its bid, reservations and stock
/// consistent, refunds that agree with the money, every counter's journal chain whole and signed,
/// nothing unsettled for too long, and no card number in clear anywhere.
///
///     let violations = try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: store, now: clock.now)
///
/// The same checks serve `checkout audit` on an operator's file and the fault simulator after
/// every step, so a rule is written once. They read one snapshot (`CoreStore.read`: one SQLite
/// read transaction, or REPEATABLE READ on a server), so a payment committed by another counter
/// in the middle of the audit is seen by every check or by none.
public struct LedgerAudit: Sendable {
    /// How long something may stay unsettled (a pending charge, a reserved order...) before it
    /// counts as stuck; nil skips the rule (in the middle of a payment, waiting is normal).
    public var unsettledAfter: Duration?
    /// The scan of every text and blob column for card numbers reads the whole file; a caller
    /// that audits often (the simulator) can run it less often.
    public var scansForCardNumbers: Bool
    /// What checking the journal worked out before, for a caller that audits often (the
    /// simulator audits after every step, and would otherwise check every signature of the day
    /// and parse every receipt each time).
    public var journalMemo: JournalMemo?

    public init(unsettledAfter: Duration? = nil, scansForCardNumbers: Bool = true, journalMemo: JournalMemo? = nil) {
        self.unsettledAfter = unsettledAfter
        self.scansForCardNumbers = scansForCardNumbers
        self.journalMemo = journalMemo
    }

    public func violations(in store: any CoreStore, now: Date) throws -> [LedgerViolation] {
        try store.read { tx in try violations(tx, now: now) }
    }

    /// A SQLite file or memory database opened by the caller (`LedgerFile`, the tests).
    public func violations(in database: any DatabaseWriter, now: Date) throws -> [LedgerViolation] {
        try violations(in: SQLiteCoreStore(database), now: now)
    }

    public func violations(_ tx: any CoreTransaction, now: Date) throws -> [LedgerViolation] {
        var found = try PaymentOwnershipCheck.violations(tx)
        found += try HoldCheck.violations(tx)
        found += try StockCheck.violations(tx)
        found += try RefundCheck.violations(tx)
        found += try BooksCheck.violations(tx)
        found += try DiscountCheck.violations(tx)
        found += try JournalVerifier(memo: journalMemo).verify(tx).problems.map(LedgerViolation.journalBroken)
        if let unsettledAfter {
            found += try UnsettledCheck.violations(tx, olderThan: now.addingTimeInterval(-unsettledAfter.timeInterval))
        }
        if scansForCardNumbers {
            found += try CardNumberScan.violations(tx)
        }
        return found
    }
}
