import Foundation
import ProgramSupport
import Testing
@_spi(Testing) @testable import PaymentsCore

/// Discounts from the cart to the books: the core refuses what the shop's policy does not allow
/// (above the cashier's ceiling without a manager, an unknown reason, a missing note); the order
/// placed from the cart charges its lines after their discounts, VAT computed per rate after
/// them; every tender charges that total; the reports, the export and the journal agree, and
/// the audit finds an order whose discounts do not add up.
@Suite struct DiscountsOnTheBooksTests {
    static let manager = StaffPerson(id: StaffID(rawValue: "operator"), name: "Operator")
    static let anna = StaffPerson(id: StaffID(rawValue: "anna"), name: "Anna")

    private func eur(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    @Test func aDiscountAboveTheCashiersCeilingIsRefusedWithoutAManagerAndGivenWithOne() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", for: "s")
        let fifteen = DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .percent(basisPoints: 1500), reason: .loyalty, givenBy: Self.anna)
        #expect(throws: DiscountError.needsApproval(ceilingBasisPoints: 1000)) { try world.carts.give(fifteen, for: "s") }
        #expect(try world.carts.cart(for: "s").discounts.isEmpty, "nothing was given")
        let cart = try world.carts.give(fifteen.approved(by: Self.manager), for: "s")
        #expect(cart.lineDiscount(for: "honey-acacia")?.approvedBy == Self.manager)
        #expect(cart.lineDiscount(for: "honey-acacia")?.givenBy == Self.anna)
        #expect(cart.total == eur(650 - 98), "15 % of €6.50 is 97.5 cents, rounded up")
        // Within the ceiling, nobody approves.
        try world.carts.add(productId: "honey-clover", for: "s")
        let within = try world.carts.give(DiscountRequest(target: .line(productId: "honey-clover"), adjustment: .amount(eur(59)), reason: .damaged), for: "s")
        #expect(within.lineDiscount(for: "honey-clover")?.approvedBy == nil)
        #expect(throws: DiscountError.needsApproval(ceilingBasisPoints: 1000)) {
            try world.carts.give(DiscountRequest(target: .line(productId: "honey-clover"), adjustment: .amount(eur(60)), reason: .damaged), for: "s")
        }
    }

    /// A manager signed in is their own approval; a cashier, or a manager since disabled, is not.
    @Test func aManagerGivesADiscountAboveTheCeilingAlone() throws {
        let world = CommerceTestWorld()
        let staff = Staff(store: world.core.store, clock: world.clock, ids: world.core.ids, hasher: PasswordHasher(iterations: 1_000))
        let mia = try staff.add(name: "Mia", role: .manager, pin: "1111").person
        let carl = try staff.add(name: "Carl", role: .cashier, pin: "2222").person
        try world.carts.add(productId: "honey-acacia", for: "s")
        func twenty(by person: StaffPerson) -> DiscountRequest {
            DiscountRequest(target: .order, adjustment: .percent(basisPoints: 2000), reason: .loyalty, givenBy: person)
        }
        #expect(throws: DiscountError.needsApproval(ceilingBasisPoints: 1000)) { try world.carts.give(twenty(by: carl), for: "s") }
        let given = try world.carts.give(twenty(by: mia), for: "s")
        #expect(given.orderDiscount?.givenBy == mia && given.orderDiscount?.approvedBy == nil)
        _ = try world.carts.removeDiscount(on: .order, for: "s")
        _ = try staff.disable("Mia")
        #expect(throws: DiscountError.needsApproval(ceilingBasisPoints: 1000)) { try world.carts.give(twenty(by: mia), for: "s") }
    }

    @Test func theShopsReasonsAndNotesAreKept() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", for: "s")
        let line = DiscountTarget.line(productId: "honey-acacia")
        #expect(throws: DiscountError.unknownReason(DiscountReason(rawValue: "birthday"))) {
            try world.carts.give(DiscountRequest(target: line, adjustment: .percent(basisPoints: 500), reason: DiscountReason(rawValue: "birthday")), for: "s")
        }
        #expect(throws: DiscountError.noteRequired(.other)) {
            try world.carts.give(DiscountRequest(target: line, adjustment: .percent(basisPoints: 500), reason: .other, note: "  "), for: "s")
        }
        #expect(throws: DiscountError.amountOverBase(base: eur(650))) {
            try world.carts.give(DiscountRequest(target: line, adjustment: .amount(eur(651)), reason: .damaged, approvedBy: Self.manager), for: "s")
        }
        #expect(throws: DiscountError.notInCart(productId: "honey-manuka")) {
            try world.carts.give(DiscountRequest(target: .line(productId: "honey-manuka"), adjustment: .percent(basisPoints: 500), reason: .damaged), for: "s")
        }
        let cart = try world.carts.give(DiscountRequest(target: line, adjustment: .percent(basisPoints: 500), reason: .other, note: "dented lid"), for: "s")
        #expect(cart.lineDiscount(for: "honey-acacia")?.note == "dented lid")
        world.carts.discountPolicy = DiscountPolicy(reasons: [DiscountReason(rawValue: "birthday")], reasonsNeedingNote: [], cashierCeilingBasisPoints: 2000)
        let birthday = try world.carts.give(DiscountRequest(target: .order, adjustment: .percent(basisPoints: 2000), reason: DiscountReason(rawValue: "birthday")), for: "s")
        #expect(birthday.orderDiscount?.reason.rawValue == "birthday")
    }

    /// A line's jars change: a percentage stays, an amount (checked against the jars it was
    /// given on) goes, and a removed line's discount goes with it.
    @Test func anAmountGoesWhenItsLineChangesAPercentageStays() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        try world.carts.add(productId: "honey-clover", quantity: 2, for: "s")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .amount(eur(100)), reason: .damaged), for: "s")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-clover"), adjustment: .percent(basisPoints: 1000), reason: .loyalty), for: "s")
        try world.carts.give(DiscountRequest(target: .order, adjustment: .amount(eur(50)), reason: .priceMatch), for: "s")
        let changed = try world.carts.setQuantity(1, productId: "honey-acacia", for: "s")
        #expect(changed.lineDiscount(for: "honey-acacia") == nil)
        #expect(changed.orderDiscount == nil)
        #expect(changed.lineDiscount(for: "honey-clover")?.adjustment == .percent(basisPoints: 1000))
        let removed = try world.carts.remove(productId: "honey-clover", for: "s")
        #expect(removed.discounts.isEmpty)
        try world.carts.add(productId: "honey-clover", for: "s")
        #expect(try world.carts.cart(for: "s").discounts.isEmpty, "a line added again starts without its old discount")
    }

    /// VAT per rate after the discounts: a candle at 19 % and honey at 7 %, a line discount and
    /// an order discount shared over both in proportion.
    @Test func theOrderChargesItsLinesAfterTheirDiscountsAndVATIsComputedAfterThem() throws {
        let world = CommerceTestWorld()
        try world.shelve(id: "candle", position: 9, name: "Beeswax candle", stock: 3)
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        try world.carts.add(productId: "candle", for: "s")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .percent(basisPoints: 1000), reason: .loyalty), for: "s")
        try world.carts.give(DiscountRequest(target: .order, adjustment: .amount(eur(100)), reason: .priceMatch), for: "s")
        let cart = try world.carts.cart(for: "s")
        let candle = try #require(cart.lines.last?.total?.minorUnits)
        let order = try world.orders.placeOrder(for: "s")
        #expect(order.lines.map(\.discountMinor) == [130, 0], "10 % of €13.00")
        #expect(order.lines.map(\.orderDiscountMinor).reduce(0, +) == 100)
        #expect(order.total.minorUnits == 1300 + candle - 130 - 100)
        #expect(order.total == cart.total, "the cart showed what the order charges")
        #expect(order.lines.map(\.lineTotal.minorUnits).reduce(0, +) == order.total.minorUnits)
        let shares = DiscountPricing.allocate(100, over: [1170, candle])
        #expect(order.lines.map(\.orderDiscountMinor) == shares)
        let expected = TaxAnalysis(parts: [TaxAnalysis.Part(rate: TaxRate(basisPoints: 700), gross: eur(1170 - shares[0])),
                                           TaxAnalysis.Part(rate: TaxRate(basisPoints: 1900), gross: eur(candle - shares[1]))])
        #expect(order.taxAnalysis == expected, "VAT per rate on what each rate's lines charge")
        #expect(order.discounts.map(\.amount) == [eur(130), eur(100)])
        #expect(order.discounts.map(\.position) == [0, nil])
    }

    enum TenderCase: String, CaseIterable, CustomTestStringConvertible {
        case card, savedCard, cash, split, bank, express
        var testDescription: String { rawValue }
    }

    /// Every tender charges the order's total after its discounts, and the books hold it.
    @Test(arguments: TenderCase.allCases)
    func everyTenderChargesTheDiscountedTotal(_ tender: TenderCase) throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", quantity: 3, for: "s")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .percent(basisPoints: 1000), reason: .loyalty), for: "s")
        try world.carts.give(DiscountRequest(target: .order, adjustment: .amount(eur(55)), reason: .staff), for: "s")
        let due = try world.carts.cart(for: "s").total
        #expect(due == eur(1950 - 195 - 55))
        let paid: Order
        switch tender {
        case .card, .savedCard:
            let order = try world.orders.placeOrder(for: "s")
            let saved = world.savedCard()
            let instrument: PaymentInstrument = tender == .card ? world.token() : .savedMethod(saved.methodId, customerId: saved.customerId)
            paid = try #require(try world.settle { world.orders.pay(orderId: order.id, with: instrument, completion: $0) }?.get())
        case .cash:
            paid = try world.orders.payInCash(sessionKey: "s", tendered: eur(2000)).order
            #expect(try world.orders.cashTendered(orderId: paid.id)?.change == eur(2000 - due.minorUnits))
        case .split:
            _ = try world.orders.payPartInCash(sessionKey: "s", amount: eur(500))
            paid = try world.orders.payInCash(sessionKey: "s", tendered: eur(due.minorUnits - 500)).order
        case .bank, .express:
            let order = try world.orders.placeOrder(for: "s")
            try world.orders.startExternalPayment(orderId: order.id, kind: tender == .bank ? .bank : .express, paymentKey: "k")
            paid = try #require(try world.orders.markPaid(orderId: order.id, reference: "ref-1"))
        }
        #expect(paid.state == .paid)
        #expect(paid.total == due)
        #expect(try world.core.store.read { tx in try MoneyLedger.balance(tx, orderId: paid.id) } == due.minorUnits, "the books hold the discounted total")
        if tender != .bank && tender != .express {
            #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
        }
    }

    @Test func aDiscountGivenAfterADeclineMakesAnotherOrder() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-clover", for: "s")
        let first = try world.orders.orderToPay(for: "s")
        #expect(try world.orders.orderToPay(for: "s").id == first.id, "the same cart pays the same order")
        try world.carts.give(DiscountRequest(target: .order, adjustment: .percent(basisPoints: 500), reason: .loyalty), for: "s")
        let second = try world.orders.orderToPay(for: "s")
        #expect(second.id != first.id)
        #expect(second.total == eur(590 - 30))
    }

    /// Returned jars of a discounted line give back what they were charged; everything left
    /// gives back the rest, so the whole refund is exactly the order's total.
    @Test func returnedJarsGiveBackWhatTheyWereCharged() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", quantity: 3, for: "s")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .amount(eur(100)), reason: .damaged,
                                             approvedBy: Self.manager), for: "s")
        let order = try world.orders.placeOrder(for: "s")
        let paid = try #require(try world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.get())
        #expect(paid.total == eur(1850))
        let one = try #require(try world.settle { world.orders.refund(orderId: paid.id, .lines([ReturnedLine(position: 0, quantity: 1)]), idempotencyKey: "r1",
                                                                       completion: $0) }?.get())
        #expect(one.amount == eur(617), "€18.50 over three jars, rounded half up")
        let rest = try #require(try world.settle { world.orders.refund(orderId: paid.id, .lines([ReturnedLine(position: 0, quantity: 2)]), idempotencyKey: "r2",
                                                                        completion: $0) }?.get())
        #expect(rest.amount == eur(1233))
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
    }

    /// The X report's discounts (total, by reason, by who gave them), the export's rows, the
    /// journal's entry per discount given, on both engines.
    @Test(arguments: StorageBackend.allCases)
    func theReportTheExportAndTheJournalAgree(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        try world.carts.add(productId: "honey-clover", for: "s")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .percent(basisPoints: 2000), reason: .damaged,
                                             givenBy: Self.anna, approvedBy: Self.manager), for: "s")
        try world.carts.give(DiscountRequest(target: .order, adjustment: .amount(eur(50)), reason: .loyalty, givenBy: Self.anna), for: "s")
        let sale = try world.orders.payInCash(sessionKey: "s", tendered: eur(2000))
        #expect(sale.order.total == eur(1300 + 590 - 260 - 50))
        try world.carts.add(productId: "honey-clover", for: "t")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-clover"), adjustment: .amount(eur(59)), reason: .loyalty), for: "t")
        let card = try world.orders.placeOrder(for: "t")
        _ = try #require(try world.settle { world.orders.pay(orderId: card.id, with: world.token(), completion: $0) }?.get())

        let report = try DayReports(store: world.core.store, clock: world.clock).current()
        let figures = try #require(report.discounts)
        #expect(figures.total.map(\.minorUnits) == [260 + 50 + 59])
        #expect(figures.total.map(\.count) == [3])
        #expect(figures.byReason.map { "\($0.key) \($0.minorUnits)" } == ["damaged 260", "loyalty 109"])
        #expect(figures.byPerson.map { "\($0.key) \($0.minorUnits)" } == [" 59", "Anna 310"])
        #expect(figures.byApprover.map { "\($0.key) \($0.minorUnits)" } == ["Operator 260"], "only what a manager approved")
        #expect(report.grandTotal.map(\.minorUnits) == [1580 + 531], "the money is what the discounted orders charged")

        let table = try LedgerExport.csv(world.core.store, from: world.clock.now.addingTimeInterval(-3600), to: world.clock.now.addingTimeInterval(3600))
        let rows = try CSVReader.records(table.text).dropFirst().map { Dictionary(uniqueKeysWithValues: zip(LedgerExport.header, $0)) }
        let discounts = rows.filter { $0["record"] == "discount" }
        #expect(discounts.map { $0["amount_minor"] } == ["-260", "-50", "-59"])
        #expect(discounts.map { $0["description"] } == ["damaged", "loyalty", "loyalty"])
        // The export's one `staff` column names who gave it and who approved it.
        #expect(discounts.map { $0["staff"] } == ["Anna (approved by Operator)", "Anna", ""])
        let money = rows.filter { ["payment", "capture", "refund"].contains($0["record"]) }.reduce(Int64(0)) { $0 + Int64($1["amount_minor"]!)! }
        #expect(money == report.grandTotal.first?.minorUnits, "the export's money rows still sum to the report")
        for number in [sale.order.number, card.number] {
            let lines = rows.filter { $0["record"] == "line" && $0["order"] == number }.reduce(Int64(0)) { $0 + Int64($1["amount_minor"]!)! }
            let total = rows.first { $0["record"] == "order" && $0["order"] == number }?["amount_minor"]
            #expect(total == String(lines), "\(number): its lines sum to its total")
        }

        let journal = try world.core.store.read { tx in
            try tx.fetchValues(String.self, "SELECT body FROM journal_entries WHERE kind = ? ORDER BY seq", JournalKind.discount.rawValue)
        }
        #expect(journal.count == 3)
        #expect(journal.first?.contains(#""approved_by":{"id":"operator","name":"Operator"}"#) == true)
        #expect(journal.first?.contains(#""staff":{"id":"anna","name":"Anna"}"#) == true)
        #expect(try JournalVerifier().verify(world.core.store).problems.isEmpty)
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
    }

    @Test func theAuditFindsAnOrderWhoseDiscountsDoNotAddUp() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        try world.carts.give(DiscountRequest(target: .line(productId: "honey-acacia"), adjustment: .percent(basisPoints: 1000), reason: .loyalty), for: "s")
        let sale = try world.orders.payInCash(sessionKey: "s", tendered: eur(2000))
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
        try world.core.store.write { tx in try tx.execute("UPDATE order_lines SET discount_minor = 30 WHERE order_id = ?", sale.order.id) }
        let found = try LedgerAudit().violations(in: world.core.store, now: world.clock.now)
        #expect(found.map(\.description).contains { $0.contains("was placed with discounts, but its total is €11.70") })
        #expect(found.contains { if case .discountedOrderDiffers(_, sale.order.number, .totalIsNotItsLines) = $0 { true } else { false } })
        try world.core.store.write { tx in
            try tx.execute("UPDATE order_lines SET discount_minor = 130 WHERE order_id = ?", sale.order.id)
            try tx.execute("UPDATE order_discounts SET amount_minor = 100 WHERE order_id = ?", sale.order.id)
        }
        let again = try LedgerAudit().violations(in: world.core.store, now: world.clock.now)
        #expect(again.contains { if case .discountedOrderDiffers(_, _, .lineDiscountNotRecorded) = $0 { true } else { false } })
    }
}
