import PaymentsCore

/// The store's cart paid at the wallet counter as an order (seed 000's `Payment` and preparer,
/// unchanged, run with the order's total and number). The order is placed and its jars reserved
/// before the counter opens (`outOfStock` before any money moves); when the payment ends:
/// - success (the source consumed): the order is paid, stock goes down, the cart is emptied;
/// - failure, or dismissed before the wallet authorised: the code is withdrawn, the order fails,
///   the jars go back, the cart stays;
/// - possible success (authorised, the poll timed out), or dismissed after authorising: the order
///   stays `pendingPayment` with its jars reserved and the source noted; the app's due work
///   (`CheckoutServices.settlePendingOrders`) settles it when the source is consumed or fails.
public final class WalletOrderPayment {
    public private(set) var order: Order
    public let payment: Payment
    public let preparer: CheckoutCounterPreparer
    private let orders: Orders
    private let sources: PaymentSources
    /// Told when the order is left waiting on its source (the services then keep asking).
    private let onPending: () -> Void

    init(order: Order, payment: Payment, preparer: CheckoutCounterPreparer, orders: Orders, sources: PaymentSources,
         onPending: @escaping () -> Void = {}) {
        self.onPending = onPending
        self.order = order
        self.payment = payment
        self.preparer = preparer
        self.orders = orders
        self.sources = sources
    }

    /// `Payment.start`, with the order settled before `completion` hears the outcome.
    public func start(completion: @escaping (PaymentResultState?, Error?) -> Void) {
        payment.start { [weak self] state, error in
            self?.settle(state)
            completion(state, error)
        }
    }

    private func settle(_ state: PaymentResultState?) {
        guard let source = payment.currentSource?.id else {
            return fail("cancelled")
        }
        let status = Self.status(of: source, in: sources)
        switch (state, status) {
        case (.success, _), (_, .paid):
            order = ((try? orders.markPaid(orderId: order.id, reference: source)) ?? nil) ?? order
        case (.failure, _), (_, .failed):
            fail(state == .failure ? "failed" : "cancelled")
        case (.possibleSuccess, .pending):
            note(source)
        case (_, .pending):
            withdraw(source)
        }
    }

    /// Dismissed before the end: the code is withdrawn so that nobody confirms it later for an
    /// order given up. One the shopper confirmed meanwhile, or whose state cannot be read, waits
    /// for the settler (it is consumed, or its code expires).
    private func withdraw(_ source: String) {
        do {
            try sources.cancelWallet(sourceId: source)
            fail("cancelled")
        } catch {
            note(source)
        }
    }

    private func note(_ source: String) {
        try? orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: source))
        onPending()
    }

    private func fail(_ reason: String) {
        order = (try? orders.markFailed(orderId: order.id, reason: reason)) ?? order
    }

    /// A source's word on its order: consumed is paid, failed is failed, anything else waits.
    static func status(of source: String, in sources: PaymentSources) -> ExternalPaymentStatus {
        Settler.walletStatus(source, in: sources)
    }
}
