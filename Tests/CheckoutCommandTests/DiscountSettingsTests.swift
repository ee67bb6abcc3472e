import Foundation
@testable import checkout
import PaymentsCore
import Testing

/// The shop's `[discount]` settings: its reasons, those needing a note, the cashier's ceiling;
/// a mistake is refused with the file, the line and the key.
@Suite struct DiscountSettingsTests {
    @Test func theShopsReasonsAndCeilingAreRead() throws {
        let settings = try ShopSettingsFile.parse("""
            [discount]
            reasons = ["damaged", "birthday", "other"]
            reasons_needing_a_note = ["birthday", "other"]
            cashier_ceiling = "12.5%"
            """, file: "shop.toml")
        #expect(settings.discounts.reasons.map(\.rawValue) == ["damaged", "birthday", "other"])
        #expect(settings.discounts.reasonsNeedingNote == [DiscountReason(rawValue: "birthday"), .other])
        #expect(settings.discounts.cashierCeilingBasisPoints == 1250)
        #expect(ShopSettings.defaults.discounts == .standard)
        #expect(ShopSettings.defaults.discounts.cashierCeilingBasisPoints == 1000)
    }

    @Test func reasonsWithoutOtherNeedNoNoteByDefault() throws {
        let settings = try ShopSettingsFile.parse("[discount]\nreasons = [\"damaged\"]", file: "shop.toml")
        #expect(settings.discounts.reasonsNeedingNote.isEmpty)
    }

    @Test(arguments: [
        ("[discount]\nreasons = []", "shop.toml:2: discount.reasons: the list of reasons cannot be empty"),
        ("[discount]\nreasons = [\"a\", \"a\"]", "shop.toml:2: discount.reasons: each reason is named once, and not empty"),
        ("[discount]\nreasons_needing_a_note = [\"birthday\"]", "shop.toml:2: discount.reasons_needing_a_note: \"birthday\" is not one of the reasons"),
        ("[discount]\ncashier_ceiling = 0.1", "shop.toml:2: discount.cashier_ceiling: a rate is basis points from 0 to 10000 (1900 is 19%), or a percentage as text such as \"7.7%\""),
        ("[discount]\nceiling = \"10%\"", "shop.toml:2: discount.ceiling: unknown key; [discount] has reasons, reasons_needing_a_note, cashier_ceiling"),
    ])
    func aMistakeIsRefusedWithItsPlace(_ text: String, _ message: String) {
        #expect(throws: ShopSettingsError.self) { try ShopSettingsFile.parse(text, file: "shop.toml") }
        do {
            _ = try ShopSettingsFile.parse(text, file: "shop.toml")
        } catch {
            #expect(error.description == message)
        }
    }
}
