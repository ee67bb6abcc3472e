import CheckoutKit

/// The wallet counter's edge: what its effects ask of the payment, and how answers come back.
/// Tests pass a recording client; the app passes `live(services:)`.
public struct WalletClient {
    /// Starts the payment; the counter's actions come back through `send` from then on.
    public var open: (_ amount: Money, _ description: String, _ send: @escaping (WalletCounterFeature.Action) -> Void) -> Void
    public var select: (PaymentMethodType) -> Void
    public var pay: (_ metadata: [String: String]) -> Void
    public var answerWallet: (WalletApproval) -> Void
    public var dismiss: () -> Void

    public init(open: @escaping (Money, String, @escaping (WalletCounterFeature.Action) -> Void) -> Void,
                select: @escaping (PaymentMethodType) -> Void, pay: @escaping ([String: String]) -> Void,
                answerWallet: @escaping (WalletApproval) -> Void, dismiss: @escaping () -> Void) {
        self.open = open
        self.select = select
        self.pay = pay
        self.answerWallet = answerWallet
        self.dismiss = dismiss
    }

    public static var unavailable: WalletClient {
        WalletClient(open: { _, _, _ in }, select: { _ in }, pay: { _ in }, answerWallet: { _ in }, dismiss: {})
    }

    /// The counter over the core: `CheckoutServices.walletPayment` and its preparer.
    public static func live(services: CheckoutServices) -> WalletClient {
        let session = LiveWalletSession(services: services)
        return WalletClient(
            open: { amount, description, send in session.open(amount: amount, description: description, send: send) },
            select: { session.preparer?.select($0) },
            pay: { session.preparer?.pay(metadata: $0) },
            answerWallet: { session.answer($0) },
            dismiss: {
                // A counter refused before it opened (the last jar is another cart's) just closes.
                guard let preparer = session.preparer else { return session.closeRefused() }
                preparer.dismiss()
                // A wallet prompt still open is closed with the counter (its answer changes nothing now).
                session.answer(.cancelled)
            }
        )
    }
}

/// Holds what one counter payment needs while it runs: the `Payment`, its preparer, and the
/// wallet's unanswered confirmation. It is the screen's `WalletApprovalPresenter`.
final class LiveWalletSession: WalletApprovalPresenter {
    private let services: CheckoutServices
    private(set) var preparer: CheckoutCounterPreparer?
    private var payment: Payment?
    private var send: ((WalletCounterFeature.Action) -> Void)?
    private var pendingApproval: ((WalletApproval) -> Void)?

    init(services: CheckoutServices) {
        self.services = services
    }

    func open(amount: Money, description: String, send: @escaping (WalletCounterFeature.Action) -> Void) {
        self.send = send
        // One session serves every counter the app opens: each starts afresh.
        announcedMethods = false
        pendingApproval = nil
        // The store's cart is paid as an order: placed and its jars reserved before the counter
        // opens. The counter alone (no cart: its own amount) pays as it always did.
        let payment: Payment, preparer: CheckoutCounterPreparer
        do throws(OrderError) {
            let orderPayment = try services.walletOrderPayment(walletPresenter: self)
            self.orderPayment = orderPayment
            (payment, preparer) = (orderPayment.payment, orderPayment.preparer)
        } catch .emptyCart {
            orderPayment = nil
            (payment, preparer) = services.walletPayment(amount: amount, description: description, walletPresenter: self)
        } catch {
            self.payment = nil
            self.preparer = nil
            send(.counterOpened(methods: [], selected: nil))
            send(.preparerChanged(.failed(.store(StoreError(error)))))
            return
        }
        self.payment = payment
        self.preparer = preparer
        preparer.onChange = { [weak self, weak preparer] in
            guard let self, let preparer else { return }
            if preparer.status == .idle, !preparer.availableMethods.isEmpty, self.announcedMethods == false {
                self.announcedMethods = true
                // The store's picker lists this counter as the wallets (WeChat Pay, Alipay); a
                // card is paid at the store's own card form, since here nobody could type it.
                let offered = preparer.availableMethods.filter(\.isWallet)
                if let selected = preparer.selectedMethod, !offered.contains(selected), let first = offered.first { preparer.select(first) }
                send(.counterOpened(methods: offered, selected: preparer.selectedMethod))
            }
            send(.preparerChanged(preparer.status))
        }
        // The counter learns the outcome from the preparer's status; the completion only ends the run.
        let ended: (PaymentResultState?, Error?) -> Void = { [weak self] _, _ in
            self?.pendingApproval = nil
            send(.runEnded)
        }
        if let orderPayment { orderPayment.start(completion: ended) } else { payment.start(completion: ended) }
    }

    private var announcedMethods = false
    private var orderPayment: WalletOrderPayment?

    func closeRefused() { send?(.preparerChanged(.dismissed(nil))) }

    func presentWalletApproval(paymentCode: String, method: PaymentMethodType, amount: Money,
                               completion: @escaping (WalletApproval) -> Void) {
        pendingApproval = completion
        send?(.walletPrompt(paymentCode: paymentCode, methodName: method.displayName))
    }

    func answer(_ approval: WalletApproval) {
        guard let pending = pendingApproval else { return }
        pendingApproval = nil
        pending(approval)
    }
}
