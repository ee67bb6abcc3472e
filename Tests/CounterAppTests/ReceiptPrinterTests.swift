@testable import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
@testable import PaymentsCore
import TerminalUI
import Testing

/// Receipts in ESC/POS and in plain text, read back (`EscPosDecoder`) into the lines a printer
/// prints and the commands it obeys.
@Suite struct ReceiptPrinterTests {
    static func paidOrder(_ number: String = "HS-000042", state: OrderState = .paid,
                          tender: PaidOrderReceipt.Tender = .card(brand: "Visa", lastFour: "4242")) -> PaidOrderReceipt {
        let price = Money(minorUnits: 720, currency: .eur)
        let order = Order(id: "ord_1", number: number, sessionKey: "s", state: state,
                          lines: [OrderLine(productId: "honey-wildflower", name: "Wildflower honey", unitPrice: price, quantity: 2)],
                          total: Money(minorUnits: 1440, currency: .eur), chargeId: "ch_1", failureReason: nil,
                          createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        return PaidOrderReceipt(order: order, tender: tender, paidAt: Date(timeIntervalSince1970: 1_800_000_060), printedAt: nil, copies: 0)
    }

    @Test func anEscPosReceiptReadsBackAsTheTillPrintsIt() throws {
        let bytes = EscPosReceipt.encode(ReceiptDocument(Self.paidOrder(), copy: false))
        let printed = try EscPosDecoder(bytes)
        // Initialise and the euro's code page first; feed and cut last.
        #expect(Array(printed.commands.prefix(2)) == [.initialise, .codePage(19)])
        #expect(Array(printed.commands.suffix(2)) == [.feed(4), .cut])
        #expect(!printed.commands.contains(.drawerKick), "a card sale opens no cash drawer")
        // The shop's name large and centred; the total bold and right-aligned; the items in columns.
        let title = try #require(printed.lines.first)
        #expect(title == EscPosDecoder.Line(text: "Honey Store", bold: true, alignment: 1, size: 0x11))
        let total = try #require(printed.lines.first { $0.text.contains("Total") })
        #expect(total.bold && total.alignment == 2)
        #expect(total.text == "Total €14.40")
        #expect(printed.texts.contains("2 x Wildflower honey              €14.40"))
        #expect(printed.lines.filter(\.bold).map(\.text) == ["Honey Store", "Total €14.40"], "only the name and the total are bold")
        // The card by brand and last four only; the order's number as a QR code the printer draws.
        #expect(printed.texts.contains("Paid with Visa **** 4242"))
        #expect(printed.commands.contains(.qrCode("HS-000042")))
        #expect(printed.texts.contains("Order HS-000042"))
        #expect(printed.texts.contains("2027-01-15 08:01 UTC"))
        #expect(printed.texts.allSatisfy { $0.displayWidth <= ReceiptDocument.width })
    }

    @Test func aCopyIsMarkedAndARefundedOrderSaysSo() throws {
        let printed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(Self.paidOrder(state: .refunded), copy: true)))
        let copy = try #require(printed.lines.first { $0.text == "** COPY **" })
        #expect(copy.bold && copy.alignment == 1)
        #expect(printed.texts.contains("This order was refunded."))
    }

    @Test func aFleetsReceiptNamesTheCounterThatTookThePaymentAndOthersDoNot() throws {
        var receipt = Self.paidOrder()
        receipt = PaidOrderReceipt(order: { var order = receipt.order; order.counter = "till-2"; return order }(), tender: receipt.tender,
                                   paidAt: receipt.paidAt, printedAt: nil, copies: 0)
        let named = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(receipt, copy: false)))
        #expect(named.texts.contains("Counter till-2"))
        let unnamed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(Self.paidOrder(), copy: false)))
        #expect(!unnamed.texts.contains { $0.hasPrefix("Counter ") })
    }

    @Test func eachTenderIsNamedAsMuchAsAReceiptMay() throws {
        let bank = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(Self.paidOrder(tender: .bank(name: "Albion Bank")), copy: false)))
        #expect(bank.texts.contains("Paid by bank: Albion Bank"))
        let wallet = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(Self.paidOrder(tender: .wallet(type: "wechatPay")), copy: false)))
        #expect(wallet.texts.contains("Paid with WeChat Pay"))
    }

    @Test func theDrawerIsKickedOnlyWhereTheReceiptSaysSo() throws {
        var document = ReceiptDocument(Self.paidOrder(), copy: false)
        #expect(!document.opensDrawer)
        document.opensDrawer = true
        let printed = try EscPosDecoder(EscPosReceipt.encode(document))
        #expect(Array(printed.commands.prefix(3)) == [.initialise, .codePage(19), .drawerKick], "the drawer opens as printing starts")
        #expect(printed.commands.filter { $0 == .drawerKick }.count == 1)
    }

    @Test func aChineseReceiptGoesOutInGB18030() throws {
        let document = Language.$current.withValue(.simplifiedChinese) { ReceiptDocument(Self.paidOrder(), copy: false) }
        let bytes = EscPosReceipt.encode(document)
        let printed = try EscPosDecoder(bytes)
        #expect(Array(printed.commands.prefix(2)) == [.initialise, .chineseMode])
        #expect(printed.texts.first == "蜂蜜商店")
        #expect(printed.texts.contains("订单 HS-000042"))
        #expect(printed.commands.contains(.qrCode("HS-000042")))
        // GB18030's bytes, not UTF-8's: 蜂 is B7 E4.
        #expect(bytes.firstRange(of: [0xB7, 0xE4]) != nil)
        #expect(bytes.firstRange(of: Array("蜂".utf8)) == nil)
    }

    @Test func aCharacterNotOnTheCodePagePrintsAsAQuestionMark() {
        #expect(EscPosTextEncoding.pc858.encode("€ é ı ✓") == [0xD5, 0x20, 0x82, 0x20, 0x3F, 0x20, 0x3F])
        #expect(EscPosTextEncoding.pc858.decode([0xD5, 0x20, 0x82]) == "€ é")
    }

    @Test func plainTextKeepsTheReceiptReadableInAFile() {
        let text = ReceiptText.render(ReceiptDocument(Self.paidOrder(), copy: true))
        #expect(text.contains("Order HS-000042"))
        #expect(text.contains("2 x Wildflower honey              €14.40"))
        #expect(text.contains("                            Total €14.40"))
        #expect(text.contains("Paid with Visa **** 4242"))
        #expect(text.contains("** COPY **"))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{1D}"), "no printer commands in a text file")
    }

    @Test func aFileIsAppendedToAndAMissingDeviceFailsWithoutBecomingAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("receipts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("receipts.txt").path
        let printer = ReceiptPrinter(path: path, format: .text)
        let document = ReceiptDocument(Self.paidOrder(), copy: false)
        #expect(printer.print(document) == .success(path))
        #expect(printer.print(document) == .success(path))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.components(separatedBy: "Order HS-000042").count == 3, "appended, both prints kept")
        #expect(ReceiptPrinter(path: "/dev/null/printer").print(document) == .failure(.cannotWrite("/dev/null/printer")))
        #expect(ReceiptPrinter(path: "/dev/usb/lp-none").print(document) == .failure(.cannotWrite("/dev/usb/lp-none")))
        #expect(!FileManager.default.fileExists(atPath: "/dev/usb/lp-none"))
        // Said at start, without printing anything.
        #expect(printer.check() == nil)
        #expect(ReceiptPrinter(path: directory.appendingPathComponent("new.prn").path).check() == nil)
        #expect(ReceiptPrinter(path: "/dev/null/printer").check() == .cannotWrite("/dev/null/printer"))
        #expect(ReceiptPrinter(path: "/dev/usb/lp-none").check() == .cannotWrite("/dev/usb/lp-none"))
    }

    @Test func aDeviceThatTakesNothingIsReportedNotWaitedFor() throws {
        // A pipe nobody reads, filled up: as a printer out of paper with a full buffer.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let chunk = [UInt8](repeating: 0x41, count: 65_536)
        while chunk.withUnsafeBytes({ write(ends[1], $0.baseAddress, $0.count) }) > 0 {}
        let path = "/proc/self/fd/\(ends[1])"
        let printer = ReceiptPrinter(path: path)
        let started = Date()
        let result = printer.write(Array(repeating: 0x41, count: 10), patience: 200)
        #expect(result == .failure(.notAccepting(path)))
        #expect(Date().timeIntervalSince(started) < 2)
    }
}

/// Through the kiosk: whatever way an order is paid, its receipt comes out of the printer once.
@Suite struct KioskReceiptTests {
    static let toCheckout = """
        Press Enter
        Expect "Acacia honey"
        Press 1
        Press +
        Press Enter
        Press c
        Press Enter
        Expect "Pay with:"
        """

    static func play(_ steps: String, format: String = "escpos") throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-printer-\(UUID().uuidString).prn").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let text = "# world: kiosk attract=off printer=\(file) printer-format=\(format)\n" + steps
        let world = KioskTapeWorld(tapeText: text)
        let result = try TapePlayer().play(text, makeApplication: world.makeApplication)
        #expect(result.failure == nil, "\(result.report(path: "kiosk receipt"))")
        return (try? Array(Data(contentsOf: URL(fileURLWithPath: file)))) ?? []
    }

    @Test func aCardPurchasePrintsOneReceiptWithTheCardsLastFourOnly() throws {
        let bytes = try Self.play(Self.toCheckout + """

            Press Enter
            Type "Jane Doe"
            Press Tab
            Type "4242424242424242"
            Press Tab
            Type "1230"
            Press Tab
            Type "123"
            Press Enter
            Press Enter
            Sleep 2s
            Expect "Receipt for order HS-000001 printed."
            Sleep 40s
            """)
        let printed = try EscPosDecoder(bytes)
        #expect(printed.commands.filter { $0 == .cut }.count == 1, "one receipt, printed once")
        #expect(printed.texts.contains("2 x Acacia honey                  €13.00"))
        #expect(printed.texts.contains("Paid with Visa **** 4242"))
        #expect(printed.commands.contains(.qrCode("HS-000001")))
        #expect(bytes.firstRange(of: Array("4242424242424242".utf8)) == nil && bytes.firstRange(of: Array("4242 4242".utf8)) == nil)
    }

    @Test func theExpressSheetsBankAndWalletsOrdersArePrintedToo() throws {
        let express = try EscPosDecoder(try Self.play(Self.toCheckout + "\nPress 2\nExpect \"Express pay\"\nPress Up\nPress Enter\nSleep 3s\nExpect \"✓ Paid\"\nSleep 2s"))
        #expect(express.commands.filter { $0 == .cut }.count == 1)
        #expect(express.texts.contains("Paid with Visa **** 4242"), "\(express.texts)")
        let wallet = try EscPosDecoder(try Self.play(Self.toCheckout + """

            Press 4
            Expect "WeChat Pay"
            Press Enter
            Expect "Scan with"
            Press c
            Sleep 3s
            Expect "Paid €"
            Sleep 2s
            """))
        #expect(wallet.texts.contains("Paid with WeChat Pay"), "\(wallet.texts)")
        let bank = try EscPosDecoder(try Self.play(Self.toCheckout + """

            Press 3
            Expect "Pay by bank"
            Press 4
            Expect "Choose your bank"
            Press 1
            Expect "online banking"
            Press a
            Sleep 10s
            """))
        #expect(bank.texts.contains("Paid by bank: Albion Bank"), "\(bank.texts)")
    }

    @Test func plainTextForAFile() throws {
        let text = String(decoding: try Self.play(Self.toCheckout + """

            Press Enter
            Type "Jane Doe"
            Press Tab
            Type "5555555555554444"
            Press Tab
            Type "1230"
            Press Tab
            Type "123"
            Press Enter
            Press Enter
            Sleep 3s
            """, format: "text"), as: UTF8.self)
        #expect(text.contains("Order HS-000001"))
        #expect(text.contains("Paid with Mastercard **** 4444"))
        #expect(!text.contains("\u{1B}"))
    }
}

/// Cash on paper: the tender, what was handed over and the change; the drawer opens with the
/// first print of a cash sale and of a cash refund, never with a copy or another tender's.
@Suite struct CashReceiptPrinterTests {
    static let cash = CashTendered(due: Money(minorUnits: 1440, currency: .eur), tendered: Money(minorUnits: 2000, currency: .eur),
                                   change: Money(minorUnits: 560, currency: .eur))

    @Test func aCashSaleSaysTenderedAndChangeAndOpensTheDrawerOnce() throws {
        let receipt = ReceiptPrinterTests.paidOrder(tender: .cash(Self.cash))
        let printed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(receipt, copy: false)))
        #expect(printed.texts.contains("Paid in cash"))
        #expect(printed.texts.contains("Tendered                          €20.00"))
        #expect(printed.texts.contains("Change due                         €5.60"))
        #expect(printed.commands.filter { $0 == .drawerKick }.count == 1)
        let copy = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(receipt, copy: true)))
        #expect(!copy.commands.contains(.drawerKick), "a reprint opens no drawer")
        let refunded = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(ReceiptPrinterTests.paidOrder(state: .refunded, tender: .cash(Self.cash)),
                                                                             copy: false)))
        #expect(!refunded.commands.contains(.drawerKick), "a refunded order's receipt takes no cash in")
    }

    @Test func aCashRefundPrintsWhereTheMoneyWentAndOpensTheDrawer() throws {
        let order = BackOfficeOrder(id: "ord_1", number: "HS-000042", state: .refunded, placedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                    total: Money(minorUnits: 1440, currency: .eur), lines: [], payment: .cash, refunds: [],
                                    refundable: Money(minorUnits: 0, currency: .eur))
        let refund = BackOfficeOrder.Refund(amount: Money(minorUnits: 1440, currency: .eur), jars: 2, state: .refunded,
                                            at: Date(timeIntervalSince1970: 1_800_000_100))
        let printed = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(refund: refund, of: order, copy: false)))
        #expect(printed.texts.contains("Given back in cash"))
        #expect(printed.commands.filter { $0 == .drawerKick }.count == 1)
        let copy = try EscPosDecoder(EscPosReceipt.encode(ReceiptDocument(refund: refund, of: order, copy: true)))
        #expect(!copy.commands.contains(.drawerKick))
        let card = BackOfficeOrder(id: "ord_1", number: "HS-000042", state: .refunded, placedAt: order.placedAt, total: order.total, lines: [],
                               payment: .card(brand: "Visa", lastFour: "4242"), refunds: [], refundable: order.refundable)
        #expect(!ReceiptDocument(refund: refund, of: card, copy: false).opensDrawer, "a card refund opens no drawer")
    }
}
