@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Through the kiosk's receipt printer, read back: each refund prints its own REFUND receipt
/// once (a second Enter prints nothing more), a void its VOID receipt, the Z report itself; a
/// card only by brand and last four.
@Suite struct BackOfficePrintoutTests {
    static let buyAndOpenTheBackOffice = """
        Press Enter
        Expect "Acacia honey"
        Press 1
        Press +
        Press Enter
        Press c
        Press Enter
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
        Press F10
        Type "4711"
        Press Enter
        Press 6
        Expect "HS-000001"
        """

    /// - Parameter counter: `kiosk attract=off` (no till), or `shell` (a staffed counter, with a till).
    static func play(_ world: String, _ steps: String, counter: String = "kiosk attract=off") throws -> EscPosDecoder {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("backoffice-printer-\(UUID().uuidString).prn").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let text = "# world: \(counter) operator-pin=4711 \(world) printer=\(file)\n" + steps
        let result = try TapePlayer().play(text, makeApplication: KioskTapeWorld(tapeText: text).makeApplication)
        #expect(result.failure == nil, "\(result.report(path: "back-office printout"))")
        let bytes = (try? Array(Data(contentsOf: URL(fileURLWithPath: file)))) ?? []
        #expect(bytes.firstRange(of: Array("4242424242424242".utf8)) == nil, "no card number in clear")
        return try EscPosDecoder(bytes)
    }

    /// Issue 35: the drawer opens with each cash movement's paper, once: the sale's receipt and
    /// each cash refund's receipt; a reprint opens nothing.
    @Test func theDrawerOpensWithACashSaleAndEachCashRefundOnly() throws {
        let printed = try Self.play("", """
            Press Enter
            Press 1
            Press +
            Press Enter
            Press c
            Press Enter
            Press 5
            Type "20"
            Press Enter
            Sleep 1s
            Expect "Receipt for order HS-000001 printed."
            Press Escape
            Press Escape
            Press Escape
            Press 3
            Type "4711"
            Press Enter
            Press 5
            Press Enter
            Press j
            Type "1"
            Press Enter
            Sleep 1s
            Expect "Refund receipt printed on"
            Press w
            Press y
            Sleep 1s
            Expect "left to refund €0.00"
            """, counter: "shell")
        #expect(printed.commands.filter { $0 == .drawerKick }.count == 3, "the sale and its two cash refunds")
        #expect(printed.texts.contains("Paid in cash"))
        #expect(printed.texts.filter { $0 == "Given back in cash" }.count == 2)
    }

    @Test func eachRefundPrintsItsOwnReceiptOnceAndTheZReportPrintsItself() throws {
        let printed = try Self.play("", Self.buyAndOpenTheBackOffice + """

            Press Enter
            Press j
            Type "1"
            Press Enter
            Press Enter
            Expect "Refund receipt printed on"
            Press w
            Press y
            Expect "left to refund €0.00"
            Press Esc
            Press z
            Press y
            Expect "Z report no. 1 printed on"
            """)
        // The order's receipt, two refunds' receipts, the Z report: four cuts.
        #expect(printed.commands.filter { $0 == .cut }.count == 4, "\(printed.texts)")
        #expect(printed.texts.filter { $0 == "REFUND" }.count == 2)
        #expect(printed.texts.contains("1 x Acacia honey                  -€6.50"), "\(printed.texts)")
        #expect(printed.texts.contains("Left to refund €6.50") && printed.texts.contains("Left to refund €0.00"))
        #expect(printed.texts.contains("Back to Visa **** 4242"))
        #expect(printed.texts.contains { $0.hasPrefix("Refund orf_") })
        #expect(printed.texts.contains("Z REPORT NO. 1"))
        #expect(printed.texts.contains { $0.hasPrefix("  Card × 1") && $0.hasSuffix("€13.00") }, "\(printed.texts)")
    }

    @Test func aVoidPrintsItsReceipt() throws {
        let printed = try Self.play("customer cards=4242424242424242", """
            Type "2"
            Press Enter
            Press Space
            Type "c"
            Press Enter
            Type "b"
            Sleep 2s
            Expect "You joined the auction"
            Press Esc
            Press Esc
            Press F10
            Type "4711"
            Press Enter
            Press 6
            Press v
            Press Enter
            Press y
            Sleep 1s
            Expect "Void receipt printed on"
            """)
        #expect(printed.commands.filter { $0 == .cut }.count == 1)
        #expect(printed.texts.contains("VOID"))
        #expect(printed.texts.contains("LX 318 · LHR -> ZRH · 2026-11-28"), "\(printed.texts)")
        #expect(printed.texts.contains("Released €150.00") && printed.texts.contains("Card Visa **** 4242"))
    }
}
