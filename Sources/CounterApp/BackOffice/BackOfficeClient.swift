import CheckoutKit
import Foundation

/// What the back office's effects reach: the core's orders and refunds (through CheckoutKit's
/// `BackOfficeController`) and the receipt printer. Closures, so a test can stand in for each.
public struct BackOfficeClient {
    public var find: (BackOfficeQuery) -> Result<[BackOfficeOrder], BackOfficeRefusal>
    /// Refunds, signed by who refunds and the manager who approved (nil: a shop without staff).
    public var refund: (_ order: BackOfficeOrder, _ request: BackOfficeRefundRequest, _ idempotencyKey: String, _ signedBy: StaffSignature?,
                        _ completion: @escaping (Result<BackOfficeOrder, BackOfficeRefusal>) -> Void) -> Void
    /// Prints a paid order's receipt again, as a copy; answers where it went.
    public var reprint: (_ orderNumber: String) -> Result<String, ReceiptPrinter.Failure>
    /// The X report (`close` false) or the Z report, which closes the day, signed as `signedBy`.
    public var report: (_ close: Bool, _ signedBy: StaffSignature?) -> Result<DayReport, BackOfficeRefusal>
    /// The holds that may be voided (auction bids' money authorised, not captured).
    public var holds: () -> Result<[BackOfficeHold], BackOfficeRefusal> = { .failure(.storage) }
    /// Voids a hold through the core under the screen's idempotency key.
    public var void: (_ hold: BackOfficeHold, _ idempotencyKey: String, _ signedBy: StaffSignature?,
                      _ completion: @escaping (Result<BackOfficeVoid, BackOfficeRefusal>) -> Void) -> Void = { _, _, _, done in done(.failure(.storage)) }
    /// A manager's PIN approving one action (`ManagerApprovalFeature`): the manager, or nil.
    public var approve: (_ action: StaffAction, _ pin: String) -> StaffPerson? = { _, _ in nil }
    /// Prints a back-office document (a refund's or a void's receipt, a report) on the kiosk's
    /// receipt printer. With `once`, at most once under that key: nil when it was printed before.
    public var print: (_ document: ReceiptDocument, _ once: String?) -> Result<String, ReceiptPrinter.Failure>? = { _, _ in .failure(.notConfigured) }
    /// Z reports whose printout has not come out (the printer could not be written), oldest first.
    public var waitingReports: () -> [DayReport] = { [] }
    /// The shop's day across all counters (today's, nothing closed).
    public var shopDay: () -> Result<DayReport, BackOfficeRefusal> = { .failure(.storage) }

    public init(find: @escaping (BackOfficeQuery) -> Result<[BackOfficeOrder], BackOfficeRefusal>,
                refund: @escaping (BackOfficeOrder, BackOfficeRefundRequest, String, StaffSignature?,
                                   @escaping (Result<BackOfficeOrder, BackOfficeRefusal>) -> Void) -> Void,
                reprint: @escaping (String) -> Result<String, ReceiptPrinter.Failure>,
                report: @escaping (Bool, StaffSignature?) -> Result<DayReport, BackOfficeRefusal> = { _, _ in .failure(.storage) }) {
        self.find = find
        self.refund = refund
        self.reprint = reprint
        self.report = report
    }

    /// Before the core is open: nothing found, nothing refunded.
    public static var unavailable: BackOfficeClient {
        BackOfficeClient(find: { _ in .failure(.storage) }, refund: { _, _, _, _, done in done(.failure(.storage)) },
                         reprint: { _ in .failure(.notConfigured) })
    }

    /// On the counter's services; `reprint` and `print` are the shell's printer (none: `notConfigured`).
    public static func live(services: CheckoutServices, approve: @escaping (StaffAction, String) -> StaffPerson? = { _, _ in nil },
                            reprint: @escaping (String) -> Result<String, ReceiptPrinter.Failure>,
                            print: @escaping (ReceiptDocument, String?) -> Result<String, ReceiptPrinter.Failure>? = { _, _ in .failure(.notConfigured) },
                            waitingReports: @escaping () -> [DayReport] = { [] })
        -> BackOfficeClient {
        let controller = services.backOffice()
        var client = BackOfficeClient(find: controller.find, refund: controller.refund, reprint: reprint,
                                      report: { close, signature in close ? controller.closeDay(signedBy: signature) : controller.dayReport() })
        client.approve = approve
        client.holds = controller.holds
        client.void = controller.void
        client.print = print
        client.waitingReports = waitingReports
        client.shopDay = controller.shopDay
        return client
    }
}
