import CheckoutKit
import Foundation

/// What the till screen's effects reach: this counter's till (CheckoutKit's `TillController`),
/// the operator PIN (the shell's), and the receipt printer, whose drawer kick opens the drawer.
/// Closures, so a test can stand in for each.
public struct TillClient {
    public var status: () -> Result<TillStatus, TillError>
    public var open: (_ float: Money) -> Result<TillSession, TillError>
    public var payIn: (_ amount: Money, _ reason: String) -> Result<CashMovement, TillError>
    public var payOut: (_ amount: Money, _ reason: String) -> Result<CashMovement, TillError>
    public var noSale: (_ reason: String) -> Result<CashMovement, TillError>
    public var close: (_ count: [DenominationCount], _ note: String, _ leftIn: Money, _ approval: TillApproval?) -> Result<TillSession, TillError>
    /// Whether `pin` is the operator's PIN (false when none is set).
    public var verifyPIN: (_ pin: String) -> Bool
    /// Prints a till printout, at most once under `once`; nil when it was printed before. A
    /// document that opens the drawer kicks it as it prints.
    public var print: (_ document: ReceiptDocument, _ once: String?) -> Result<String, ReceiptPrinter.Failure>?
    /// The till's currency and the limit above which closing needs the PIN.
    public var currency: Currency
    public var differenceLimit: Money

    public init(status: @escaping () -> Result<TillStatus, TillError>,
                open: @escaping (Money) -> Result<TillSession, TillError>,
                payIn: @escaping (Money, String) -> Result<CashMovement, TillError>,
                payOut: @escaping (Money, String) -> Result<CashMovement, TillError>,
                noSale: @escaping (String) -> Result<CashMovement, TillError>,
                close: @escaping ([DenominationCount], String, Money, TillApproval?) -> Result<TillSession, TillError>,
                verifyPIN: @escaping (String) -> Bool = { _ in false },
                print: @escaping (ReceiptDocument, String?) -> Result<String, ReceiptPrinter.Failure>? = { _, _ in .failure(.notConfigured) },
                currency: Currency = .eur, differenceLimit: Money = Money(minorUnits: 500, currency: .eur)) {
        self.status = status
        self.open = open
        self.payIn = payIn
        self.payOut = payOut
        self.noSale = noSale
        self.close = close
        self.verifyPIN = verifyPIN
        self.print = print
        self.currency = currency
        self.differenceLimit = differenceLimit
    }

    /// Before the core is open: nothing can be read.
    public static var unavailable: TillClient {
        TillClient(status: { .failure(.storage) }, open: { _ in .failure(.storage) }, payIn: { _, _ in .failure(.storage) },
                   payOut: { _, _ in .failure(.storage) }, noSale: { _ in .failure(.storage) }, close: { _, _, _, _ in .failure(.storage) })
    }

    /// On the counter's services, the shell's PIN and printer.
    public static func live(services: CheckoutServices, verifyPIN: @escaping (String) -> Bool,
                            print: @escaping (ReceiptDocument, String?) -> Result<String, ReceiptPrinter.Failure>?) -> TillClient {
        let till = services.till()
        return TillClient(status: till.status, open: till.open, payIn: till.payIn, payOut: till.payOut, noSale: till.noSale, close: till.close,
                          verifyPIN: verifyPIN, print: print, currency: till.currency, differenceLimit: till.differenceLimit)
    }
}
