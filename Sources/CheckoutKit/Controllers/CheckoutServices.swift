import Clocks
import Foundation
import PaymentsCore

/// The composition root: every controller the screens use, built once from one `PaymentsServices`
/// (its database, clock, scheduler and ids), and sharing one `CounterSession` so that the store,
/// the account and the auctions agree on who is at the counter. The app gets it from
/// `CounterCore`, which opens the database.
///
///     let services = try CounterCore(database: ":memory:").services(clock: clock, scheduler: timers)
///     services.store.loadProducts { ... }
///
/// The core's own services stay behind it: `core` and `commerce` are for tests and tools that
/// look under the controllers (`@_spi(Core) import CheckoutKit`); the screens never do
/// (`LayeringTests`).
public final class CheckoutServices {
    @_spi(Core) public let core: PaymentsServices
    /// Issue 4's services (catalogue, orders, sources, bank, auctions) on the same database.
    @_spi(Core) public let commerce: Commerce
    /// The shop's settings this counter runs under (`--shop FILE`).
    public var shop: ShopSettings { commerce.shop }
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
    /// The store's cart as an order paid outside the card checkout (wallet, bank), and settling it.
    public let orderPayments: OrderPayments
    /// The other counters of a fleet, and the shared server's reach (nothing on a file).
    public let fleet: FleetWatch
    /// The back office's catalogue: products, prices, stock (issue 36).
    public let catalogue: CatalogueController
    /// Carts parked under a name and resumed at any counter of the shop (issue 36).
    public let parking: ParkingController

    /// The loop's clock, as the core reads it.
    public var clock: Clock { core.clock }
    /// The loop's timers, as the core schedules on them.
    public var scheduler: Scheduler { core.scheduler }

    /// - Parameters:
    ///   - counterName: this counter's name (`--counter`), on the orders it takes payments for;
    ///     nil: its host's name.
    ///   - keepsGuestCart: a guest's cart is kept under the counter's name across restarts (a
    ///     staffed counter); false, a new guest cart each run (a kiosk, a database in memory).
    ///   - shop: the shop's settings (`--shop FILE`): its VAT rates for the orders placed here.
    @_spi(Core) public init(core: PaymentsServices, bankTimings: BankTimings = BankTimings(), counterName: String? = nil,
                            keepsGuestCart: Bool = true, shop: ShopSettings = .defaults) throws {
        self.core = core
        commerce = try Commerce(core: core, bankTimings: bankTimings, counterName: counterName, shop: shop)
        session = CounterSession(ids: core.ids, counterName: keepsGuestCart ? counterName : nil)
        store = CoreStoreController(core: core, commerce: commerce, session: session)
        // The till rounds cash as the shop's settings say (`cash.rounding`).
        store.cashRounding = CashRounding(increment: shop.cashRoundingMinorUnits)
        account = StoreAccount(core: core, commerce: commerce, session: session)
        cards = CardEntry(vault: core.vault, clock: core.clock)
        auctionCatalog = AuctionCatalog(core: core, auctions: commerce.auctions, session: session)
        bankGateway = CoreBankGateway(bank: commerce.bank, providers: commerce.bankProviders, scheduler: core.scheduler)
        sources = CoreSourceService(sources: commerce.sources, scheduler: core.scheduler)
        settlerLoop = SettlerLoop(commerce: commerce, scheduler: core.scheduler)
        store.onUnsettled = { [settlerLoop] in settlerLoop.wake() }
        orderPayments = OrderPayments(commerce: commerce, session: session, bankGateway: bankGateway, settlerLoop: settlerLoop)
        fleet = FleetWatch(core: core)
        catalogue = CatalogueController(core: core, commerce: commerce)
        parking = ParkingController(core: core, commerce: commerce, session: session)
        // The catalogue's changes and the parked sales are signed by who serves at this counter.
        catalogue.signer = { [session] in session.placedBy }
        parking.signer = { [session] in session.placedBy }
    }

    /// Opens the core too: the app's one call.
    public convenience init(database: DatabaseLocation, clock: Clock, scheduler: Scheduler, ids: IDGenerator = RandomIDGenerator(),
                            options: PaymentsServices.Options = PaymentsServices.Options(), bankTimings: BankTimings = BankTimings(),
                            counterName: String? = nil, shop: ShopSettings = .defaults) throws {
        try self.init(core: PaymentsServices(database: database, clock: clock, scheduler: scheduler, ids: ids, options: options),
                      bankTimings: bankTimings, counterName: counterName, shop: shop)
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
        let cart = store.cart
        // The cart's discounts are a line of their own, so the sheet charges the order's total.
        let discount = cart.discountTotal.minorUnits > 0
            ? [SummaryItem(label: "Discount", amount: Money(minorUnits: -cart.discountTotal.minorUnits, currency: cart.currency))] : []
        let lines = goods ?? cart.lines.compactMap { line in
            line.total.map { SummaryItem(label: "\(line.product.name) x\(line.quantity)", amount: $0) }
        } + discount
        // The store's own cart is paid as an order (stock reserved, lowered when paid, the cart
        // emptied then); other goods are charged as they are.
        let isCart = paysStoreCart ?? (goods == nil)
        return ExpressCheckoutController(merchantName: merchantName, goods: lines, paymentMethod: paymentMethod, rates: rates,
                                         surcharges: surcharges, charges: core.charges, ids: core.ids,
                                         orders: isCart ? commerce.orders : nil, sessionKey: isCart ? session.cartKey : nil,
                                         signedBy: session.placedBy, cartIsEmpty: { [store] in store.cart.isEmpty })
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
        let order = try orderPayments.placeAndReserve(.wallet)
        let (payment, preparer) = walletPayment(amount: order.total, description: order.paymentDescription, walletPresenter: walletPresenter,
                                                pollInterval: pollInterval, pollTimeout: pollTimeout, reporter: reporter)
        return WalletOrderPayment(order: order, payment: payment, preparer: preparer, orders: commerce.orders, sources: commerce.sources,
                                  onPending: { [settlerLoop] in settlerLoop.wake() })
    }

    /// The store's cart paid by bank, as an order (see `OrderPayments.bankOrderPayment`).
    public func bankOrderPayment(redirectURL: URL, preferences: BankPaymentPreferences = BankPaymentPreferences()) throws -> (order: Order, context: BankPaymentContext) {
        try orderPayments.bankOrderPayment(redirectURL: redirectURL, preferences: preferences)
    }

    /// The store's cart paid by a mandate just set up, as an order (see `OrderPayments.mandateOrderPayment`).
    public func mandateOrderPayment(mandate: BankPaymentContext) throws -> Order {
        try orderPayments.mandateOrderPayment(mandate: mandate)
    }

    /// Settles a bank order with what the bank flow answered (see `OrderPayments.settleBankOrder`).
    @discardableResult
    public func settleBankOrder(_ orderId: String, context: BankPaymentContext, result: Result<SinglePayment.State, SinglePayment.Error>) -> Order? {
        orderPayments.settleBankOrder(orderId, context: context, result: result)
    }

    /// One settler pass (bank and wallet orders among the rest); returns the orders it settled.
    @discardableResult
    public func settlePendingOrders() -> [Order] {
        orderPayments.settlePendingOrders()
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

    /// Settles what the counter left open when it last stopped (Ctrl+C mid-charge, a power cut,
    /// a challenge never answered), so its jars are sold once or released; the orders it settled.
    @discardableResult
    public func reconcileAfterRestart() throws -> [Order] {
        try commerce.reconcileAfterRestart()
    }

    /// Runs the settler and the core's due work (renewals, auction closing); the app calls it on its loop.
    public func runDueWork(completion: @escaping () -> Void = {}) {
        commerce.settler.settle { _ in completion() }
    }
}
