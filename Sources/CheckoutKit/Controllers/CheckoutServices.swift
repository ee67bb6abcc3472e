import Clocks
import Foundation
import PaymentsCore

/// The composition root: every controller the screens use, built once from one `PaymentsServices`
/// (its database, clock, scheduler and ids), and sharing one `CounterSession` so that the store,
/// the account and the auctions agree on who is at the counter.
///
///     let core = try PaymentsServices(database: .inMemory, clock: clock, scheduler: timers)
///     let services = try CheckoutServices(core: core)
///     services.store.loadProducts { ... }
public final class CheckoutServices {
    public let core: PaymentsServices
    /// Issue 4's services (catalogue, orders, sources, bank, auctions) on the same database.
    public let commerce: Commerce
    public let session: CounterSession
    /// Seed 001: products, cart, checkout.
    public let store: CoreStoreController
    /// Seed 001's account side: sign up / log in, saved cards, orders, subscriptions.
    public let account: StoreAccount
    /// Typed or swiped cards -> one-time tokens (`PaymentCard` with `vaultToken`).
    public let cards: CardEntry
    /// Seed 002: the auctions and their upgrade contexts.
    public let auctionCatalog: AuctionCatalog
    /// Seed 004: the bank port and the seed's manager over it (configure it before use).
    public let bankGateway: CoreBankGateway
    /// Seed 000: sources over the core.
    public let sources: CoreSourceService
    /// The settler on the loop; the app starts it, and payments left unsettled wake it.
    public let settlerLoop: SettlerLoop

    public init(core: PaymentsServices, bankTimings: BankTimings = BankTimings()) throws {
        self.core = core
        commerce = try Commerce(core: core, bankTimings: bankTimings)
        session = CounterSession(ids: core.ids)
        store = CoreStoreController(core: core, commerce: commerce, session: session)
        account = StoreAccount(core: core, commerce: commerce, session: session)
        cards = CardEntry(vault: core.vault, clock: core.clock)
        auctionCatalog = AuctionCatalog(auctions: commerce.auctions, clock: { [clock = core.clock] in clock.now })
        bankGateway = CoreBankGateway(bank: commerce.bank, providers: commerce.bankProviders, scheduler: core.scheduler)
        sources = CoreSourceService(sources: commerce.sources, scheduler: core.scheduler)
        settlerLoop = SettlerLoop(commerce: commerce, scheduler: core.scheduler)
        store.onUnsettled = { [settlerLoop] in settlerLoop.wake() }
    }

    /// Opens the core too: the app's one call.
    public convenience init(database: DatabaseLocation, clock: Clock, scheduler: Scheduler, ids: IDGenerator = RandomIDGenerator(),
                            options: PaymentsServices.Options = PaymentsServices.Options(), bankTimings: BankTimings = BankTimings()) throws {
        try self.init(core: PaymentsServices(database: database, clock: clock, scheduler: scheduler, ids: ids, options: options),
                      bankTimings: bankTimings)
    }

    /// The data source and start-bid gateway for one auction's join flow.
    public func auctionController(for auctionId: String) -> CoreAuctionController {
        CoreAuctionController(auctionId: auctionId, core: core, auctions: commerce.auctions, session: session)
    }

    /// The join flow for one auction, wired to its controller: the screen supplies the delegate
    /// (onBack, onJoin, the 3-D Secure presenter) and the PIN field.
    public func auctionJoinFlow(auctionId: String, delegate: PaymentControllerDelegate, pinProvider: PINProvider,
                                reporter: ContractViolationReporter = LoggingViolationReporter())
        throws(UpgradeContextError) -> (flow: AuctionJoinFlow, controller: CoreAuctionController) {
        let context = try auctionCatalog.upgradeContext(auctionId: auctionId)
        let controller = auctionController(for: auctionId)
        controller.pinProvider = pinProvider
        return (AuctionJoinFlow(context: context, delegate: delegate, dataSource: controller, gateway: controller, reporter: reporter), controller)
    }

    /// The express sheet's delegate for the current cart (or the given goods).
    /// `paysStoreCart` (default: when no goods are given) makes the payment an order of the
    /// store's cart: placed and its jars reserved when the shopper authorises, paid with the charge.
    public func expressCheckout(paymentMethod: ExpressPaymentMethod, goods: [SummaryItem]? = nil, merchantName: String = "Honey Store",
                                rates: ShippingRates = ShippingRates(), surcharges: CardSurcharges = CardSurcharges(),
                                paysStoreCart: Bool? = nil) -> ExpressCheckoutController {
        let lines = goods ?? store.cart.lines.compactMap { line in
            line.total.map { SummaryItem(label: "\(line.product.name) x\(line.quantity)", amount: $0) }
        }
        // The store's own cart is paid as an order (stock reserved, lowered when paid, the cart
        // emptied then); other goods are charged as they are.
        let isCart = paysStoreCart ?? (goods == nil)
        return ExpressCheckoutController(merchantName: merchantName, goods: lines, paymentMethod: paymentMethod, rates: rates,
                                         surcharges: surcharges, charges: core.charges, ids: core.ids,
                                         orders: isCart ? commerce.orders : nil, sessionKey: isCart ? session.cartKey : nil,
                                         cartIsEmpty: { [store] in store.cart.isEmpty })
    }

    /// Seed 004's manager over the core; the screen is the bank page.
    public func bankPayments(presenter: BankRedirectPresenter, authorizationWindow: Duration = .minutes(10),
                             reporter: ContractViolationReporter = LoggingViolationReporter()) -> BankPaymentsManager {
        BankPaymentsManager(gateway: bankGateway, presenter: presenter, scheduler: core.scheduler,
                            authorizationWindow: authorizationWindow, reporter: reporter)
    }

    /// The store's cart at the wallet counter, as an order: placed and its jars reserved now
    /// (`outOfStock` before the counter opens), paid for its total under its number.
    public func walletOrderPayment(walletPresenter: WalletApprovalPresenter, pollInterval: Duration = .seconds(2),
                                   pollTimeout: Duration = .seconds(30),
                                   reporter: ContractViolationReporter = LoggingViolationReporter()) throws(OrderError) -> WalletOrderPayment {
        let order = try placeAndReserve(.wallet)
        let (payment, preparer) = walletPayment(amount: order.total, description: order.paymentDescription, walletPresenter: walletPresenter,
                                                pollInterval: pollInterval, pollTimeout: pollTimeout, reporter: reporter)
        return WalletOrderPayment(order: order, payment: payment, preparer: preparer, orders: commerce.orders, sources: commerce.sources,
                                  onPending: { [weak self] in self?.keepSettling() })
    }

    /// The store's cart paid by bank, as an order: placed and its jars reserved (`outOfStock`
    /// before the bank is asked for anything), the bank payment created for the order's total
    /// with its number as the reference. Process the context as usual, then hand the result to
    /// `settleBankOrder`.
    ///
    /// A bank payment counts as PAID once the bank reports it `authorized` (or `executed`,
    /// `settled`): the shopper has approved it at the bank and the payment is irrevocable from the
    /// store's side (the screens treat it as paid too). `wait` and `redirect` keep the order
    /// pending and the jars reserved until the payment's status says authorised or failed.
    public func bankOrderPayment(redirectURL: URL, preferences: BankPaymentPreferences = BankPaymentPreferences()) throws -> (order: Order, context: BankPaymentContext) {
        let order = try placeAndReserve(.bank)
        do {
            let context = try bankGateway.createPayment(amount: order.total, reference: order.number, redirectURL: redirectURL, preferences: preferences)
            try commerce.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: context.identifier, token: context.token))
            return (order, context)
        } catch {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: "bank_payment_not_created")
            throw error
        }
    }

    /// Settles the order with what the bank flow answered: authorised, executed or settled is
    /// paid; `wait`/`redirect` leave it pending (settled later by `settlePendingOrders`); an
    /// error asks the payment's status (the money may have moved despite a lost answer).
    @discardableResult
    public func settleBankOrder(_ orderId: String, context: BankPaymentContext, result: Result<SinglePayment.State, SinglePayment.Error>) -> Order? {
        let orders = commerce.orders
        switch result {
        case .success(.authorized), .success(.executed), .success(.settled):
            return (try? orders.markPaid(orderId: orderId, reference: context.identifier)) ?? nil
        case .success(.wait), .success(.redirect):
            keepSettling()
            return try? orders.order(id: orderId)
        case .failure(let error):
            guard let reference = (try? commerce.orders.externalReference(orderId: orderId)) ?? nil else {
                return try? orders.markFailed(orderId: orderId, reason: error.code)
            }
            switch Settler.bankStatus(reference, in: commerce.bank) {
            case .paid(let paid): return (try? orders.markPaid(orderId: orderId, reference: paid)) ?? nil
            case .failed(let reason): return try? orders.markFailed(orderId: orderId, reason: reason)
            case .pending:
                // The flow is over here: only a payment the bank is still authorising waits.
                if case .authorizing? = try? commerce.bank.paymentStatus(identifier: reference.identifier, token: reference.token ?? "") {
                    keepSettling()
                    return try? orders.order(id: orderId)
                }
                return try? orders.markFailed(orderId: orderId, reason: error.code)
            }
        }
    }

    /// The session's cart as an order whose jars are reserved for `kind`; a refused order
    /// (the last jar is another cart's) is failed at once and the cart kept.
    func placeAndReserve(_ kind: ExternalPaymentKind) throws(OrderError) -> Order {
        let order = try commerce.orders.placeOrder(for: session.cartKey)
        do throws(OrderError) {
            return try commerce.orders.startExternalPayment(orderId: order.id, kind: kind)
        } catch {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: "out_of_stock")
            throw error
        }
    }

    /// Called when an order is left waiting on a bank payment, wallet source or unknown card
    /// answer: the settler loop passes again within a few seconds.
    func keepSettling() {
        settlerLoop.wake()
    }

    /// One settler pass (bank and wallet orders among the rest); returns the orders it settled.
    @discardableResult
    public func settlePendingOrders() -> [Order] {
        commerce.settler.settleNow().orders.compactMap { try? commerce.orders.order(id: $0) }
    }

    /// A wallet/card counter payment: the preparer the screen drives, and the `Payment` to start.
    public func walletPayment(amount: Money, description: String, walletPresenter: WalletApprovalPresenter,
                              pollInterval: Duration = .seconds(2), pollTimeout: Duration = .seconds(30),
                              reporter: ContractViolationReporter = LoggingViolationReporter()) -> (payment: Payment, preparer: CheckoutCounterPreparer) {
        sources.walletPresenter = walletPresenter
        let preparer = CheckoutCounterPreparer()
        let payment = Payment(params: SourceParams(amount: amount, description: description), preparer: preparer, service: sources,
                              scheduler: core.scheduler, pollInterval: pollInterval, pollTimeout: pollTimeout, reporter: reporter)
        return (payment, preparer)
    }

    /// Runs the settler and the core's due work (renewals, auction closing); the app calls it on its loop.
    public func runDueWork(completion: @escaping () -> Void = {}) {
        commerce.settler.settle { _ in completion() }
    }
}
