@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// Every store payment is an order: the express sheet, a wallet source and a bank payment place
/// an order from the cart, reserve its jars like a card payment, and settle it through `Orders`.
@Suite struct ExpressOrderTests {
    /// One test's counter: its world on the engine, and the reporter of the sheet's contract.
    struct Counter {
        let world: CoreWorld
        let reporter = RecordingViolationReporter()
        var store: CoreStoreController { world.services.store }
        var orders: Orders { world.services.commerce.orders }

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        /// The express sheet opened on the store's cart, shipping to Berlin.
        func openOnCart() -> (ExpressSheetSession, ExpressCheckoutController) {
            let controller = world.services.expressCheckout(paymentMethod: ExpressCheckoutControllerTests.visa)
            let sheet = ExpressSheetSession(request: controller.makeRequest(billingContact: ExpressCheckoutControllerTests.berlin),
                                            delegate: controller, reporter: reporter)
            sheet.selectShippingContact(ExpressCheckoutControllerTests.berlin)
            return (sheet, controller)
        }

        func storeOrders() throws -> [Order] { try orders.orders(for: world.services.session.cartKey) }
    }

    @Test(arguments: ControllerEngine.allCases)
    func anExpressPaymentLeavesAPaidOrderWithItsLinesAndLowersStockOnce(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-acacia", quantity: 2)
        let (sheet, controller) = counter.openOnCart()
        sheet.authorize(token: counter.world.newCard().vaultToken!)
        counter.world.advance()
        #expect(sheet.phase == .finished(authorized: true))
        let order = try #require(controller.order)
        #expect(order.state == .paid)
        #expect(order.number == "HS-000001")
        #expect(order.goods.map(\.productId) == ["honey-acacia"])
        #expect(order.goods.map(\.quantity) == [2])
        // What the sheet charged beside the jars is on the order: its total is the charge.
        #expect(order.lines.map(\.kind) == [.goods, .shipping])
        #expect(order.total == controller.charge?.amount)
        #expect(order.chargeId == controller.charge?.id)
        #expect(controller.charge?.description == "Honey Store order HS-000001")
        #expect(counter.world.stock(of: "honey-acacia") == 10)
        #expect(counter.store.cart.isEmpty)
        // Settling again (a replayed answer) changes nothing.
        _ = try counter.orders.markPaid(orderId: order.id, reference: "again")
        #expect(counter.world.stock(of: "honey-acacia") == 10)
        #expect(try counter.storeOrders().map(\.state) == [.paid])
    }

    /// At a staffed counter the express order names who served, as a card or cash order does;
    /// and so does a subscription's first period taken there (its renewals are nobody's).
    @Test(arguments: ControllerEngine.allCases)
    func anExpressOrderAndAFirstPeriodNameWhoServed(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let world = counter.world
        world.services.session.serving = StaffPerson(id: StaffID(rawValue: "staff_carl"), name: "Carl")
        func servedBy(_ orderId: String) throws -> String? {
            try world.services.core.store.read { tx in try tx.fetchValue(String.self, "SELECT staff_name FROM orders WHERE id = ?", orderId) }
        }
        try counter.store.add(productID: "honey-acacia", quantity: 1)
        let (sheet, controller) = counter.openOnCart()
        sheet.authorize(token: world.newCard().vaultToken!)
        world.advance()
        let order = try #require(controller.order)
        #expect(order.state == .paid)
        #expect(try servedBy(order.id) == "Carl")

        _ = world.signUp()
        let account = world.services.account
        let card = try account.saveCard(world.newCard()).card
        let plan = try #require(try account.plans().first)
        _ = try #require(try world.settle { account.subscribe(planId: plan.id, cardID: card.id, completion: $0) }?.get())
        let firstPeriod = try #require(try world.services.core.store.read { tx in
            try tx.fetchValue(String.self, "SELECT id FROM orders WHERE payment_kind = 'subscription'")
        })
        #expect(try servedBy(firstPeriod) == "Carl")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDeclinedOrCancelledExpressPaymentKeepsTheCartAndTheStock(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-clover", quantity: 1)
        let (sheet, controller) = counter.openOnCart()
        sheet.authorize(token: counter.world.newCard("4000000000000002").vaultToken!)
        counter.world.advance()
        #expect(sheet.lastStatus == .failure)
        #expect(controller.order?.state == .failed)
        sheet.cancel()
        #expect(counter.world.stock(of: "honey-clover") == 20)
        #expect(counter.store.cart.lines.map(\.quantity) == [1])
        #expect(try !counter.storeOrders().contains { $0.state == .paid })
        // The reservation went with the failure: the whole shelf is still for sale.
        try counter.world.services.commerce.carts.add(productId: "honey-clover", quantity: 20, for: "other-counter")
        let other = try counter.orders.placeOrder(for: "other-counter")
        #expect(throws: Never.self) { try counter.orders.startExternalPayment(orderId: other.id, kind: .express) }
    }

    @Test(arguments: ControllerEngine.allCases)
    func theLastJarCannotBeSoldTwiceAcrossACardCartAndTheExpressSheet(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        // Another counter's card payment holds all three Manuka jars (its charge is in flight).
        try counter.world.services.commerce.carts.add(productId: "honey-manuka", quantity: 3, for: "other-counter")
        let other = try counter.orders.placeOrder(for: "other-counter")
        counter.orders.pay(orderId: other.id, with: .token(counter.world.newCard(CoreWorld.neverAnswers).vaultToken!)) { _ in }
        try counter.store.add(productID: "honey-manuka", quantity: 1)
        let (sheet, controller) = counter.openOnCart()
        sheet.authorize(token: counter.world.newCard().vaultToken!)
        counter.world.advance()
        #expect(sheet.lastStatus == .failure)
        #expect(controller.charge == nil, "refused before any money moved")
        #expect({ if case .store(.outOfStock)? = controller.failure { true } else { false } }())
        #expect(controller.order?.state == .failed)
        #expect(counter.world.stock(of: "honey-manuka") == 3)
        #expect(counter.store.cart.lines.map(\.quantity) == [1])
    }
}

@Suite struct WalletOrderTests {
    /// One test's counter: its world on the engine, the wallet's confirmation step, and the
    /// reporter of the preparer's contract.
    struct Counter {
        let world: CoreWorld
        let wallet = WalletScreen()
        let reporter = RecordingViolationReporter()
        var store: CoreStoreController { world.services.store }
        var orders: Orders { world.services.commerce.orders }

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        /// The store's cart placed as an order, its wallet payment started.
        func start() throws -> (WalletOrderPayment, () -> PaymentResultState??) {
            let paying = try world.services.walletOrderPayment(walletPresenter: wallet, reporter: reporter)
            var outcome: PaymentResultState??
            paying.start { state, _ in outcome = .some(state) }
            return (paying, { outcome })
        }
    }

    private func pay(_ paying: WalletOrderPayment, _ id: String, metadata: [String: String] = [:]) {
        paying.preparer.select(paying.preparer.availableMethods.first { $0.identifier == id }!)
        paying.preparer.pay(metadata: metadata)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aConfirmedWalletPaymentPaysTheOrder(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-acacia", quantity: 2)
        let (paying, outcome) = try counter.start()
        #expect(paying.payment.rawParams.amount == Money(minorUnits: 1_300, currency: .eur))
        #expect(paying.payment.rawParams.description == "Honey Store order HS-000001")
        counter.wallet.answers = [.confirmed]
        pay(paying, "alipay")
        counter.world.advance(.seconds(10))
        #expect(outcome() == .some(.success))
        #expect(paying.order.state == .paid)
        #expect(paying.order.lines.map(\.quantity) == [2])
        #expect(paying.order.chargeId == paying.payment.currentSource?.id)
        #expect(counter.world.stock(of: "honey-acacia") == 10)
        #expect(counter.store.cart.isEmpty)
        counter.world.services.settlePendingOrders()
        #expect(counter.world.stock(of: "honey-acacia") == 10, "settled once")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDeclinedThenDismissedWalletKeepsTheCartAndTheStock(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-clover", quantity: 1)
        let (paying, outcome) = try counter.start()
        counter.wallet.answers = [.declined]
        pay(paying, "alipay")
        counter.world.advance()
        paying.preparer.dismiss()
        counter.world.advance()
        #expect(outcome() == .some(nil))
        #expect(paying.order.state == .failed)
        #expect(counter.world.stock(of: "honey-clover") == 20)
        #expect(counter.store.cart.lines.map(\.quantity) == [1])
        #expect(try !counter.orders.orders(for: counter.world.services.session.cartKey).contains { $0.state == .paid })
    }

    @Test(arguments: ControllerEngine.allCases)
    func aPossibleSuccessKeepsTheJarsAndSettlesLaterExactlyOnce(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-manuka", quantity: 3)
        let (paying, outcome) = try counter.start()
        counter.wallet.answers = [.confirmed]
        pay(paying, "wechatPay", metadata: SourceParams.slowWalletMetadata)
        counter.world.advance(.seconds(31))
        #expect(outcome() == .some(.possibleSuccess))
        #expect(paying.order.state == .pendingPayment)
        #expect(counter.world.stock(of: "honey-manuka") == 3)
        // The jars stay reserved: a card cart elsewhere cannot have them meanwhile.
        try counter.world.services.commerce.carts.add(productId: "honey-manuka", quantity: 1, for: "other-counter")
        let other = try counter.orders.placeOrder(for: "other-counter")
        #expect(throws: OrderError.outOfStock(productId: "honey-manuka", name: "Manuka honey")) {
            try counter.orders.startExternalPayment(orderId: other.id, kind: .express)
        }
        #expect(counter.world.services.settlePendingOrders().isEmpty, "not consumed yet")
        // The loop asks the source every 30 s while the order waits: consumed, the order is paid.
        counter.world.advance(.seconds(120))
        #expect(try counter.orders.order(id: paying.order.id)?.state == .paid)
        #expect(counter.world.services.settlePendingOrders().isEmpty)
        counter.world.advance(.seconds(120))
        #expect(counter.world.stock(of: "honey-manuka") == 0)
        #expect(counter.store.cart.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func theLastJarHeldByACardPaymentRefusesTheWalletCounter(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.world.services.commerce.carts.add(productId: "honey-manuka", quantity: 3, for: "other-counter")
        let other = try counter.orders.placeOrder(for: "other-counter")
        counter.orders.pay(orderId: other.id, with: .token(counter.world.newCard(CoreWorld.neverAnswers).vaultToken!)) { _ in }
        try counter.store.add(productID: "honey-manuka", quantity: 1)
        #expect(throws: OrderError.self) { try counter.world.services.walletOrderPayment(walletPresenter: counter.wallet) }
        #expect(counter.world.stock(of: "honey-manuka") == 3)
        #expect(counter.store.cart.lines.map(\.quantity) == [1])
    }
}

@Suite struct BankOrderTests {
    /// One test's counter: its world on the engine, the bank page the shopper answers, and the
    /// reporter of the manager's contract.
    struct Counter {
        let world: CoreWorld
        let page = BankPage()
        let reporter = RecordingViolationReporter()
        let redirect = URL(string: "checkout://bank-return")!
        var store: CoreStoreController { world.services.store }
        var orders: Orders { world.services.commerce.orders }

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        func manager() -> BankPaymentsManager {
            let manager = world.services.bankPayments(presenter: page, reporter: reporter)
            manager.configure(environment: .sandbox, localeCountryCode: "GB")
            return manager
        }

        /// Places the order, runs the bank flow at `bank`, settles the order with the answer.
        func pay(at bank: String?, wait: Duration = .seconds(3)) throws -> (Order, Result<SinglePayment.State, SinglePayment.Error>?) {
            let (order, context) = try world.services.bankOrderPayment(redirectURL: redirect, preferences: BankPaymentPreferences(preferredCountryCode: "GB"))
            page.choose = bank.map(BankPage.approve(at:)) ?? { _ in .canceled }
            let manager = manager()
            let result = world.settle(after: wait) { manager.processSinglePayment(context: context, completion: $0) }
            if let result { world.services.settleBankOrder(order.id, context: context, result: result) }
            return (try #require(try orders.order(id: order.id)), result)
        }
    }

    @Test(arguments: ControllerEngine.allCases)
    func anAuthorisedBankPaymentPaysTheOrderUnderItsNumber(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-acacia", quantity: 2)
        let (order, result) = try counter.pay(at: "Albion Bank")
        #expect(result == .success(.authorized))
        #expect(counter.page.pages.first?.summary.amount == Money(minorUnits: 1_300, currency: .eur))
        #expect(order.state == .paid)
        #expect(order.number == "HS-000001")
        #expect(order.lines.map(\.quantity) == [2])
        #expect(counter.world.stock(of: "honey-acacia") == 10)
        #expect(counter.store.cart.isEmpty)
        counter.world.advance(.seconds(60))
        counter.world.services.settlePendingOrders()
        #expect(counter.world.stock(of: "honey-acacia") == 10, "lowered once")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aCancelledOrRejectedBankPaymentKeepsTheCartAndTheStock(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-clover", quantity: 1)
        // Each refusal releases its attempt: the jar goes back, the order waits for another bank.
        let (cancelled, _) = try counter.pay(at: nil)
        #expect(cancelled.state == .pendingPayment)
        let (rejected, _) = try counter.pay(at: "Crown Savings")
        #expect(rejected.state == .pendingPayment && rejected.id == cancelled.id, "another attempt of the same order")
        #expect(counter.world.stock(of: "honey-clover") == 20)
        #expect(counter.store.cart.lines.map(\.quantity) == [1])
        #expect(try !counter.orders.orders(for: counter.world.services.session.cartKey).contains { $0.state == .paid })
        // Another bank approves: that same order is paid, once, and booked.
        let (approved, result) = try counter.pay(at: "Albion Bank")
        #expect(result == .success(.authorized))
        #expect(approved.id == cancelled.id && approved.state == .paid && approved.number == "HS-000001")
        #expect(counter.world.stock(of: "honey-clover") == 19)
        #expect(counter.store.cart.isEmpty)
        #expect(try counter.orders.orders(for: counter.world.services.session.cartKey).map(\.state) == [.paid])
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDecoupledWaitHoldsTheJarsAndSettlesLaterExactlyOnce(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        try counter.store.add(productID: "honey-manuka", quantity: 3)
        let (order, result) = try counter.pay(at: "Thames Mutual")
        #expect(result == .success(.wait))
        #expect(order.state == .pendingPayment)
        #expect(counter.world.stock(of: "honey-manuka") == 3)
        // The last jars are held: an express cart elsewhere is refused before any money moves.
        try counter.world.services.commerce.carts.add(productId: "honey-manuka", quantity: 1, for: "other-counter")
        let other = try counter.orders.placeOrder(for: "other-counter")
        #expect(throws: OrderError.outOfStock(productId: "honey-manuka", name: "Manuka honey")) {
            try counter.orders.startExternalPayment(orderId: other.id, kind: .express)
        }
        #expect(counter.world.services.settlePendingOrders().isEmpty)
        // The loop asks the bank every 30 s while the order waits: authorised, the order is paid.
        counter.world.advance(.seconds(330))
        #expect(try counter.orders.order(id: order.id)?.state == .paid)
        #expect(counter.world.services.settlePendingOrders().isEmpty)
        counter.world.advance(.seconds(120))
        #expect(counter.world.stock(of: "honey-manuka") == 0)
        #expect(counter.store.cart.isEmpty)
        // The card-side reconcile leaves bank orders alone.
        #expect(try counter.orders.reconcilePayments().isEmpty)
    }
}
