import Foundation
import GRDB

/// Checks the ledger's invariants on a database, reading only: each order paid at most once,
/// each captured charge owned (or refunded), each hold with its bid, reservations and stock
/// consistent, refunds that agree with the money, nothing unsettled for too long, and no card
/// number in clear anywhere.
///
///     let violations = try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: queue, now: clock.now)
///
/// The same checks serve `checkout audit` on an operator's file and the fault simulator after
/// every step, so a rule is written once.
public struct LedgerAudit: Sendable {
    /// How long something may stay unsettled (a pending charge, a reserved order...) before it
    /// counts as stuck; nil skips the rule (in the middle of a payment, waiting is normal).
    public var unsettledAfter: Duration?
    /// The scan of every text and blob column for card numbers reads the whole file; a caller
    /// that audits often (the simulator) can run it less often.
    public var scansForCardNumbers: Bool

    public init(unsettledAfter: Duration? = nil, scansForCardNumbers: Bool = true) {
        self.unsettledAfter = unsettledAfter
        self.scansForCardNumbers = scansForCardNumbers
    }

    public func violations(in reader: any DatabaseReader, now: Date) throws -> [LedgerViolation] {
        try reader.read { db in try violations(db, now: now) }
    }

    public func violations(_ db: Database, now: Date) throws -> [LedgerViolation] {
        var found = try PaymentOwnershipCheck.violations(db)
        found += try HoldCheck.violations(db)
        found += try StockCheck.violations(db)
        found += try RefundCheck.violations(db)
        if let unsettledAfter {
            found += try UnsettledCheck.violations(db, olderThan: now.addingTimeInterval(-unsettledAfter.timeInterval))
        }
        if scansForCardNumbers {
            found += try CardNumberScan.violations(db)
        }
        return found
    }
}
