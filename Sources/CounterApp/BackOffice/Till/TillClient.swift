import CheckoutKit
import Foundation

/// What the till screen's effects reach: this counter's till (CheckoutKit's `TillController`),
/// the operator PIN (the shell's), and the receipt printer, whose drawer kick opens the drawer.
/// Closures, so a test can stand in for each.
public struct TillClient {
    public var status: () -> Result<TillStatus, TillError>
    // Each signed by who does it and the manager who approved (nil: a shop without staff).
    public var open: (_ float: Money, _ signedBy: StaffSignature?) -> Result<TillSession, TillError>
    public var payIn: (_ amount: Money, _ reason: String, _ signedBy: StaffSignature?) -> Result<CashMovement, TillError>
    public var payOut: (_ amount: Money, _ reason: String, _ signedBy: StaffSignature?) -> Result<CashMovement, TillError>
    public var noSale: (_ reason: String, _ signedBy: StaffSignature?) -> Result<CashMovement, TillError>
    public var close: (_ count: [DenominationCount], _ note: String, _ leftIn: Money, _ approval: TillApproval?,
                       _ signedBy: StaffSignature?) -> Result<TillSession, TillError>
    /// A manager's PIN approving one action (`ManagerApprovalFeature`): the manager, or nil.
    public var approve: (_ action: StaffAction, _ pin: String) -> StaffPerson? = { _, _ in nil }
    /// Whether `pin` is the operator's PIN (false when none is set).
    public var verifyPIN: (_ pin: String) -> Bool
    /// Prints a till printout, at most once under `once`; nil when it was printed before. A
    /// document that opens the drawer kicks it as it prints.
    public var print: (_ document: ReceiptDocument, _ once: String?) -> Result<String, ReceiptPrinter.Failure>?
    /// The till's currency and the limit above which closing needs the PIN.
    public var currency: Currency
    public var differenceLimit: Money

    public init(status: @escaping () -> Result<TillStatus, TillError>,
                open: @escaping (Money, StaffSignature?) -> Result<TillSession, TillError>,
                payIn: @escaping (Money, String, StaffSignature?) -> Result<CashMovement, TillError>,
                payOut: @escaping (Money, String, StaffSignature?) -> Result<CashMovement, TillError>,
                noSale: @escaping (String, StaffSignature?) -> Result<CashMovement, TillError>,
                close: @escaping ([DenominationCount], String, Money, TillApproval?, StaffSignature?) -> Result<TillSession, TillError>,
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
        TillClient(status: { .failure(.storage) }, open: { _, _ in .failure(.storage) }, payIn: { _, _, _ in .failure(.storage) },
                   payOut: { _, _, _ in .failure(.storage) }, noSale: { _, _ in .failure(.storage) }, close: { _, _, _, _, _ in .failure(.storage) })
    }

    /// On the counter's services, the shell's PIN and printer.
    public static func live(services: CheckoutServices, verifyPIN: @escaping (String) -> Bool,
                            approve: @escaping (StaffAction, String) -> StaffPerson? = { _, _ in nil },
                            print: @escaping (ReceiptDocument, String?) -> Result<String, ReceiptPrinter.Failure>?) -> TillClient {
        // In the shop's currency, closing above the shop's limit only with the PIN (`--shop FILE`).
        let till = services.till(currency: services.shop.currency, differenceLimit: services.shop.tillDifferenceLimit)
        var client = TillClient(status: till.status, open: till.open, payIn: till.payIn, payOut: till.payOut, noSale: till.noSale, close: till.close,
                                verifyPIN: verifyPIN, print: print, currency: till.currency, differenceLimit: till.differenceLimit)
        client.approve = approve
        return client
    }
}
