import Clocks
import Foundation
@_spi(Testing) @testable import PaymentsCore
import ProgramSupport
import Testing

/// The accounts' CSV from both sides: what `CSVTable` writes reads back field for field with a
/// strict RFC 4180 reader, and `LedgerExport` holds each order of the span with its lines, its
/// card payment by brand and last four only, and each refund of the span (money rows as booked:
/// a refund is negative).
@Suite struct LedgerExportTests {
    @Test func fieldsWithCommasQuotesAndLineBreaksReadBackAsWritten() throws {
        var table = CSVTable(header: ["a", "b", "c"])
        let awkward = ["Honey, raw", "the \"best\" jar", "two\r\nlines"]
        table.append(awkward)
        table.append(["plain", "", "x\ny"])
        #expect(table.text.hasSuffix("\r\n"))
        #expect(table.text.hasPrefix("a,b,c\r\n\"Honey, raw\",\"the \"\"best\"\" jar\",\"two\r\nlines\"\r\n"))
        #expect(try CSVReader.records(table.text) == [["a", "b", "c"], awkward, ["plain", "", "x\ny"]])
    }

    @Test func theReaderRefusesWhatRFC4180Refuses() {
        #expect(throws: CSVReader.Malformed.self) { try CSVReader.records("a,b\n") }
        #expect(throws: CSVReader.Malformed.self) { try CSVReader.records("a\"b\r\n") }
        #expect(throws: CSVReader.Malformed.self) { try CSVReader.records("\"a\"b\r\n") }
        #expect(throws: CSVReader.Malformed.self) { try CSVReader.records("\"a\r\n") }
    }

    @Test(arguments: StorageBackend.allCases)
    func aDayOfTradingExportsItsOrdersPaymentsAndRefunds(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        try world.carts.add(productId: "honey-acacia", quantity: 3, for: "s")
        let order = try world.orders.placeOrder(for: "s")
        let paid = try #require(world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.value)
        _ = world.settle { world.orders.refund(orderId: paid.id, .lines([ReturnedLine(position: 0, quantity: 1)]), idempotencyKey: "r",
                                               completion: $0) }
        let start = world.clock.now.addingTimeInterval(-3600)
        let table = try LedgerExport.csv(world.core.store, from: start, to: start.addingTimeInterval(2 * 86_400))
        let rows = try CSVReader.records(table.text)
        #expect(rows.first == LedgerExport.header)
        let byKind = Dictionary(grouping: rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(LedgerExport.header, $0)) },
                                by: { $0["record"]! })
        let orderRow = try #require(byKind["order"]?.first)
        #expect(orderRow["order"] == paid.number && orderRow["amount_minor"] == "1950" && orderRow["currency"] == "EUR")
        #expect(byKind["line"]?.first?["quantity"] == "3" && byKind["line"]?.first?["description"] == "Acacia honey")
        let payment = try #require(byKind["payment"]?.first)
        #expect(payment["method"] == "card" && payment["card_last4"] == "4242" && payment["amount_minor"] == "1950")
        #expect(!table.text.contains("4242424242424242"), "the card only by brand and last four")
        let refund = try #require(byKind["refund"]?.first)
        #expect(refund["order"] == paid.number && refund["amount_minor"] == "-650" && refund["currency"] == "EUR")
        #expect(refund["method"] == "card" && refund["card_last4"] == "4242", "given back through the card that paid")
        #expect(!(refund["time"] ?? "").isEmpty && !(payment["time"] ?? "").isEmpty, "each movement at its own time")

        let before = try LedgerExport.csv(world.core.store, from: start.addingTimeInterval(-86_400), to: start)
        #expect(before.records.isEmpty, "nothing of another day")
    }

    /// Issue 35: a day of card and cash (a till that rounds to 0.05, a cash refund) exports
    /// movements that sum, tender by tender, to that day's Z report.
    @Test(arguments: StorageBackend.allCases)
    func aDayOfCardAndCashExportsWhatItsZReportSums(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let start = world.clock.now
        try world.carts.add(productId: "honey-acacia", quantity: 2, for: "card")
        let order = try world.orders.placeOrder(for: "card")
        #expect(world.settle { world.orders.pay(orderId: order.id, with: world.token(), completion: $0) }?.value?.state == .paid)
        try world.core.store.write { tx in try tx.execute("UPDATE products SET price_minor = 593 WHERE id = 'honey-clover'") }
        try world.carts.add(productId: "honey-clover", quantity: 1, for: "till")
        let cash = try world.orders.payInCash(sessionKey: "till", tendered: Money(minorUnits: 1000, currency: .eur), rounding: CashRounding(increment: 5))
        #expect(cash.order.total.minorUnits == 595)
        try world.carts.add(productId: "honey-wildflower", quantity: 1, for: "till")
        let refunded = try world.orders.payInCash(sessionKey: "till", tendered: Money(minorUnits: 720, currency: .eur))
        #expect(world.settle { world.orders.refund(orderId: refunded.order.id, completion: $0) }?.value?.state == .refunded)
        world.advance(.seconds(5))
        let z = try DayReports(store: world.core.store, clock: world.clock).close()
        let table = try LedgerExport.csv(world.core.store, from: start.addingTimeInterval(-60), to: world.clock.now.addingTimeInterval(60))
        let rows = try CSVReader.records(table.text).dropFirst().map { Dictionary(uniqueKeysWithValues: zip(LedgerExport.header, $0)) }
        var exported: [String: Int64] = [:]
        for row in rows where ["payment", "refund"].contains(row["record"]) {
            exported[row["method"]!, default: 0] += Int64(row["amount_minor"]!)!
        }
        let reported = Dictionary(uniqueKeysWithValues: z.net.map { ($0.method, $0.minorUnits) })
        #expect(exported == reported)
        #expect(reported == ["card": 1300, "cash": 595])
        #expect(try LedgerAudit().violations(in: world.core.store, now: world.clock.now) == [])
    }
}
