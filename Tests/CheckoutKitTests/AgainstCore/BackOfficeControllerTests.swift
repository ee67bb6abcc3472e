@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import Testing

/// The back office's controller on a real core: it finds orders by number, day and a card's last
/// four, shows what is left to refund, refunds by jars and by amount (the core's refusals as
/// typed values), and a refund asked twice under one key refunds once.
@Suite struct BackOfficeControllerTests {
    /// Two acacia (6.50) and one clover (5.90) paid with 4242: 18.90 EUR.
    private func paidOrder(_ world: CoreWorld) throws -> Order {
        let orders = world.services.commerce.orders
        try world.services.commerce.carts.add(productId: "honey-acacia", quantity: 2, for: "bo")
        try world.services.commerce.carts.add(productId: "honey-clover", quantity: 1, for: "bo")
        let order = try orders.placeOrder(for: "bo")
        let token = try world.core.vault.tokenize(Card.validate(number: CoreWorld.visa, expiry: "12/30", cvc: "123", holder: "Ada Lovelace",
                                                                 now: world.clock.now)).id
        let paid = try #require(world.settle { orders.pay(orderId: order.id, with: .token(token), completion: $0) })
        return try paid.get()
    }

    @Test func queriesAreUnderstoodAsTheOperatorTypesThem() {
        #expect(BackOfficeQuery("") == .today)
        #expect(BackOfficeQuery("42") == .number("HS-000042"))
        #expect(BackOfficeQuery("#7") == .number("HS-000007"))
        #expect(BackOfficeQuery("hs-000012") == .number("HS-000012"))
        #expect(BackOfficeQuery("4242") == .lastFourOrNumber("4242"))
        #expect(BackOfficeQuery("2026-11-25") == .day(Date(timeIntervalSince1970: 1_795_564_800)))
        #expect(BackOfficeQuery("2026-02-30") == nil)
        #expect(BackOfficeQuery("honey") == nil)
        #expect(BackOfficeQuery("1234567") == nil)
    }

    @Test(arguments: ControllerEngine.allCases)
    func ordersAreFoundByNumberDayAndLastFour(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let paid = try paidOrder(world)
        let office = world.services.backOffice()
        #expect(try office.find(.number(paid.number)).get().map(\.number) == [paid.number])
        #expect(try office.find(.lastFourOrNumber("4242")).get().map(\.number) == [paid.number])
        #expect(try office.find(.lastFourOrNumber("1881")).get().isEmpty)
        #expect(try office.find(.today).get().map(\.number) == [paid.number])
        let shown = try #require(try office.find(.number(paid.number)).get().first)
        #expect(shown.payment == .card(brand: "Visa", lastFour: "4242"))
        #expect(shown.refundable == Money(minorUnits: 1890, currency: .eur) && shown.canRefund)
        #expect(shown.lines.map(\.name) == ["Acacia honey", "Clover honey"])
    }

    @Test(arguments: ControllerEngine.allCases)
    func refundsByJarsAndAmountShowOnTheOrderAndRefusalsAreTyped(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let paid = try paidOrder(world)
        let office = world.services.backOffice()
        let shown = try office.order(id: paid.id).get()
        let jars = try #require(world.settle { office.refund(shown, .jars(line: 0, quantity: 1), idempotencyKey: "one", completion: $0) })
        let afterJars = try jars.get()
        #expect(afterJars.lines[0].returned == 1 && afterJars.refundable == Money(minorUnits: 1240, currency: .eur))
        #expect(afterJars.refunds.map(\.state) == [.refunded])
        #expect(world.stock(of: "honey-acacia") == 11)

        let tooMuch = world.settle { office.refund(afterJars, .amount(Money(minorUnits: 1241, currency: .eur)), idempotencyKey: "two", completion: $0) }
        #expect(tooMuch?.failure == .exceedsRefundable(available: Money(minorUnits: 1240, currency: .eur)))
        let tooMany = world.settle { office.refund(afterJars, .jars(line: 0, quantity: 2), idempotencyKey: "three", completion: $0) }
        #expect(tooMany?.failure == .exceedsReturnable(available: 1))

        var answers: [Result<BackOfficeOrder, BackOfficeRefusal>] = []
        office.refund(afterJars, .whole, idempotencyKey: "four") { answers.append($0) }
        office.refund(afterJars, .whole, idempotencyKey: "four") { answers.append($0) }
        world.advance()
        #expect(answers.count == 2)
        let whole = try #require(try answers.last?.get())
        #expect(whole.state == .refunded && !whole.canRefund && whole.refunds.count == 2)
        #expect(try world.core.charges.refunds(of: #require(paid.chargeId)).count == 2)
        #expect(world.stock(of: "honey-acacia") == 12 && world.stock(of: "honey-clover") == 20)
    }
}

extension BackOfficeControllerTests {
    /// A shopper's bid held on LX 318 (€150), by a card token.
    private func heldBid(_ world: CoreWorld) throws -> AuctionBid {
        let token = try world.core.vault.tokenize(Card.validate(number: CoreWorld.visa, expiry: "12/30", cvc: "123", holder: "Ada Lovelace",
                                                                 now: world.clock.now)).id
        let joined = try #require(world.settle { world.services.commerce.auctions.join(auctionId: "auction-lx318", customerId: "cus_ada",
                                                                                        instrument: .token(token), termsAccepted: true,
                                                                                        completion: $0) })
        guard case .joined(let bid) = try joined.get() else { throw BackOfficeRefusal.storage }
        return bid
    }

    @Test(arguments: ControllerEngine.allCases)
    func holdsAreListedAndVoidedOnceAndRefusalsAreTyped(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        let bid = try heldBid(world)
        let office = world.services.backOffice()
        let hold = try #require(try office.holds().get().first)
        #expect(hold.id == bid.id && hold.flight == "LX 318" && hold.amount == Money(minorUnits: 15_000, currency: .eur))
        #expect(hold.card == .card(brand: "Visa", lastFour: "4242") && !hold.voidInFlight)
        let voided = try #require(world.settle { office.void(hold, idempotencyKey: "v1", completion: $0) }).get()
        #expect(voided.hold == hold && voided.id.hasPrefix("hvd"))
        #expect(try office.holds().get().isEmpty)
        #expect(try world.settle { office.void(hold, idempotencyKey: "v1", completion: $0) }?.get().id == voided.id, "the same key, the same void")
        #expect(world.settle { office.void(hold, idempotencyKey: "v2", completion: $0) }?.failure == .holdGone)
        let report = try office.dayReport().get()
        #expect(report.voids.map(\.minorUnits) == [15_000])
    }

    @Test(arguments: ControllerEngine.allCases)
    func aWonBidIsRefusedAsCharged(_ engine: ControllerEngine) throws {
        let world = try CoreWorld(engine)
        _ = try heldBid(world)
        let office = world.services.backOffice()
        let hold = try #require(try office.holds().get().first)
        world.clock.advance(by: .days(30))
        #expect(try office.holds().get().isEmpty, "a closed auction's holds are the close's")
        #expect(world.settle { office.void(hold, idempotencyKey: "late", completion: $0) }?.failure == .auctionClosed)
        world.services.commerce.auctions.closeDueAuctions()
        world.advance(.seconds(2))
        #expect(world.settle { office.void(hold, idempotencyKey: "won", completion: $0) }?.failure == .holdWon)
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
