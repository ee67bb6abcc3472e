import Foundation
import PaymentsCore

/// The counter's till on the core (`Tills`): opening with a float, paying in and out, a no-sale,
/// and closing with a count. Each answers a value or the core's `TillError`; the operator's PIN
/// for a difference above the limit is checked by the screen's shell, which then says
/// `.operatorPIN` here.
public final class TillController {
    private let tills: Tills
    /// The till's currency: the shop's (the catalogue's prices).
    public let currency: Currency

    init(core: PaymentsServices, commerce: Commerce, currency: Currency, differenceLimit: Money) {
        tills = Tills(store: core.store, clock: core.clock, ids: core.ids, counter: commerce.counterName, differenceLimit: differenceLimit)
        self.currency = currency
    }

    /// The limit above which a close needs the PIN.
    public var differenceLimit: Money { tills.differenceLimit }

    /// The open till with its figures so far, or nil; and the float to suggest when it is closed.
    public func status() -> Result<TillStatus, TillError> {
        do {
            if let open = try tills.current() { return .success(.open(open, movements: try tills.movements(of: open))) }
            return .success(.closed(suggestedFloat: try tills.suggestedFloat(currency: currency)))
        } catch { return .failure(error) }
    }

    // `signedBy` on each: who does it, and the manager who approved (nil: a shop without staff).

    public func open(float: Money, signedBy signature: StaffSignature? = nil) -> Result<TillSession, TillError> {
        do { return .success(try tills.open(float: float, signedBy: signature)) } catch { return .failure(error) }
    }

    public func payIn(_ amount: Money, reason: String, signedBy signature: StaffSignature? = nil) -> Result<CashMovement, TillError> {
        do { return .success(try tills.payIn(amount, reason: reason, signedBy: signature)) } catch { return .failure(error) }
    }

    public func payOut(_ amount: Money, reason: String, signedBy signature: StaffSignature? = nil) -> Result<CashMovement, TillError> {
        do { return .success(try tills.payOut(amount, reason: reason, signedBy: signature)) } catch { return .failure(error) }
    }

    public func noSale(reason: String, signedBy signature: StaffSignature? = nil) -> Result<CashMovement, TillError> {
        do { return .success(try tills.noSale(reason: reason, signedBy: signature)) } catch { return .failure(error) }
    }

    public func close(count: [DenominationCount], note: String, leftIn: Money, approval: TillApproval?,
                      signedBy signature: StaffSignature? = nil) -> Result<TillSession, TillError> {
        do { return .success(try tills.close(count: count, note: note, leftIn: leftIn, approval: approval, signedBy: signature)) } catch {
            return .failure(error)
        }
    }
}

/// The counter's till as the screen opens on it.
public enum TillStatus: Equatable, Sendable {
    /// Open: its figures so far and what moved in and out of it.
    case open(TillSession, movements: [CashMovement])
    /// Closed: the float to suggest for the next opening (the last close's cash left in).
    case closed(suggestedFloat: Money?)
}

extension CheckoutServices {
    /// This counter's till, in `currency` (the shop's), closing above `differenceLimit` only with
    /// the PIN. The shop's settings will give both.
    public func till(currency: Currency = .eur, differenceLimit: Money = Tills.defaultDifferenceLimit) -> TillController {
        TillController(core: core, commerce: commerce, currency: currency, differenceLimit: differenceLimit)
    }
}
