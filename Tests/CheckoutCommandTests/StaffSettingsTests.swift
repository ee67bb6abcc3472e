import Foundation
@testable import checkout
import PaymentsCore
import Testing

/// The shop's `[staff]` settings (issue 36): how long a staffed counter waits without a key
/// before it asks who is serving again.
@Suite struct StaffSettingsTests {
    @Test func theIdleLockIsReadAndAMistakeIsNamed() throws {
        #expect(ShopSettings.defaults.staffLockAfterSeconds == 300)
        #expect(try ShopSettingsFile.parse("[staff]\nlock_after_seconds = 90\n", file: "shop.toml").staffLockAfterSeconds == 90)
        #expect(try ShopSettingsFile.parse("[staff]\nlock_after_seconds = 0\n", file: "shop.toml").staffLockAfterSeconds == 0, "0: never")
        for wrong in ["lock_after_seconds = -1", "lock_after_seconds = \"5 minutes\"", "lock_after = 90"] {
            #expect(throws: ShopSettingsError.self, "\(wrong)") { try ShopSettingsFile.parse("[staff]\n\(wrong)\n", file: "shop.toml") }
        }
    }
}
