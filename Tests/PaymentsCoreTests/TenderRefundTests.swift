import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// Orders paid by bank or wallet are refunded through the tender that paid, whole or in part, by
/// jars or by amount, exactly as card orders are: one intent, the tender's own refund under the
/// intent's id, the answer committed with its ledger entry; once per key; finished by the settler
/// when the answer cannot be written. The books balance and the audit is clean after each.
@Suite struct TenderRefundTests {
    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    /// A bank refund is executed after the bank's answer time (2 s): the answer waits for it.
    private func refund(_ world: CommerceTestWorld, _ order: Order, _ request: RefundRequest, key: String) -> Result<OrderRefund, RefundError>? {
        world.settle(after: .seconds(3)) { world.orders.refund(orderId: order.id, request, idempotencyKey: key, completion: $0) }
    }

    private func refundIds(_ world: CommerceTestWorld, _ order: Order) throws -> [String] {
        try world.core.store.read { tx in
            try tx.fetchValues(String.self, "SELECT charge_refund_id FROM order_refunds WHERE order_id = ? AND state = 'refunded' ORDER BY created_at", order.id)
        }
    }

    // MARK: - Bank

    @Test(arguments: StorageBackend.allCases)
    func aBankOrderIsRefundedWholeToTheBankAccountAndBooked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByBank(try world.placeTwoLines("s"))
        #expect(world.stock("honey-acacia") == 10)
        let answer = try #require(refund(world, order, .everythingLeft, key: "whole")?.value)
        #expect(answer.state == .refunded && answer.amount == euros(1890))
        #expect(try world.orders.order(id: order.id)?.state == .refunded)
        #expect(world.stock("honey-acacia") == 12 && world.stock("honey-clover") == 20, "every jar back")
        #expect(try world.count("SELECT COUNT(*) FROM bank_refunds WHERE status = 'executed' AND amount_minor = 1890") == 1)
        #expect(try world.bank.refundable(paymentId: #require(order.chargeId)) == euros(0))
        #expect(try world.bookedBalance(order.id) == 0)
        let refundEntry = try #require(try world.ledgerEntries(order.id).last)
        #expect(refundEntry.movement == .refund && refundEntry.tender == .bank && refundEntry.amount == euros(-1890))
        #expect(refundEntry.answersTo == LedgerAnswer(kind: .bankRefund, id: try refundIds(world, order)[0]))
        #expect(try world.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankOrderIsRefundedInPartByJarsAndByAmount(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByBank(try world.placeTwoLines("s"))
        #expect(refund(world, order, .lines([ReturnedLine(position: 0, quantity: 1)]), key: "jar")?.value?.amount == euros(650))
        #expect(refund(world, order, .amount(euros(100)), key: "goodwill")?.value?.amount == euros(100))
        #expect(refund(world, order, .amount(euros(1141)), key: "too much")?.error == .exceedsRefundable(available: euros(1140)))
        #expect(try world.orders.order(id: order.id)?.state == .paid, "part of it is still the shop's")
        #expect(world.stock("honey-acacia") == 11 && world.stock("honey-clover") == 19)
        #expect(try world.bank.refundable(paymentId: #require(order.chargeId)) == euros(1140))
        #expect(try world.bookedBalance(order.id) == 1140)
        #expect(try world.ledgerEntries(order.id).map(\.amount) == [euros(1890), euros(-650), euros(-100)])
        #expect(try world.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func theSameKeyRefundsABankOrderOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByBank(try world.placeTwoLines("s"))
        var answers: [Result<OrderRefund, RefundError>] = []
        let request = RefundRequest.lines([ReturnedLine(position: 0, quantity: 2)])
        world.orders.refund(orderId: order.id, request, idempotencyKey: "press") { answers.append($0) }
        world.orders.refund(orderId: order.id, request, idempotencyKey: "press") { answers.append($0) }
        world.advance(.seconds(3))
        #expect(answers.count == 2)
        #expect(Set(answers.compactMap { try? $0.get().id }).count == 1)
        #expect(refund(world, order, request, key: "press")?.value?.id == answers.first?.value?.id)
        #expect(try world.count("SELECT COUNT(*) FROM bank_refunds") == 1)
        #expect(world.stock("honey-acacia") == 12)
        #expect(try world.bookedBalance(order.id) == 590)
        #expect(try world.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankRefundWhoseAnswerCannotBeWrittenIsFinishedByTheSettlerOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByBank(try world.placeTwoLines("s"))
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "order_refunds"
        failing.passFirst = 1 // the intent
        failing.failNext = 1  // the order's side of the bank's answer
        guard case .outcomeUnknown? = refund(world, order, .everythingLeft, key: "k")?.error else {
            Issue.record("money back with the order unmarked is not known"); return
        }
        #expect(try world.count("SELECT COUNT(*) FROM bank_refunds WHERE status = 'executed'") == 1, "the bank gave the money back")
        #expect(world.stock("honey-acacia") == 10, "nothing on the shelf until the answer is committed")
        #expect(world.commerce.settler.hasUnsettled(), "a refund asked keeps the settler looking")
        world.commerce.settler.settleNow()
        world.commerce.settler.settleNow()
        #expect(try world.orders.order(id: order.id)?.state == .refunded)
        #expect(world.stock("honey-acacia") == 12 && world.stock("honey-clover") == 20, "every jar back once")
        #expect(try world.count("SELECT COUNT(*) FROM bank_refunds") == 1)
        #expect(try world.count("SELECT COUNT(*) FROM ledger_entries WHERE movement = 'refund'") == 1)
        #expect(try world.bookedBalance(order.id) == 0)
        #expect(refund(world, order, .everythingLeft, key: "k")?.value?.state == .refunded, "the same key answers the same refund")
        #expect(try world.audit() == [])
    }

    /// Killed after the bank had the refund and before it answered: at the next start the
    /// settler finds the refund on its way and waits; once the bank has executed it, it is
    /// committed, once.
    @Test(arguments: StorageBackend.allCases)
    func aBankRefundOnItsWayWhenTheCounterDiesIsFinishedOnceTheBankExecutesIt(_ backend: StorageBackend) throws {
        let counter = try SettlerTests.Counter(backend)
        let order = try counter.world.payByBank(try counter.world.placeTwoLines("s"))
        counter.world.orders.refund(orderId: order.id, .lines([ReturnedLine(position: 1, quantity: 1)]), idempotencyKey: "k") { _ in }
        counter.crashAndRestart()
        let world = counter.world
        _ = try world.commerce.reconcileAfterRestart()
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.requested], "the bank has not executed it yet")
        world.advance(.seconds(3))
        world.commerce.settler.settleNow()
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.refunded])
        #expect(world.stock("honey-clover") == 20)
        #expect(try world.count("SELECT COUNT(*) FROM bank_refunds") == 1)
        #expect(try world.bookedBalance(order.id) == 1300)
        #expect(try world.audit() == [])
    }

    /// The bank could not write the refund: it never had it, nothing moved, and the refund says
    /// so; asked again, under a new key, the money goes back.
    @Test(arguments: StorageBackend.allCases)
    func aRefundTheBankCannotRecordMovesNoMoneyAndSaysSo(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByBank(try world.placeTwoLines("s"))
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "bank_refunds"
        failing.failNext = 1
        guard case .declined? = refund(world, order, .everythingLeft, key: "k")?.error else {
            Issue.record("a refund the bank did not take is declined"); return
        }
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.failed])
        #expect(try world.bookedBalance(order.id) == 1890)
        #expect(refund(world, order, .everythingLeft, key: "k2")?.value?.state == .refunded)
        #expect(try world.audit() == [])
    }

    /// The intent is on disk and the bank never had the refund (the counter died between the
    /// two): the settler asks the bank under the intent's id, and commits the answer once.
    @Test(arguments: StorageBackend.allCases)
    func aBankRefundTheBankNeverHadIsAskedByTheSettler(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByBank(try world.placeTwoLines("s"))
        try world.core.store.write { tx in
            try tx.execute("""
                INSERT INTO order_refunds (id, order_id, idempotency_key, amount_minor, currency, state, charge_refund_id, created_at, updated_at)
                VALUES ('orf_left', ?, 'left', 500, 'EUR', 'requested', 're_left', ?, ?)
                """, order.id, world.clock.now.milliseconds, world.clock.now.milliseconds)
        }
        world.commerce.settler.settleNow()
        #expect(try world.count("SELECT COUNT(*) FROM bank_refunds WHERE id = 're_left'") == 1, "asked under the intent's id")
        world.advance(.seconds(3))
        world.commerce.settler.settleNow()
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.refunded])
        #expect(try world.count("SELECT COUNT(*) FROM bank_refunds") == 1)
        #expect(try world.bookedBalance(order.id) == 1390)
        #expect(try world.audit() == [])
    }

    // MARK: - Wallet

    @Test(arguments: StorageBackend.allCases)
    func aWalletOrderIsRefundedInPartThenWholeThroughTheWalletAndBooked(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByWallet(try world.placeTwoLines("s"))
        #expect(refund(world, order, .lines([ReturnedLine(position: 1, quantity: 1)]), key: "jar")?.value?.amount == euros(590))
        #expect(try world.bookedBalance(order.id) == 1300)
        #expect(refund(world, order, .amount(euros(300)), key: "goodwill")?.value?.amount == euros(300))
        let rest = try #require(refund(world, order, .everythingLeft, key: "rest")?.value)
        #expect(rest.amount == euros(1000) && rest.returned == [ReturnedLine(position: 0, quantity: 2)])
        #expect(try world.orders.order(id: order.id)?.state == .refunded)
        #expect(world.stock("honey-acacia") == 12 && world.stock("honey-clover") == 20)
        #expect(try world.count("SELECT COALESCE(SUM(amount_minor), 0) FROM source_refunds") == 1890)
        let entries = try world.ledgerEntries(order.id)
        #expect(entries.map(\.tender) == [.wallet, .wallet, .wallet, .wallet])
        #expect(entries.filter { $0.movement == .refund }.map(\.answersTo.kind) == [.walletRefund, .walletRefund, .walletRefund])
        #expect(try world.bookedBalance(order.id) == 0)
        #expect(try world.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aCardSourceGoesBackThroughItsCharge(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByWallet(try world.placeTwoLines("s"), card: CommerceTestWorld.approvingCard)
        #expect(refund(world, order, .amount(euros(890)), key: "part")?.value?.state == .refunded)
        let source = try world.sources.source(id: #require(order.chargeId))
        #expect(try world.core.charges.charge(#require(source.chargeId)).amountRefunded == euros(890))
        #expect(try world.count("SELECT COUNT(*) FROM source_refunds") == 0, "a card source's refund is its charge's")
        // Booked at the moment it was paid: the books order entries of one instant by id, not by kind.
        let refunds = try world.ledgerEntries(order.id).filter { $0.movement == .refund }
        #expect(refunds.map(\.answersTo.kind) == [.walletRefund] && refunds.map(\.amount) == [euros(-890)])
        #expect(try world.bookedBalance(order.id) == 1000)
        #expect(try world.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aWalletRefundWhoseAnswerCannotBeWrittenIsFinishedByTheSettlerOnce(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payByWallet(try world.placeTwoLines("s"))
        let failing = FailingCommits.install(on: world.core)
        failing.onlyTable = "order_refunds"
        failing.passFirst = 1
        failing.failNext = 1
        guard case .outcomeUnknown? = refund(world, order, .lines([ReturnedLine(position: 0, quantity: 1)]), key: "k")?.error else {
            Issue.record("money back with the order unmarked is not known"); return
        }
        world.commerce.settler.settleNow()
        world.commerce.settler.settleNow()
        #expect(try world.orders.refunds(orderId: order.id).map(\.state) == [.refunded])
        #expect(world.stock("honey-acacia") == 11)
        #expect(try world.count("SELECT COUNT(*) FROM source_refunds") == 1)
        #expect(try world.bookedBalance(order.id) == 1240)
        #expect(try world.audit() == [])
    }

    // MARK: - Express: shipping and surcharge

    @Test(arguments: StorageBackend.allCases)
    func anExpressRefundOfEverythingGivesBackShippingAndSurcharge(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payExpress("s")
        #expect(order.total == euros(1107))
        let whole = try #require(refund(world, order, .everythingLeft, key: "whole")?.value)
        #expect(whole.amount == euros(1107), "what was charged, shipping and surcharge included")
        #expect(whole.returned == [ReturnedLine(position: 0, quantity: 1)], "only goods come back as jars")
        #expect(try world.core.charges.charge(#require(order.chargeId)).amountRefunded == euros(1107))
        #expect(try world.orders.order(id: order.id)?.state == .refunded)
        #expect(try world.bookedBalance(order.id) == 0)
        #expect(try world.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func returnedJarsGiveBackTheGoodsPriceAndShippingGoesBackWithTheRest(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let order = try world.payExpress("s")
        #expect(refund(world, order, .lines([ReturnedLine(position: 1, quantity: 1)]), key: "shipping")?.error == .notReturnable(position: 1))
        #expect(refund(world, order, .lines([ReturnedLine(position: 0, quantity: 1)]), key: "jar")?.value?.amount == euros(590))
        #expect(try world.orders.order(id: order.id)?.state == .paid, "shipping and surcharge are still the shop's")
        let rest = try #require(refund(world, order, .everythingLeft, key: "rest")?.value)
        #expect(rest.amount == euros(517) && rest.returned == [])
        #expect(try world.orders.order(id: order.id)?.state == .refunded)
        #expect(world.stock("honey-clover") == 20)
        #expect(try world.bookedBalance(order.id) == 0)
        #expect(try world.audit() == [])
    }
}
