import Clocks
import Foundation
import GRDB
import Testing
@_spi(Testing) @testable import PaymentsCore

/// `LedgerAudit` on a ledger made by the real services finds nothing; each invariant broken by
/// one direct SQL write is named, and nothing else is: the same damage, on either engine.
@Suite struct LedgerAuditTests {
    /// A store that has seen a bit of everything: a paid order, a declined one, one placed and
    /// not paid, a refunded one, a bank order, an auction hold and a subscription.
    final class Ledger {
        let world: CommerceTestWorld
        var paid: Order!
        var declined: Order!
        var placed: Order!
        var bankOrder: Order!
        var bid: AuctionBid!
        var winner: AuctionBid!

        init(_ backend: StorageBackend) throws {
            world = try CommerceTestWorld(backend)
            paid = pay("paid", "honey-acacia", CommerceTestWorld.approvingCard)
            declined = pay("declined", "honey-clover", CommerceTestWorld.decliningCard)
            let refunded = pay("refunded", "honey-clover", CommerceTestWorld.approvingCard)
            #expect(world.settle { world.orders.refund(orderId: refunded.id, completion: $0) }?.value?.state == .refunded)
            placed = try! place("placed", "honey-wildflower")
            bankOrder = payByBank("bank", "honey-manuka")
            let saved = world.savedCard()
            let joined = world.settle {
                world.auctions.join(auctionId: "auction-lx318", customerId: saved.customerId,
                                    instrument: .savedMethod(saved.methodId, customerId: saved.customerId), termsAccepted: true, completion: $0)
            }
            guard case .joined(let bid)? = joined?.value else { fatalError("the auction join did not hold: \(String(describing: joined))") }
            self.bid = bid
            // LX 318 stays open past the month below, so its bid is an open hold; LX 1612 closes
            // within it, and its bid wins: captured, its order paid.
            // Sixty days in milliseconds, as a parameter: the server would multiply its 32-bit
            // literals in 32 bits and overflow.
            try write("UPDATE auctions SET closes_at = closes_at + ? WHERE id = 'auction-lx318'", [Int64(86_400_000) * 60])
            let won = world.settle {
                world.auctions.join(auctionId: "auction-lx1612", customerId: saved.customerId,
                                    instrument: .savedMethod(saved.methodId, customerId: saved.customerId), termsAccepted: true, completion: $0)
            }
            guard case .joined(let winner)? = won?.value else { fatalError("the second join did not hold: \(String(describing: won))") }
            self.winner = winner
            let plan = try! world.subscriptions.plans()[0]
            #expect(world.settle { world.subscriptions.subscribe(customerId: saved.customerId, planId: plan.id,
                                                                 payer: .savedCard(paymentMethodId: saved.methodId), completion: $0) }?.value != nil)
            // A month later: the first renewal is paid (and LX 1612 has closed, its bid won).
            world.advance(.days(32))
            world.commerce.runDueWork()
            world.advance(.seconds(2))
        }

        private func place(_ session: String, _ product: String) throws -> Order {
            _ = try world.carts.add(productId: product, for: session)
            return try world.orders.placeOrder(for: session)
        }

        private func pay(_ session: String, _ product: String, _ card: String) -> Order {
            let order = try! place(session, product)
            let answer = world.settle { world.orders.pay(orderId: order.id, with: world.token(card), completion: $0) }
            #expect(answer != nil, "the payment answered")
            return try! world.orders.order(id: order.id)!
        }

        private func payByBank(_ session: String, _ product: String) -> Order {
            let order = try! place(session, product)
            try! world.orders.startExternalPayment(orderId: order.id, kind: .bank)
            let handle = try! world.bank.createPayment(amount: order.total, reference: order.number)
            try! world.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: handle.identifier, token: handle.resourceToken))
            let flow = world.settle(after: .seconds(5)) {
                world.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: "gb-albion-bank", completion: $0)
            }
            #expect(flow?.value == .authorized)
            return try! world.orders.markPaid(orderId: order.id, reference: handle.identifier)!
        }

        func audit(_ audit: LedgerAudit = LedgerAudit(), at now: Date? = nil) throws -> [LedgerViolation] {
            try audit.violations(in: world.core.store, now: now ?? world.clock.now)
        }

        /// Raw SQL past the services, the same damage on either engine.
        func write(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws {
            try world.core.store.write { tx in try tx.execute(sql, arguments) }
        }

        func read<Value: DatabaseValueConvertible>(_ type: Value.Type, _ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> Value? {
            try world.core.store.read { tx in
                guard let row = try tx.rows(sql, arguments).first, !row.values[0].isNull else { return nil }
                return try row.value(type, at: 0)
            }
        }

        func charge(ofOrder order: Order) throws -> String {
            try #require(try world.orders.order(id: order.id)?.chargeId)
        }

        /// A copy of an existing charge row under a new id, with some columns changed.
        func copyCharge(_ id: String, as newId: String, set assignments: String = "") throws {
            try world.core.store.write { tx in
                let row = try #require(try tx.rows("SELECT * FROM charges WHERE id = ?", id).first)
                let values = zip(row.columns, row.values).map { column, value in column == "id" ? newId.databaseValue : value }
                let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
                try tx.execute("INSERT INTO charges (\(row.columns.joined(separator: ", "))) VALUES (\(placeholders))", values)
                if !assignments.isEmpty { try tx.execute("UPDATE charges SET \(assignments) WHERE id = ?", newId) }
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aLedgerMadeByTheServicesIsSound(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        #expect(try ledger.audit(LedgerAudit(unsettledAfter: .minutes(15)), at: ledger.world.clock.now.addingTimeInterval(86_400)) == [])
        #expect(ledger.paid.state == .paid)
        #expect(ledger.bankOrder.state == .paid)
    }

    @Test(arguments: StorageBackend.allCases)
    func aSecondChargeForAPaidOrderIsAnOrderPaidTwice(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let first = try ledger.charge(ofOrder: ledger.paid)
        try ledger.copyCharge(first, as: "ch_double")
        #expect(try ledger.audit() == [.orderPaidMoreThanOnce(orderId: ledger.paid.id, orderNumber: ledger.paid.number,
                                                              payments: [first, "ch_double"].sorted())])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankPaymentBesideTheCardChargeIsAnOrderPaidTwice(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("""
            INSERT INTO bank_resources (id, kind, token, amount_minor, currency, reference, status, created_at, expires_at, updated_at)
            VALUES ('bpay_double', 'payment', 'rt', 650, 'EUR', ?, 'settled', 0, 0, 0)
            """, [ledger.paid.number])
        #expect(try ledger.audit() == [.orderPaidMoreThanOnce(orderId: ledger.paid.id, orderNumber: ledger.paid.number,
                                                              payments: [try ledger.charge(ofOrder: ledger.paid), "bpay_double"].sorted())])
    }

    @Test(arguments: StorageBackend.allCases)
    func aPaidOrderWhoseChargeWasRefundedIsAnUnfinishedRefundNamedOnceLate(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let charge = try ledger.charge(ofOrder: ledger.paid)
        // What the charge service writes when it gives the money back, the order not told yet.
        try ledger.write("UPDATE charges SET amount_refunded = amount_captured WHERE id = ?", [charge])
        try ledger.write("INSERT INTO refunds (id, charge_id, amount, reason, created_ms) SELECT 're_late', id, amount_captured, 'requested', 0 FROM charges WHERE id = ?",
                         [charge])
        // The money went back and the order was not marked yet: the settler's to finish.
        #expect(try ledger.audit() == [])
        let late = try LedgerAudit(unsettledAfter: .minutes(15), scansForCardNumbers: false)
            .violations(in: ledger.world.core.store, now: ledger.world.clock.now.addingTimeInterval(3_600))
        #expect(late.contains { if case .unsettled(.order(let id, _), _) = $0 { id == ledger.paid.id } else { false } })
        // The settler finishes it: refunded, jars back; nothing left to name.
        try ledger.world.commerce.orders.finishRefunds()
        #expect(try ledger.world.orders.order(id: ledger.paid.id)?.state == .refunded)
        #expect(try ledger.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aPaidOrderWithNoMoneyAtAllIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("UPDATE charges SET status = 'failed', failure_reason = 'card_declined' WHERE id = ?", [try ledger.charge(ofOrder: ledger.paid)])
        #expect(try ledger.audit() == [.paidOrderWithoutPayment(orderId: ledger.paid.id, orderNumber: ledger.paid.number)])
    }

    @Test(arguments: StorageBackend.allCases)
    func aCapturedChargeOfAnOrderThatIsNotPaidIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let charge = try ledger.charge(ofOrder: ledger.paid)
        try ledger.write("UPDATE orders SET state = 'failed' WHERE id = ?", [ledger.paid.id])
        #expect(try ledger.audit() == [.capturedChargeOfUnpaidOrder(chargeId: charge, amount: ledger.paid.total, orderId: ledger.paid.id,
                                                                    orderNumber: ledger.paid.number, orderState: "failed"),
                                       .bookedBalanceDiffers(orderId: ledger.paid.id, orderNumber: ledger.paid.number, booked: ledger.paid.total,
                                                             owed: .zero(ledger.paid.total.currency))])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankPaymentOrWalletSourceThatTookMoneyForAFailedOrderIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let order = ledger.declined!
        try ledger.write("""
            INSERT INTO bank_resources (id, kind, token, amount_minor, currency, reference, status, created_at, expires_at, updated_at)
            VALUES ('bpay_late', 'payment', 'rt', ?, 'EUR', ?, 'authorized', 0, 0, 0)
            """, [order.total.minorUnits, order.number])
        try ledger.write("""
            INSERT INTO sources (id, amount_minor, currency, description, type, flow, metadata, status, created_at, updated_at)
            VALUES ('src_late', ?, 'EUR', ?, 'wechat', 'code_verification', '{}', 'consumed', 1, 1)
            """, [order.total.minorUnits, order.paymentDescription])
        #expect(try ledger.audit() == [.orderPaidMoreThanOnce(orderId: order.id, orderNumber: order.number, payments: ["bpay_late", "src_late"]),
                                       .externalPaymentOfUnpaidOrder(paymentId: "bpay_late", amount: order.total, orderId: order.id,
                                                                     orderNumber: order.number, orderState: "pendingPayment"),
                                       .externalPaymentOfUnpaidOrder(paymentId: "src_late", amount: order.total, orderId: order.id,
                                                                     orderNumber: order.number, orderState: "pendingPayment")])
        try ledger.write("DELETE FROM bank_resources WHERE id = 'bpay_late'")
        #expect(try ledger.audit() == [.externalPaymentOfUnpaidOrder(paymentId: "src_late", amount: order.total, orderId: order.id,
                                                                     orderNumber: order.number, orderState: "pendingPayment")])
    }

    /// The express sheet's charge belongs to the order that notes its key: in flight, it is the
    /// settler's; once the order failed, it took money for jars not sold.
    @Test(arguments: StorageBackend.allCases)
    func anExpressChargeBelongsToTheOrderThatNotesItsKey(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let order = ledger.placed!
        try ledger.copyCharge(try ledger.charge(ofOrder: ledger.paid), as: "ch_express",
                              set: "idempotency_key = 'express-sheet-1', description = 'Honey Store express checkout', amount_captured = \(order.total.minorUnits), amount = \(order.total.minorUnits)")
        try ledger.write("UPDATE orders SET payment_kind = 'express', payment_key = 'express-sheet-1' WHERE id = ?", [order.id])
        try ledger.write("INSERT INTO stock_reservations (order_id, product_id, quantity) VALUES (?, 'honey-wildflower', 1)", [order.id])
        #expect(try ledger.audit() == [])
        try ledger.write("DELETE FROM stock_reservations WHERE order_id = ?", [order.id])
        try ledger.write("UPDATE orders SET state = 'failed' WHERE id = ?", [order.id])
        #expect(try ledger.audit() == [.capturedChargeOfUnpaidOrder(chargeId: "ch_express", amount: order.total, orderId: order.id,
                                                                    orderNumber: order.number, orderState: "failed")])
    }

    @Test(arguments: StorageBackend.allCases)
    func aCapturedChargeNobodyOwnsIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.copyCharge(try ledger.charge(ofOrder: ledger.paid), as: "ch_stray",
                              set: "idempotency_key = 'till-1', description = 'Coffee'")
        #expect(try ledger.audit() == [.capturedChargeWithoutOwner(chargeId: "ch_stray", amount: ledger.paid.total, idempotencyKey: "till-1")])
    }

    @Test(arguments: StorageBackend.allCases)
    func aSecondChargeForARenewedPeriodIsOwnedByNobody(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let key = try #require(try ledger.read(String.self, "SELECT idempotency_key FROM charges WHERE idempotency_key LIKE '%-period-1-attempt-0'"))
        let id = try #require(try ledger.read(String.self, "SELECT id FROM charges WHERE idempotency_key = ?", key))
        try ledger.copyCharge(id, as: "ch_renewed_again")
        #expect(try ledger.audit() == [.capturedChargeWithoutOwner(chargeId: "ch_renewed_again", amount: try ledger.world.core.charges.charge(id).amount,
                                                                   idempotencyKey: key)])
    }

    @Test(arguments: StorageBackend.allCases)
    func aHoldWithoutItsBidIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("DELETE FROM auction_bids WHERE id = ?", [ledger.bid.id])
        #expect(try ledger.audit() == [.holdWithoutBid(chargeId: try #require(ledger.bid.holdId), amount: ledger.bid.amount, bidId: nil, bidState: nil)])
    }

    @Test(arguments: StorageBackend.allCases)
    func aHoldWhoseBidFailedIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("UPDATE auction_bids SET state = 'failed' WHERE id = ?", [ledger.bid.id])
        #expect(try ledger.audit() == [.holdWithoutBid(chargeId: try #require(ledger.bid.holdId), amount: ledger.bid.amount,
                                                       bidId: ledger.bid.id, bidState: "failed")])
    }

    @Test(arguments: StorageBackend.allCases)
    func aStandingBidWhoseHoldNeverHeldIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("UPDATE charges SET status = 'failed', failure_reason = 'card_declined' WHERE id = ?", [ledger.bid.holdId])
        #expect(try ledger.audit() == [.bidWithoutHold(bidId: ledger.bid.id, holdId: ledger.bid.holdId, holdStatus: "failed")])
    }

    @Test(arguments: StorageBackend.allCases)
    func aStandingBidWhoseHoldWasReleasedIsAnUnfinishedReleaseTheSettlerFinishes(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("UPDATE charges SET status = 'canceled' WHERE id = ?", [ledger.bid.holdId])
        #expect(try ledger.audit() == [])
        let late = try LedgerAudit(unsettledAfter: .minutes(15), scansForCardNumbers: false)
            .violations(in: ledger.world.core.store, now: ledger.world.clock.now.addingTimeInterval(3_600))
        #expect(late.contains { if case .unsettled(.bid(let id), _) = $0 { id == ledger.bid.id } else { false } })
        ledger.world.commerce.settler.settleNow()
        // The auction is still open: released before closing, the shopper left it.
        #expect(try ledger.world.auctions.bid(id: ledger.bid.id).state == .left)
        #expect(try ledger.audit() == [])
    }

    @Test(arguments: StorageBackend.allCases)
    func aHoldWhoseBidIsStillBeingPlacedIsTheSettlers(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("UPDATE auction_bids SET state = 'placing', hold_id = NULL WHERE id = ?", [ledger.bid.id])
        #expect(try ledger.audit() == [], "in flight: the bid named by the hold's key owns it")
    }

    @Test(arguments: StorageBackend.allCases)
    func jarsReservedForAPaidOrderAreNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("INSERT INTO stock_reservations (order_id, product_id, quantity) VALUES (?, 'honey-acacia', 1)", [ledger.paid.id])
        #expect(try ledger.audit() == [.reservationOfSettledOrder(orderId: ledger.paid.id, orderNumber: ledger.paid.number, orderState: "paid",
                                                                  productId: "honey-acacia", quantity: 1)])
    }

    @Test(arguments: StorageBackend.allCases)
    func negativeStockIsNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        // The schema refuses it, as it should; only a database written by something else can
        // hold it: on a file, a writer that ignores the checks; on the server, one whose owner
        // dropped the rule (a connection cannot ignore a server's check).
        switch backend {
        case .sqlite:
            try ledger.world.core.database.queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                try db.execute(sql: "UPDATE products SET stock = -2 WHERE id = 'honey-clover'")
                try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
            }
        case .postgres:
            #expect(throws: (any Error).self, "the server's schema keeps the rule") {
                try ledger.write("UPDATE products SET stock = -2 WHERE id = 'honey-clover'")
            }
            let rule = try #require(try ledger.read(String.self, """
                SELECT conname FROM pg_constraint
                WHERE conrelid = 'products'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%stock%'
                """))
            try ledger.write("ALTER TABLE products DROP CONSTRAINT \"\(rule)\"")
            try ledger.write("UPDATE products SET stock = -2 WHERE id = 'honey-clover'")
        }
        #expect(try ledger.audit() == [.negativeStock(productId: "honey-clover", stock: -2)])
    }

    @Test(arguments: StorageBackend.allCases)
    func moreJarsReservedThanOnTheShelfAreNamed(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let stock = ledger.world.stock("honey-wildflower")
        try ledger.write("INSERT INTO stock_reservations (order_id, product_id, quantity) VALUES (?, 'honey-wildflower', ?)",
                         [ledger.placed.id, stock + 1])
        #expect(try ledger.audit() == [.reservationsExceedStock(productId: "honey-wildflower", stock: stock, reserved: stock + 1)])
    }

    @Test(arguments: StorageBackend.allCases)
    func aPendingChargeIsUnsettledOnlyOnceItIsOld(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let charge = try #require(try ledger.read(String.self, "SELECT id FROM charges WHERE idempotency_key = ?", "order-\(ledger.declined.id)-payment"))
        try ledger.write("UPDATE charges SET status = 'pending' WHERE id = ?", [charge])
        let created = try #require(try ledger.world.core.charges.charge(charge).createdAt)
        let rule = LedgerAudit(unsettledAfter: .minutes(15))
        #expect(try ledger.audit(rule, at: created.addingTimeInterval(14 * 60)) == [])
        #expect(try ledger.audit(at: created.addingTimeInterval(86_400)) == [], "without the rule, waiting is not a fault")
        let late = try ledger.audit(rule, at: created.addingTimeInterval(16 * 60))
        #expect(late.count == 1)
        guard case .unsettled(.charge(charge, "pending"), let since)? = late.first else { Issue.record("\(late)"); return }
        #expect(sameInstant(since, created))
    }

    @Test(arguments: StorageBackend.allCases)
    func anOrderWithJarsReservedForTooLongIsUnsettled(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("INSERT INTO stock_reservations (order_id, product_id, quantity) VALUES (?, 'honey-wildflower', 1)", [ledger.placed.id])
        let late = try ledger.audit(LedgerAudit(unsettledAfter: .minutes(15)), at: ledger.placed.createdAt.addingTimeInterval(3_600))
        #expect(late == [.unsettled(.order(id: ledger.placed.id, number: ledger.placed.number), since: ledger.placed.createdAt)])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBidLeftAtItsChallengeIsUnsettled(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("""
            INSERT INTO auction_bids (id, auction_id, customer_id, bid_minor, state, created_at, updated_at)
            VALUES ('bid_stuck', 'auction-lx318', 'cus_x', 16000, 'requiresAction', 1000000, 1000000)
            """)
        let late = try ledger.audit(LedgerAudit(unsettledAfter: .minutes(15)))
        #expect(late == [.unsettled(.bid(id: "bid_stuck"), since: Date(milliseconds: 1_000_000))])
    }

    @Test(arguments: StorageBackend.allCases)
    func aBankPaymentAuthorizingForTooLongIsUnsettled(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("""
            INSERT INTO bank_resources (id, kind, token, amount_minor, currency, reference, status, created_at, expires_at, updated_at)
            VALUES ('bpay_stuck', 'payment', 'rt', 650, 'EUR', 'elsewhere', 'authorizing', 1000000, 1600000, 1000000)
            """)
        let late = try ledger.audit(LedgerAudit(unsettledAfter: .minutes(15)))
        #expect(late == [.unsettled(.bankPayment(id: "bpay_stuck"), since: Date(milliseconds: 1_000_000))])
    }

    // MARK: - Refunds agree with the money

    /// The ledger's one refund (the order refunded in full): its id, order number and amount.
    private func theRefund(_ ledger: Ledger) throws -> (id: String, number: String, amount: Money) {
        let row = try #require(try ledger.world.core.store.read { tx in
            try tx.rows("SELECT r.id, o.number, r.amount_minor FROM order_refunds r JOIN orders o ON o.id = r.order_id").first
        })
        return (try row.value(String.self, "id"), try row.value(String.self, "number"),
                Money(minorUnits: try row.value(Int64.self, "amount_minor"), currency: .eur))
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefundMarkedDoneWithoutItsMoneyIsFound(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let refund = try theRefund(ledger)
        let chargeRefund = try #require(try ledger.read(String.self, "SELECT charge_refund_id FROM order_refunds WHERE id = ?", refund.id))
        try ledger.write("DELETE FROM refunds WHERE id = ?", [chargeRefund])
        // The books still say the money went back: their entry answers to a refund that is nowhere.
        #expect(try ledger.audit() == [
            .refundWithoutMoney(refundId: refund.id, orderNumber: refund.number),
            .entryDiffersFromPayment(entryId: "charge_refund:\(chargeRefund)", booked: Money(minorUnits: -refund.amount.minorUnits, currency: .eur),
                                     moved: .zero(.eur)),
        ])
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefundMarkedFailedWhoseMoneyWentBackIsFound(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        let refund = try theRefund(ledger)
        try ledger.write("UPDATE order_refunds SET state = 'failed' WHERE id = ?", [refund.id])
        #expect(try ledger.audit() == [.moneyBackOfFailedRefund(refundId: refund.id, orderNumber: refund.number, amount: refund.amount)])
    }

    @Test(arguments: StorageBackend.allCases)
    func refundsOnTheirWayBackThatAddUpToMoreThanWasPaidAreFound(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("""
            INSERT INTO order_refunds (id, order_id, idempotency_key, amount_minor, currency, state, charge_refund_id, created_at, updated_at)
            VALUES ('orf_much', ?, 'much', ?, 'EUR', 'requested', 're_much', ?, ?)
            """, [ledger.paid.id, ledger.paid.total.minorUnits + 1, ledger.world.clock.now.milliseconds, ledger.world.clock.now.milliseconds])
        let paid = ledger.paid.total
        #expect(try ledger.audit() == [.refundedMoreThanPaid(orderId: ledger.paid.id, orderNumber: ledger.paid.number,
                                                            refunded: Money(minorUnits: paid.minorUnits + 1, currency: .eur), paid: paid)])
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefundAskedAndNeverAnsweredIsUnsettledOnceItIsOld(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("""
            INSERT INTO order_refunds (id, order_id, idempotency_key, amount_minor, currency, state, charge_refund_id, created_at, updated_at)
            VALUES ('orf_stuck', ?, 'stuck', 100, 'EUR', 'requested', 're_stuck', 1000000, 1000000)
            """, [ledger.paid.id])
        #expect(try ledger.audit() == [], "without the rule, waiting is not a fault")
        let late = try ledger.audit(LedgerAudit(unsettledAfter: .minutes(15)))
        #expect(late == [.unsettled(.refund(id: "orf_stuck", orderNumber: ledger.paid.number), since: Date(milliseconds: 1_000_000))])
    }

    @Test(arguments: StorageBackend.allCases)
    func aCardNumberInTheEventLogIsFound(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("INSERT INTO events (time_ms, kind, subject_id, payload) VALUES (0, 'note', 'x', ?)",
                         ["{\"card\":\"4000 0027 6000 3184\"}"])
        let found = try ledger.audit()
        #expect(found.count == 1)
        guard case .cardNumberInClear("events", "payload", _, "3184")? = found.first else { Issue.record("\(found)"); return }
    }

    @Test(arguments: StorageBackend.allCases)
    func aCardNumberInABlobIsFound(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        try ledger.write("UPDATE charges SET sealed_number = ? WHERE id = ?", [Data("4242-4242-4242-4242".utf8), try ledger.charge(ofOrder: ledger.paid)])
        let found = try ledger.audit()
        #expect(found.count == 1)
        guard case .cardNumberInClear("charges", "sealed_number", _, "4242")? = found.first else { Issue.record("\(found)"); return }
    }

    /// A staff badge or a product code that is a valid barcode is no card number, even when it
    /// passes Luhn too (0410000010075 is a valid EAN-13 and passes Luhn); a card number typed
    /// where a badge goes is still found.
    @Test(arguments: StorageBackend.allCases)
    func aBarcodeThatPassesLuhnIsNoCardNumberButACardInABadgeIs(_ backend: StorageBackend) throws {
        let ledger = try Ledger(backend)
        #expect(CardNumberScan.cardNumbers(in: Array("0410000010075".utf8)) == ["0075"], "it does pass Luhn")
        #expect((try? Barcode(scanned: "0410000010075")) != nil, "and is a barcode")
        try ledger.write("""
            INSERT INTO staff (id, name, role, pin_hash, badge, active, created_at)
            VALUES ('s1', 'Carl', 'cashier', 'x', '0410000010075', 1, 0), ('s2', 'Eve', 'cashier', 'y', '4242424242424242', 1, 0)
            """, [])
        let found = try ledger.audit()
        #expect(found.count == 1, "\(found)")
        guard case .cardNumberInClear("staff", "badge", _, "4242")? = found.first else { Issue.record("\(found)"); return }
    }

    @Test func onlyBoundedLuhnRunsOfTwelveToNineteenDigitsLookLikeCards() {
        func found(_ text: String) -> [String] { CardNumberScan.cardNumbers(in: Array(text.utf8)) }
        #expect(found("pan 4242424242424242.") == ["4242"])
        #expect(found("3782 822463 10005") == ["0005"])
        #expect(found("4242424242424241") == [], "fails Luhn")
        #expect(found("42424242424") == [], "11 digits")
        #expect(found("a4242424242424242") == [], "glued to a letter: part of a hex value or an id")
        #expect(found("[redacted …4242]") == [])
        #expect(found("4242-4242-4242-4242") == ["4242"], "dashes as typed")
        #expect(found("1795341600000 42") == [], "a 13-digit time in milliseconds fails Luhn")
    }
}
