@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// Every store payment is an order: the express sheet, a wallet source and a bank payment place
/// an order from the cart, reserve its jars like a card payment, and settle it through `Orders`.
@Suite struct ExpressOrderTests {
    let world = CoreWorld()
    let reporter = RecordingViolationReporter()
    var store: CoreStoreController { world.services.store }
    var orders: Orders { world.services.commerce.orders }

    func openOnCart() -> (ExpressSheetSession, ExpressCheckoutController) {
        let controller = world.services.expressCheckout(paymentMethod: ExpressCheckoutControllerTests.visa)
        let sheet = ExpressSheetSession(request: controller.makeRequest(billingContact: ExpressCheckoutControllerTests.berlin),
                                        delegate: controller, reporter: reporter)
        sheet.selectShippingContact(ExpressCheckoutControllerTests.berlin)
        return (sheet, controller)
    }

    func storeOrders() throws -> [Order] { try orders.orders(for: world.services.session.cartKey) }

    @Test func anExpressPaymentLeavesAPaidOrderWithItsLinesAndLowersStockOnce() throws {
        try store.add(productID: "honey-acacia", quantity: 2)
        let (sheet, controller) = openOnCart()
        sheet.authorize(token: world.newCard().vaultToken!)
        world.advance()
        #expect(sheet.phase == .finished(authorized: true))
        let order = try #require(controller.order)
        #expect(order.state == .paid)
        #expect(order.number == "HS-000001")
        #expect(order.lines.map(\.productId) == ["honey-acacia"])
        #expect(order.lines.map(\.quantity) == [2])
        #expect(order.chargeId == controller.charge?.id)
        #expect(controller.charge?.description == "Honey Store order HS-000001")
        #expect(world.stock(of: "honey-acacia") == 10)
        #expect(store.cart.isEmpty)
        // Settling again (a replayed answer) changes nothing.
        _ = try orders.markPaid(orderId: order.id, reference: "again")
        #expect(world.stock(of: "honey-acacia") == 10)
        #expect(try storeOrders().map(\.state) == [.paid])
    }

    @Test func aDeclinedOrCancelledExpressPaymentKeepsTheCartAndTheStock() throws {
        try store.add(productID: "honey-clover", quantity: 1)
        let (sheet, controller) = openOnCart()
        sheet.authorize(token: world.newCard("4000000000000002").vaultToken!)
        world.advance()
        #expect(sheet.lastStatus == .failure)
        #expect(controller.order?.state == .failed)
        sheet.cancel()
        #expect(world.stock(of: "honey-clover") == 20)
        #expect(store.cart.lines.map(\.quantity) == [1])
        #expect(try !storeOrders().contains { $0.state == .paid })
        // The reservation went with the failure: the whole shelf is still for sale.
        try world.services.commerce.carts.add(productId: "honey-clover", quantity: 20, for: "other-counter")
        let other = try orders.placeOrder(for: "other-counter")
        #expect(throws: Never.self) { try orders.startExternalPayment(orderId: other.id, kind: .express) }
    }

    @Test func theLastJarCannotBeSoldTwiceAcrossACardCartAndTheExpressSheet() throws {
        // Another counter's card payment holds all three Manuka jars (its charge is in flight).
        try world.services.commerce.carts.add(productId: "honey-manuka", quantity: 3, for: "other-counter")
        let other = try orders.placeOrder(for: "other-counter")
        orders.pay(orderId: other.id, with: .token(world.newCard(CoreWorld.neverAnswers).vaultToken!)) { _ in }
        try store.add(productID: "honey-manuka", quantity: 1)
        let (sheet, controller) = openOnCart()
        sheet.authorize(token: world.newCard().vaultToken!)
        world.advance()
        #expect(sheet.lastStatus == .failure)
        #expect(controller.charge == nil, "refused before any money moved")
        #expect({ if case .store(.outOfStock)? = controller.failure { true } else { false } }())
        #expect(controller.order?.state == .failed)
        #expect(world.stock(of: "honey-manuka") == 3)
        #expect(store.cart.lines.map(\.quantity) == [1])
    }
}

@Suite struct WalletOrderTests {
    let world = CoreWorld()
    let wallet = WalletScreen()
    let reporter = RecordingViolationReporter()
    var store: CoreStoreController { world.services.store }
    var orders: Orders { world.services.commerce.orders }

    func start() throws -> (WalletOrderPayment, () -> PaymentResultState??) {
        let paying = try world.services.walletOrderPayment(walletPresenter: wallet, reporter: reporter)
        var outcome: PaymentResultState??
        paying.start { state, _ in outcome = .some(state) }
        return (paying, { outcome })
    }

    func pay(_ paying: WalletOrderPayment, _ id: String, metadata: [String: String] = [:]) {
        paying.preparer.select(paying.preparer.availableMethods.first { $0.identifier == id }!)
        paying.preparer.pay(metadata: metadata)
    }

    @Test func aConfirmedWalletPaymentPaysTheOrder() throws {
        try store.add(productID: "honey-acacia", quantity: 2)
        let (paying, outcome) = try start()
        #expect(paying.payment.rawParams.amount == Money(minorUnits: 1_300, currency: .eur))
        #expect(paying.payment.rawParams.description == "Honey Store order HS-000001")
        wallet.answers = [.confirmed]
        pay(paying, "alipay")
        world.advance(.seconds(10))
        #expect(outcome() == .some(.success))
        #expect(paying.order.state == .paid)
        #expect(paying.order.lines.map(\.quantity) == [2])
        #expect(paying.order.chargeId == paying.payment.currentSource?.id)
        #expect(world.stock(of: "honey-acacia") == 10)
        #expect(store.cart.isEmpty)
        world.services.settlePendingOrders()
        #expect(world.stock(of: "honey-acacia") == 10, "settled once")
    }

    @Test func aDeclinedThenDismissedWalletKeepsTheCartAndTheStock() throws {
        try store.add(productID: "honey-clover", quantity: 1)
        let (paying, outcome) = try start()
        wallet.answers = [.declined]
        pay(paying, "alipay")
        world.advance()
        paying.preparer.dismiss()
        world.advance()
        #expect(outcome() == .some(nil))
        #expect(paying.order.state == .failed)
        #expect(world.stock(of: "honey-clover") == 20)
        #expect(store.cart.lines.map(\.quantity) == [1])
        #expect(try !orders.orders(for: world.services.session.cartKey).contains { $0.state == .paid })
    }

    @Test func aPossibleSuccessKeepsTheJarsAndSettlesLaterExactlyOnce() throws {
        try store.add(productID: "honey-manuka", quantity: 3)
        let (paying, outcome) = try start()
        wallet.answers = [.confirmed]
        pay(paying, "wechatPay", metadata: SourceParams.slowWalletMetadata)
        world.advance(.seconds(31))
        #expect(outcome() == .some(.possibleSuccess))
        #expect(paying.order.state == .pendingPayment)
        #expect(world.stock(of: "honey-manuka") == 3)
        // The jars stay reserved: a card cart elsewhere cannot have them meanwhile.
        try world.services.commerce.carts.add(productId: "honey-manuka", quantity: 1, for: "other-counter")
        let other = try orders.placeOrder(for: "other-counter")
        #expect(throws: OrderError.outOfStock(productId: "honey-manuka", name: "Manuka honey")) {
            try orders.startExternalPayment(orderId: other.id, kind: .express)
        }
        #expect(world.services.settlePendingOrders().isEmpty, "not consumed yet")
        // The loop asks the source every 30 s while the order waits: consumed, the order is paid.
        world.advance(.seconds(120))
        #expect(try orders.order(id: paying.order.id)?.state == .paid)
        #expect(world.services.settlePendingOrders().isEmpty)
        world.advance(.seconds(120))
        #expect(world.stock(of: "honey-manuka") == 0)
        #expect(store.cart.isEmpty)
    }

    @Test func theLastJarHeldByACardPaymentRefusesTheWalletCounter() throws {
        try world.services.commerce.carts.add(productId: "honey-manuka", quantity: 3, for: "other-counter")
        let other = try orders.placeOrder(for: "other-counter")
        orders.pay(orderId: other.id, with: .token(world.newCard(CoreWorld.neverAnswers).vaultToken!)) { _ in }
        try store.add(productID: "honey-manuka", quantity: 1)
        #expect(throws: OrderError.self) { try world.services.walletOrderPayment(walletPresenter: wallet) }
        #expect(world.stock(of: "honey-manuka") == 3)
        #expect(store.cart.lines.map(\.quantity) == [1])
    }
}

@Suite struct BankOrderTests {
    let world = CoreWorld()
    let page = BankPage()
    let reporter = RecordingViolationReporter()
    let redirect = URL(string: "checkout://bank-return")!
    var store: CoreStoreController { world.services.store }
    var orders: Orders { world.services.commerce.orders }

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

    @Test func anAuthorisedBankPaymentPaysTheOrderUnderItsNumber() throws {
        try store.add(productID: "honey-acacia", quantity: 2)
        let (order, result) = try pay(at: "Albion Bank")
        #expect(result == .success(.authorized))
        #expect(page.pages.first?.summary.amount == Money(minorUnits: 1_300, currency: .eur))
        #expect(order.state == .paid)
        #expect(order.number == "HS-000001")
        #expect(order.lines.map(\.quantity) == [2])
        #expect(world.stock(of: "honey-acacia") == 10)
        #expect(store.cart.isEmpty)
        world.advance(.seconds(60))
        world.services.settlePendingOrders()
        #expect(world.stock(of: "honey-acacia") == 10, "lowered once")
    }

    @Test func aCancelledOrRejectedBankPaymentKeepsTheCartAndTheStock() throws {
        try store.add(productID: "honey-clover", quantity: 1)
        let (cancelled, _) = try pay(at: nil)
        #expect(cancelled.state == .failed)
        let (rejected, _) = try pay(at: "Crown Savings")
        #expect(rejected.state == .failed)
        #expect(world.stock(of: "honey-clover") == 20)
        #expect(store.cart.lines.map(\.quantity) == [1])
        #expect(try !orders.orders(for: world.services.session.cartKey).contains { $0.state == .paid })
    }

    @Test func aDecoupledWaitHoldsTheJarsAndSettlesLaterExactlyOnce() throws {
        try store.add(productID: "honey-manuka", quantity: 3)
        let (order, result) = try pay(at: "Thames Mutual")
        #expect(result == .success(.wait))
        #expect(order.state == .pendingPayment)
        #expect(world.stock(of: "honey-manuka") == 3)
        // The last jars are held: an express cart elsewhere is refused before any money moves.
        try world.services.commerce.carts.add(productId: "honey-manuka", quantity: 1, for: "other-counter")
        let other = try orders.placeOrder(for: "other-counter")
        #expect(throws: OrderError.outOfStock(productId: "honey-manuka", name: "Manuka honey")) {
            try orders.startExternalPayment(orderId: other.id, kind: .express)
        }
        #expect(world.services.settlePendingOrders().isEmpty)
        // The loop asks the bank every 30 s while the order waits: authorised, the order is paid.
        world.advance(.seconds(330))
        #expect(try orders.order(id: order.id)?.state == .paid)
        #expect(world.services.settlePendingOrders().isEmpty)
        world.advance(.seconds(120))
        #expect(world.stock(of: "honey-manuka") == 0)
        #expect(store.cart.isEmpty)
        // The card-side reconcile leaves bank orders alone.
        #expect(try orders.reconcilePayments().isEmpty)
    }
}
