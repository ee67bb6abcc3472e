import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// The payment ledger under failing writes and crashes: the intent is on disk before the card is
/// asked, an answer that cannot be written is "not known" (never "not paid"), and the settler
/// finishes every stuck state with one rule each. A crash is simulated by dropping every object
/// of a counter and opening the same database again, on the same clock. Every case runs on both
/// engines: a failing commit is injected on each (`FailingCommits`).
@Suite struct SettlerTests {
    /// A counter on a database (a file, or a schema on the server) that can die and start again.
    final class Counter {
        let location: DatabaseLocation
        let clock: ManualClock
        let ids = SequentialIDGenerator()
        private(set) var world: CommerceTestWorld

        init(_ backend: StorageBackend) throws {
            location = try backend.freshStore().database
            clock = ManualClock()
            world = CommerceTestWorld(database: location, clock: clock, ids: ids)
        }

        /// On a file, for the suites not yet run on both engines (a file in a fresh temporary
        /// folder cannot fail to be named).
        convenience init() {
            try! self.init(.sqlite)
        }

        /// kill -9: nothing in memory survives (timers, waiting completions, tokens); the database does.
        func crashAndRestart() {
            world = CommerceTestWorld(database: location, clock: clock, ids: ids)
        }

        /// Another counter on the same database, alive beside this one.
        func neighbour() -> CommerceTestWorld {
            CommerceTestWorld(database: location, clock: clock, ids: ids)
        }

        func count(_ sql: String) -> Int {
            (try? world.core.store.read { tx in try tx.fetchValue(Int.self, sql) }) ?? -1
        }
    }

    private func cartOrder(_ world: CommerceTestWorld, session: String = "s", _ product: String = "honey-acacia", _ quantity: Int = 1) throws -> Order {
        try world.carts.add(productId: product, quantity: quantity, for: session)
        return try world.orders.placeOrder(for: session)
    }

    // MARK: - Rule 1 and 2: an answer that could not be written

    @Test(arguments: StorageBackend.allCases)
    func aStorageErrorAfterTheIntentIsUnknownNeverNotPaidAndIsSettledOnce(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let world = counter.world
        let order = try cartOrder(world)
        let failing = FailingCommits.install(on: world.core)
        var answer: Result<Order, OrderError>?
        world.orders.pay(orderId: order.id, with: world.token()) { answer = $0 }
        failing.failNext = 1 // the acquirer's answer cannot be written
        world.advance(.seconds(1))
        #expect(failing.failed == 1)
        #expect(answer?.failure == .outcomeUnknown(number: order.number))
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 1, "the jar stays with the order")

        // Paying again while unknown never asks the card a second time.
        let again = world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }
        #expect(again?.failure == .paymentInProgress(number: order.number))
        #expect(counter.count("SELECT COUNT(*) FROM charges") == 1)

        world.advance(.seconds(11))
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .paid)
        #expect(world.capturedCharges().count == 1)
        #expect(world.stock("honey-acacia") == 11)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
    }

    @Test(arguments: StorageBackend.allCases)
    func aPaidAnswerThatCannotMarkTheOrderPaidIsUnknownAndTheSettlerMarksItPaid(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let world = counter.world
        let order = try cartOrder(world)
        let failing = FailingCommits.install(on: world.core)
        var answer: Result<Order, OrderError>?
        world.orders.pay(orderId: order.id, with: world.token()) { answer = $0 }
        // The charge's answer is written; marking the order paid (the next commit) fails.
        failing.passFirst = 1
        failing.failNext = 1
        world.advance(.seconds(1))
        #expect(failing.failed == 1)
        #expect(answer?.failure == .outcomeUnknown(number: order.number))
        #expect(world.capturedCharges().count == 1)
        #expect(try world.orders.order(id: order.id)?.state == .pendingPayment)
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .paid)
        #expect(world.capturedCharges().count == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclinedAttemptIsAnAttemptOfTheSameOrder(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try cartOrder(world, "honey-clover", 2)
        let declined = world.settle { world.orders.pay(orderId: order.id, with: world.token(CommerceTestWorld.decliningCard), completion: $0) }
        #expect(declined?.failure == .paymentDeclined(PaymentDecline(.genericDecline)))
        let waiting = try #require(try world.orders.order(id: order.id))
        #expect(waiting.state == .pendingPayment && waiting.failureReason == "card_declined")
        #expect(world.stock("honey-clover") == 20)
        // The same cart pays the same order, under a new attempt's key.
        let again = try world.orders.orderToPay(for: "s")
        #expect(again.id == order.id && again.number == order.number)
        let paid = world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }
        #expect(paid?.value?.state == .paid)
        #expect(world.capturedCharges().count == 1)
        #expect(world.eventTypes(order.id) == ["order.placed", "order.payment_started", "order.attempt_failed", "order.payment_started", "order.paid"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aChangedCartClosesTheOpenOrderAndPlacesANewOne(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try cartOrder(world, "honey-clover", 1)
        _ = world.settle { world.orders.pay(orderId: order.id, with: world.token(CommerceTestWorld.decliningCard), completion: $0) }
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "s")
        let next = try world.orders.orderToPay(for: "s")
        #expect(next.id != order.id)
        #expect(try world.orders.order(id: order.id)?.state == .failed)
        #expect(try world.orders.order(id: order.id)?.failureReason == "cart_changed")
    }

    @Test(arguments: StorageBackend.allCases)
    func aSoldOutRefusalEndsTheOrder(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let first = try cartOrder(world, session: "a", "honey-manuka", 3)
        try world.carts.add(productId: "honey-manuka", quantity: 3, for: "b")
        let second = try world.orders.placeOrder(for: "b")
        var answer: Result<Order, OrderError>?
        world.orders.pay(orderId: first.id, with: world.token()) { answer = $0 }
        let refused = world.settle { world.orders.pay(orderId: second.id, with: world.token(), completion: $0) }
        guard case .outOfStock? = refused?.failure else { Issue.record("expected outOfStock, got \(String(describing: refused))"); return }
        #expect(try world.orders.order(id: second.id)?.state == .failed)
        #expect(answer?.value?.state == .paid)
    }

    // MARK: - Rule 2: a challenge whose counter died

    /// A shopper's gateway: a 3-D Secure challenge waits for an answer that, here, never comes.
    final class PromptingGateway: ChargeGateway {
        let charges: ChargeService
        let unattended: ChargeGateway
        private(set) var challenged: [String] = []
        init(_ world: CommerceTestWorld) { charges = world.core.charges; unattended = world.commerce.cardGateway }
        func charge(_ request: CardPaymentRequest, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
            guard case .token(let token) = request.instrument else { return unattended.charge(request, completion: completion) }
            charges.create(ChargeRequest(amount: request.amount, source: .token(token), description: request.description,
                                         idempotencyKey: request.idempotencyKey)) { [self] result in
                if case .success(let charge) = result, charge.status == .requiresAction { challenged.append(charge.id) }
            }
        }
        func refund(chargeId: String, idempotencyKey: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
            unattended.refund(chargeId: chargeId, idempotencyKey: idempotencyKey, completion: completion)
        }
        func refund(chargeId: String, amount: Money, refundId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
            unattended.refund(chargeId: chargeId, amount: amount, refundId: refundId, completion: completion)
        }
        func lookUp(idempotencyKey: String) -> ChargeLookup? { unattended.lookUp(idempotencyKey: idempotencyKey) }
    }

    private func promptingOrders(_ world: CommerceTestWorld) -> (Orders, PromptingGateway) {
        let gateway = PromptingGateway(world)
        return (Orders(store: world.core.store, carts: world.carts, charges: gateway, ids: world.core.ids, scheduler: world.timers,
                       events: CoreEventRecorder(clock: world.clock), owner: world.commerce.instance.id), gateway)
    }

    @Test(arguments: StorageBackend.allCases)
    func aChallengeOpenOnALiveCounterIsNotTheSettlersButADeadOnesIsCancelled(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let (orders, gateway) = promptingOrders(counter.world)
        let order = try cartOrder(counter.world)
        orders.pay(orderId: order.id, with: counter.world.token(CommerceTestWorld.challengeCard)) { _ in }
        counter.world.advance(.seconds(1))
        #expect(gateway.challenged.count == 1)

        // Another counter on the same file settles: the prompt is still on this counter's screen.
        let neighbour = counter.neighbour()
        neighbour.advance(.minutes(10))
        neighbour.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'requires_action'") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 1)

        // The counter dies with the prompt open: at restart the challenge is cancelled, the jar freed.
        counter.crashAndRestart()
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'canceled'") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
        #expect(try counter.world.orders.order(id: order.id)?.state == .failed)
        #expect(try counter.world.orders.order(id: order.id)?.failureReason == "authentication_abandoned")
        #expect(counter.world.stock("honey-acacia") == 12)
    }

    @Test(arguments: StorageBackend.allCases)
    func aChargeWhoseInsertFailsIsKnownNotChargedAndReleasesTheJar(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let order = try cartOrder(counter.world)
        let failing = FailingCommits.install(on: counter.world.core)
        failing.passFirst = 1 // the intent commits
        failing.failNext = 1  // the charge's insert does not: the acquirer is never asked
        let answer = counter.world.settle { counter.world.orders.pay(orderId: order.id, with: counter.world.token(), completion: $0) }
        guard case .paymentDeclined? = answer?.failure else { Issue.record("expected a refusal, got \(String(describing: answer))"); return }
        #expect(counter.count("SELECT COUNT(*) FROM charges") == 0)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
        #expect(try counter.world.orders.order(id: order.id)?.state == .pendingPayment, "another attempt may follow")
    }

    @Test(arguments: StorageBackend.allCases)
    func aChallengeNotAnsweredInFifteenMinutesExpiresEvenOnALiveCounter(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let (orders, gateway) = promptingOrders(counter.world)
        let order = try cartOrder(counter.world)
        orders.pay(orderId: order.id, with: counter.world.token(CommerceTestWorld.challengeCard)) { _ in }
        counter.world.advance(.seconds(1))
        #expect(gateway.challenged.count == 1)
        counter.world.advance(.minutes(14))
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'requires_action'") == 1, "not expired yet")
        counter.world.advance(.minutes(2))
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'canceled'") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
        // The shopper is still there: the order waits for another attempt.
        #expect(try counter.world.orders.order(id: order.id)?.state == .pendingPayment)
    }

    /// The acquirer's answer could not be written; an hour later the settler learns the card
    /// wants 3-D Secure. Nobody will ever show that check (the express sheet has none, and the
    /// shopper left long ago), even on this live counter: it is cancelled in the same pass and
    /// the jar goes back.
    @Test(arguments: StorageBackend.allCases)
    func aChallengeLearntLongAfterTheChargeBeganIsCancelledAtOnce(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let world = counter.world
        let order = try cartOrder(world, "honey-clover", 1)
        let key = "express-sheet-1"
        try world.orders.startExternalPayment(orderId: order.id, kind: .express, paymentKey: key)
        guard case .token(let token) = world.token(CommerceTestWorld.challengeCard) else { Issue.record("no token"); return }
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "charges"
        failing.passFirst = 1
        failing.failNext = 1
        var answer: Result<Charge, ChargeError>?
        world.core.charges.create(ChargeRequest(amount: order.total, source: .token(token), description: order.paymentDescription,
                                                idempotencyKey: key)) { answer = $0 }
        world.advance(.seconds(1))
        #expect(answer?.failure == .outcomeUnknown(chargeID: "ch_000001"))
        world.advance(.hours(1))
        world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'canceled'") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
        #expect(try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: counter.world.core.store, now: counter.world.clock.now) == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func anIntentWhoseChargeWasNeverWrittenIsReleasedAfterACrash(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let order = try cartOrder(counter.world, "honey-clover", 1)
        // kill -9 between the intent's commit and the charge's: only the intent is on disk.
        try counter.world.core.store.write { tx in
            try tx.execute("INSERT INTO stock_reservations (order_id, product_id, quantity) VALUES (?, 'honey-clover', 1)", order.id)
            try tx.execute("UPDATE orders SET attempt = 1, payment_key = ?, owner = ? WHERE id = ?",
                           "order-\(order.id)-payment", counter.world.commerce.instance.id, order.id)
        }
        counter.crashAndRestart()
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
        #expect(try counter.world.orders.order(id: order.id)?.state == .failed)
    }

    // MARK: - Rule 4: bank and wallet orders

    /// A jar of clover paid at the wallet counter, its code on screen: the order's jar reserved,
    /// a WeChat Pay source made out to the order (not noted on it yet), awaiting the shopper.
    private func walletOrderShowingItsCode(_ world: CommerceTestWorld) throws -> (Order, Source) {
        let order = try cartOrder(world, "honey-clover", 1)
        try world.orders.startExternalPayment(orderId: order.id, kind: .wallet)
        let source = try world.sources.create(SourceParams(amount: order.total, description: order.paymentDescription, type: .wechatPay, flow: .qrCode))
        _ = try world.sources.startWalletAuthorization(sourceId: source.id)
        return (order, source)
    }

    /// The wallet took the money, but the order never noted its source (the write after the
    /// poll failed): the settler finds the source by the order's number, on a live counter and
    /// long before the 30 minutes after which an order that made no payment is released.
    @Test(arguments: StorageBackend.allCases)
    func aWalletSourceTheOrderNeverNotedIsFoundAndTheOrderPaidNotReleased(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let world = counter.world
        let (order, source) = try walletOrderShowingItsCode(world)
        try world.sources.confirmWallet(sourceId: source.id)
        world.advance(.seconds(5))
        #expect(try world.sources.sourceStatus(id: source.id) == .consumed)
        #expect(try world.orders.externalReference(orderId: order.id) == nil)

        world.commerce.settler.settleNow()
        let settled = try #require(try world.orders.order(id: order.id))
        #expect(settled.state == .paid)
        #expect(settled.chargeId == source.id)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
        #expect(try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: world.core.store, now: world.clock.now) == [])
    }

    /// A payment code the shopper never confirmed (the counter died with it on screen) expires
    /// after ten minutes: the order is then known not paid and its jar goes back, and the code
    /// can no longer be confirmed.
    @Test(arguments: StorageBackend.allCases)
    func aWalletCodeNobodyConfirmedExpiresAndItsOrderIsReleased(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let (order, source) = try walletOrderShowingItsCode(counter.world)
        counter.crashAndRestart()
        let world = counter.world
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .pendingPayment, "the code may still be confirmed")
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 1)

        world.advance(PaymentSources.walletCodeLifetime)
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .failed)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
        #expect(throws: SourceError.self) { try world.sources.confirmWallet(sourceId: source.id) }
        #expect(try LedgerAudit(unsettledAfter: .minutes(15)).violations(in: world.core.store, now: world.clock.now) == [])
    }

    /// The settler cannot read the source (its write fails): that says nothing about the
    /// payment, so the order waits for the next pass, which finds the wallet consumed.
    @Test(arguments: StorageBackend.allCases)
    func aSourceThatCannotBeReadIsNotAFailedPayment(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let (order, source) = try walletOrderShowingItsCode(counter.world)
        try counter.world.sources.confirmWallet(sourceId: source.id)
        try counter.world.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: source.id))
        // Restarted before the wallet's consumption was read: the next read records it.
        counter.crashAndRestart()
        let world = counter.world
        world.advance(.seconds(5))
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "sources"
        failing.failNext = 1
        world.commerce.settler.settleNow()
        #expect(failing.failed == 1)
        #expect(try world.orders.order(id: order.id)?.state == .pendingPayment)

        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .paid)
    }

    /// "Never asked" is a fact about the ledger: a ledger that cannot be read answers "not
    /// known", and the settler releases nothing on it.
    @Test(arguments: StorageBackend.allCases)
    func aLedgerThatCannotBeReadIsNotKnownNeverNeverAsked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(world.commerce.cardGateway.lookUp(idempotencyKey: "order-ord_x-payment") == nil)
        // A read that fails (here: the table is gone) as a corrupt or unreadable file fails it.
        try world.core.store.write { tx in try tx.execute("ALTER TABLE idempotency_keys RENAME TO away") }
        #expect(world.commerce.cardGateway.lookUp(idempotencyKey: "order-ord_x-payment") == .notKnown)
    }

    /// The same for a bank payment made out to the order's number and approved, never noted.
    @Test(arguments: StorageBackend.allCases)
    func aBankPaymentTheOrderNeverNotedIsFoundAndAskedAbout(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let world = counter.world
        let order = try cartOrder(world, "honey-manuka", 1)
        try world.orders.startExternalPayment(orderId: order.id, kind: .bank)
        let handle = try world.bank.createPayment(amount: order.total, reference: order.number)
        let flow = world.settle(after: .seconds(5)) {
            world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: "gb-albion-bank", completion: $0)
        }
        #expect(flow?.value == .authorized)
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .paid)
        #expect(counter.count("SELECT COUNT(*) FROM stock_reservations") == 0)
    }

    // MARK: - Rule 1 and 2 after a crash mid-charge

    @Test(arguments: StorageBackend.allCases)
    func aCrashWhileTheAcquirerDecidesSettlesTheOrderPaidOnce(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let order = try cartOrder(counter.world, "honey-manuka", 1)
        counter.world.orders.pay(orderId: order.id, with: counter.world.token()) { _ in }
        counter.crashAndRestart() // before the acquirer's answer
        counter.world.advance(.seconds(11))
        counter.world.commerce.settler.settleNow()
        #expect(try counter.world.orders.order(id: order.id)?.state == .paid)
        #expect(counter.world.capturedCharges().count == 1)
        #expect(counter.world.stock("honey-manuka") == 2)
    }

    // MARK: - Rule 3: auction holds

    @Test(arguments: StorageBackend.allCases)
    func aCrashAfterPlaceStartBidRecordsTheBidOrVoidsTheHoldNeverBothNeverNeither(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let saved = counter.world.savedCard()
        let instrument = PaymentInstrument.savedMethod(saved.methodId, customerId: saved.customerId)
        counter.world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId, instrument: instrument, termsAccepted: true) { _ in }
        #expect(counter.count("SELECT COUNT(*) FROM auction_bids WHERE state = 'placing'") == 1, "the bid is on disk before the card is asked")
        counter.crashAndRestart()
        counter.world.advance(.seconds(11))
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM auction_bids WHERE state = 'joined' AND hold_id IS NOT NULL") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'authorized'") == 1)
        // Joining again is refused: one hold, one bid.
        let again = counter.world.settle { counter.world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId, instrument: instrument,
                                                                         termsAccepted: true, completion: $0) }
        guard case .alreadyJoined? = again?.failure else { Issue.record("expected alreadyJoined, got \(String(describing: again))"); return }
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'authorized'") == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func aHoldAnsweredAfterTheAuctionClosedIsVoided(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let saved = counter.world.savedCard()
        let instrument = PaymentInstrument.savedMethod(saved.methodId, customerId: saved.customerId)
        let auction = try #require(try counter.world.auctions.auction(id: "auction-lx318"))
        counter.world.auctions.join(auctionId: auction.id, customerId: saved.customerId, instrument: instrument, termsAccepted: true) { _ in }
        counter.crashAndRestart()
        counter.world.advance(.seconds(auction.closesAt.timeIntervalSince(counter.clock.now) + 60))
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM auction_bids WHERE state = 'failed' AND failure = 'hold_voided'") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'authorized'") == 0)
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'canceled'") == 1)
    }

    @Test(arguments: StorageBackend.allCases)
    func aBidLeftAtItsChallengeByADeadCounterIsCancelledAndTheShopperMayJoinAgain(_ backend: StorageBackend) throws {
        let counter = try Counter(backend)
        let saved = counter.world.savedCard(CommerceTestWorld.challengeCard)
        let instrument = PaymentInstrument.savedMethod(saved.methodId, customerId: saved.customerId)
        let first = counter.world.settle { counter.world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId, instrument: instrument,
                                                                         termsAccepted: true, completion: $0) }
        guard case .requiresAction? = first?.value else { Issue.record("expected a challenge, got \(String(describing: first))"); return }
        counter.crashAndRestart()
        counter.world.commerce.settler.settleNow()
        #expect(counter.count("SELECT COUNT(*) FROM auction_bids WHERE state = 'failed' AND failure = 'authentication_abandoned'") == 1)
        #expect(counter.count("SELECT COUNT(*) FROM charges WHERE status = 'canceled'") == 1)
        let again = counter.world.settle { counter.world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId, instrument: instrument,
                                                                         termsAccepted: true, completion: $0) }
        guard case .requiresAction? = again?.value else { Issue.record("expected to join again, got \(String(describing: again))"); return }
    }

    @Test(arguments: StorageBackend.allCases)
    func theSettlerSaysWhetherAnythingIsOpen(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        #expect(!world.commerce.settler.hasUnsettled())
        let order = try cartOrder(world)
        world.orders.pay(orderId: order.id, with: world.token()) { _ in }
        #expect(world.commerce.settler.hasUnsettled())
        world.advance(.seconds(1))
        #expect(!world.commerce.settler.hasUnsettled())
    }
}
