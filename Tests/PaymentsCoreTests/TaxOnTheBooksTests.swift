import Clocks
import Foundation
import ProgramSupport
import Testing
@_spi(Testing) @testable import PaymentsCore

/// VAT as the orders freeze it and the books carry it: each line's rate from its product's
/// category when the order is placed (shipping at the standard rate), never changed by a later
/// setting; the X report's tax per rate summing to its money, refunds counted as their receipts
/// give it back; the export's tax columns agreeing with the report; old Z reports still read.
@Suite struct TaxOnTheBooksTests {
    @Test func eachLineFreezesItsRateWhenTheOrderIsPlaced() throws {
        let world = CommerceTestWorld()
        try world.carts.add(productId: "honey-acacia", for: "s")
        let order = try world.orders.placeOrder(for: "s", extras: [.shipping(method: "Standard", amount: Money(minorUnits: 490, currency: .eur))])
        #expect(order.lines.map(\.taxRate.basisPoints) == [700, 1900], "honey is food at 7 %, shipping at the standard 19 %")
        // The shop changes its rates: the order placed before keeps what it was sold at.
        world.orders.tax = try #require(TaxTable(rates: ["standard": TaxRate(basisPoints: 2000), "reduced": TaxRate(basisPoints: 500)],
                                                 categories: ["food": "reduced"]))
        #expect(try world.orders.order(id: order.id)?.lines.map(\.taxRate.basisPoints) == [700, 1900])
        try world.carts.add(productId: "honey-acacia", for: "t")
        #expect(try world.orders.placeOrder(for: "t").lines.map(\.taxRate.basisPoints) == [500])
    }

    @Test func aProductOfNoListedCategoryIsSoldAtTheStandardRate() throws {
        let world = CommerceTestWorld()
        try world.shelve(id: "candle", position: 9, name: "Beeswax candle", stock: 3)
        try world.carts.add(productId: "candle", for: "s")
        #expect(try world.orders.placeOrder(for: "s").lines.map(\.taxRate.basisPoints) == [1900])
    }

    @Test(arguments: StorageBackend.allCases)
    func theReportsTaxPerRateSumsToItsMoneyAndTheExportAgrees(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "s")
        let order = try world.orders.placeOrder(for: "s", extras: [.shipping(method: "Standard", amount: Money(minorUnits: 490, currency: .eur))])
        let paid = try #require(try world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.get())
        _ = try #require(try world.settle { world.orders.refund(orderId: paid.id, .lines([ReturnedLine(position: 0, quantity: 1)]), idempotencyKey: "r",
                                                             completion: $0) }?.get())
        let report = try DayReports(store: world.core.store, clock: world.clock).current()
        // Paid 1300 at 7 % (net 1215, VAT 85) and 490 at 19 % (412, 78); the €6.50 refund is
        // shared 1300:490 over the rates (472 and 178), each taxed by the rule.
        let paidTax = paid.taxAnalysis
        let refundTax = paidTax.share(of: Money(minorUnits: -650, currency: .eur))
        #expect(refundTax.gross == -650)
        let expected = TaxAnalysis.summed([paidTax, refundTax]).map { [Int64($0.rate.basisPoints), $0.gross.minorUnits, $0.net.minorUnits, $0.vat.minorUnits] }
        #expect(report.taxes.map { [Int64($0.rateBasisPoints), $0.grossMinor, $0.netMinor, $0.vatMinor] } == expected)
        #expect(expected == [[700, 828, 774, 54], [1900, 312, 262, 50]])
        #expect(report.taxes.reduce(0) { $0 + $1.grossMinor } == report.grandTotal.first?.minorUnits, "the VAT analysis sums to the report's money")
        for tax in report.taxes { #expect(tax.netMinor + tax.vatMinor == tax.grossMinor) }

        let table = try LedgerExport.csv(world.core.store, from: world.clock.now.addingTimeInterval(-3600), to: world.clock.now.addingTimeInterval(3600))
        let rows = try CSVReader.records(table.text).dropFirst().map { Dictionary(uniqueKeysWithValues: zip(LedgerExport.header, $0)) }
        #expect(rows.filter { $0["record"] == "line" }.map { $0["tax_rate_bp"] } == ["700", "1900"])
        let taxRows = rows.filter { $0["record"] == "tax" }
        #expect(taxRows.count == 4, "a tax row per rate after each money row")
        for rate in ["700", "1900"] {
            let ofRate = taxRows.filter { $0["tax_rate_bp"] == rate }
            let sums = ["amount_minor", "net_minor", "vat_minor"].map { column in ofRate.reduce(Int64(0)) { $0 + Int64($1[column]!)! } }
            let inReport = try #require(report.taxes.first { "\($0.rateBasisPoints)" == rate })
            #expect(sums == [inReport.grossMinor, inReport.netMinor, inReport.vatMinor], "rate \(rate): the export sums to the report")
        }
    }

    /// Cash rounding is a line of its own outside VAT (0 %): the goods keep their VAT, and the
    /// report's analysis still sums to the money the till took.
    @Test func aCashRoundingLineIsOutsideVATAndTheAnalysisStillSumsToTheMoney() throws {
        let world = CommerceTestWorld()
        try world.core.store.write { tx in
            try tx.execute("""
                INSERT INTO products (id, position, name, description, price_minor, currency, stock, image, tax_category)
                VALUES ('comb', 9, 'Honeycomb', '', 652, 'EUR', 3, '', 'food')
                """)
        }
        try world.carts.add(productId: "comb", for: "s")
        let sale = try world.orders.payInCash(sessionKey: "s", tendered: Money(minorUnits: 1000, currency: .eur), rounding: CashRounding(increment: 5))
        #expect(sale.order.total.minorUnits == 650)
        #expect(sale.order.lines.map(\.taxRate.basisPoints) == [700, 0])
        // 652 at 7 %: net 609, VAT 43; the rounding's -2 carries no VAT.
        #expect(sale.order.taxAnalysis.parts.map { [Int64($0.rate.basisPoints), $0.gross.minorUnits, $0.vat.minorUnits] } == [[0, -2, 0], [700, 652, 43]])
        world.advance(.seconds(1))
        let report = try DayReports(store: world.core.store, clock: world.clock).current()
        #expect(report.taxes.reduce(0) { $0 + $1.grossMinor } == report.grandTotal.first?.minorUnits)
        #expect(report.taxes.reduce(0) { $0 + $1.vatMinor } == 43)
    }

    @Test func aZReportSavedBeforeVATStillReads() throws {
        let body = """
            {"number":3,"to":0,"sales":[],"refunds":[],"voids":[],"captures":[],"net":[],"grandTotal":[],"unsettled":[],"fromBooks":true}
            """
        let report = try JSONDecoder().decode(DayReport.self, from: Data(body.utf8))
        #expect(report.number == 3 && report.taxes.isEmpty)
        let again = try JSONDecoder().decode(DayReport.self, from: try JSONEncoder().encode(DayReport(
            number: 4, from: nil, to: Date(timeIntervalSince1970: 0), sales: [], refunds: [], voids: [], captures: [], net: [], grandTotal: [],
            unsettled: [], taxes: [DayReport.Tax(rateBasisPoints: 700, currency: "EUR", grossMinor: 650, netMinor: 607, vatMinor: 43)])))
        #expect(again.taxes.first?.vatMinor == 43)
    }
}
