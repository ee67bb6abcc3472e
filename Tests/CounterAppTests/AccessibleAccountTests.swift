import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
import PaymentsCore
import Testing

/// The shopper's account in the accessible mode, walked line by line on the real controllers
/// (`AccessibleCounterTests.run`): what it says, and what the core holds afterwards.
@Suite struct AccessibleAccountTests {
    /// From the main menu: create an account (it lands back on the main menu, signed in).
    static let signUp = ["4", "2", "jane@example.com", "secret123"]
    /// From the main menu, signed in: the account.
    static let account = "4"

    static func run(_ lines: [String]) throws -> (output: String, services: CheckoutServices) {
        try AccessibleCounterTests.run(lines)
    }

    @Test func onlyASignedInShopperHasAnAccountEntry() throws {
        let (output, _) = try Self.run(Self.signUp + [Self.account, "9", "6", "6"])
        let guestMenu = output.components(separatedBy: "Main menu. Shopping as a guest.")[1]
        #expect(!guestMenu.components(separatedBy: "Your choice")[0].contains("Your account"))
        #expect(output.contains("  4. Your account\n  5. Sign out\n  6. Quit"))
        #expect(output.contains("  1. Saved cards\n  2. Order history\n  3. Subscriptions\n  4. Set payments PIN\n  5. Log out\n  6. Back to the main menu"))
        #expect(output.contains("Please answer with a number from 1 to 6."))
        #expect(output.hasSuffix("Goodbye.\n"))
    }

    @Test func aCardIsAddedWithTheCheckoutsChecksAndRemovedAfterAYes() throws {
        let (output, services) = try Self.run(Self.signUp + [
            Self.account, "1", "1",                                   // saved cards, add a card
            "4242 4242 4242 4241",                                    // a wrong digit: said at once
            "4242 4242 4242 4242", "12/30", "123", "Jane Doe",        // the number again, then the rest
            "1", "2", "2",                                            // the card: remove? keep it
            "3", "6", "6",                                            // back, back, quit
        ])
        #expect(output.contains(CardNumberError.failedChecksum.message))
        #expect(!output.contains("The card was not accepted."))
        #expect(output.contains("Saved Visa ending 4242."))
        #expect(output.contains("  1. Saved card Visa ending 4242, expires 12/30, default\n  2. Add a card\n  3. Back to your account"))
        #expect(output.contains("Remove Visa ending 4242?"))
        #expect(!output.contains("Removed"), "kept after a no")
        #expect(!output.contains("4242424242424242") && !output.contains("4242 4242 4242 4242"))
        #expect(try services.account.savedCards().map(\.card.lastFour) == ["4242"])

        let (removed, after) = try Self.run(Self.signUp + [
            Self.account, "1", "1", "4242 4242 4242 4242", "12/30", "123", "Jane Doe",
            "1", "2", "1",                                            // remove? yes
            "2", "6", "6",
        ])
        #expect(removed.contains("Removed Visa ending 4242."))
        #expect(removed.contains("No saved cards yet."))
        #expect(try after.account.savedCards().isEmpty)
    }

    @Test func aLockedShopperTypesHerPINBeforeAddingACard() throws {
        let (output, services) = try Self.run(Self.signUp + [
            Self.account, "4", "1234", "1234",                        // set a PIN
            "5", "4", "1", "jane@example.com", "secret123",           // log out, log in again: locked
            Self.account, "1", "1",
            "12a4",                                                   // not a PIN: no try spent
            "9999",                                                   // a wrong one
            "1234", "4242 4242 4242 4242", "12/30", "123", "Jane Doe",
            "3", "6", "6",
        ])
        #expect(output.contains("Your saved cards are locked. Enter your payments PIN to add a card."))
        #expect(output.contains("A payments PIN has 4 to 6 digits."))
        #expect(output.contains("Wrong PIN. 2 tries left."), "the first wrong one: 12a4 was not spent")
        #expect(output.contains("Saved Visa ending 4242."))
        #expect(try services.account.savedCards().count == 1)
    }

    @Test func thePINIsSetThenChangedWithTheCurrentOneFirst() throws {
        let (output, services) = try Self.run(Self.signUp + [
            Self.account, "4",
            "12",                           // too short
            "1234", "1235",                 // not the same
            "1234",                         // again
            "4",                            // change payments PIN (the menu's line changed)
            "9999", "4321", "4321",         // a wrong current PIN
            "1234", "4321", "4321",
            "6", "6",
        ])
        #expect(output.contains("A payments PIN has 4 to 6 digits."))
        #expect(output.contains("The two PINs are not the same."))
        #expect(output.contains("Payments PIN set. Your saved cards and bids ask for it."))
        #expect(output.contains("  4. Change payments PIN"))
        #expect(output.contains("Wrong PIN. 2 tries left.\nYour current payments PIN (empty to go back):"))
        #expect(output.contains("Payments PIN changed."))
        // The core holds the new PIN: changing it again takes 4321, not 1234.
        #expect(throws: AccountError.self) { try services.account.changePIN(current: "1234", new: "5555") }
        try services.account.changePIN(current: "4321", new: "5555")
    }

    @Test func threeWrongPINsLockAndSayUntilWhen() throws {
        let (output, _) = try Self.run(Self.signUp + [
            Self.account, "4", "1234", "1234", "4",
            "1111", "4321", "4321", "2222", "4321", "4321", "3333", "4321", "4321",
            "",                             // back to the account
            "6", "6",
        ])
        #expect(output.contains("Wrong PIN. 1 try left."))
        #expect(output.contains("Too many wrong PINs. Payments are locked; try again at "))
        #expect(!output.contains("Payments PIN changed."))
        #expect(output.hasSuffix("Goodbye.\n"))
    }

    @Test func theHistoryShowsAPaidOrderAndHowItWasPaid() throws {
        let (output, _) = try Self.run(Self.signUp + [
            "1", "1", "1",                                            // one jar of acacia
            "3", "1", "4242 4242 4242 4242", "12/30", "123", "Jane Doe", "2",
            Self.account, "2", "6", "6",
        ])
        #expect(output.contains("Payment approved."))
        let history = output.components(separatedBy: "\n\nOrder history\n")[1]
        #expect(history.hasPrefix("HS-000001  "))
        #expect(history.contains("1 item  paid, €6.50\n  Paid with Visa ending 4242\n"), "the card said as words: bullets are read out one by one")
    }

    @Test func aSubscriptionIsPaidAfterAQuestionAndA3DSCheckThenCancelled() throws {
        let (output, services) = try Self.run(Self.signUp + [
            Self.account, "1", "1", "4000 0027 6000 3184", "12/30", "123", "Jane Doe",  // a card that asks for 3-D Secure
            "123456", "3",                  // its bank checks it before it is saved (nothing charged)
            "3", "1", "2",                  // subscriptions, Monthly jar, back: nothing paid
            "1", "1", "000000",             // subscribe and pay: the bank refuses a wrong code
            "1", "1", "123456",             // again, with the code
            "3", "2",                       // ours: cancel at period end
            "3", "1", "2",                  // cancel now? keep it
            "3", "1", "1",                  // cancel now? yes
            "3",                            // a cancelled one
            "4", "6", "6",
        ])
        #expect(output.contains("Paid with Visa ending 3184."))
        #expect(output.contains("  1. Subscribe to Monthly jar: €9.90 a month\n  2. Subscribe to Weekly jar: €3.50 a week\n"))
        #expect(output.contains("Subscribe to Monthly jar? €9.90 is charged now to Visa ending 3184, then at each renewal."))
        #expect(output.contains("Your bank asks you to confirm (3-D Secure): €9.90 to Honey Store with Visa ending 3184."))
        #expect(output.contains("The code your bank sent (empty to cancel):\nNot subscribed: The security check failed. Your card was not charged."))
        #expect(output.contains("Subscribed. The first period is paid."))
        #expect(output.contains("  3. Yours: Monthly jar · period 1 · active, ends "))
        #expect(output.contains("It ends when the paid period does."))
        #expect(output.contains("Cancel Monthly jar now? It ends today; the period already paid is not refunded."))
        #expect(output.contains("Cancelled now."))
        #expect(output.contains("This subscription is already cancelled."))
        let subscriptions = try services.account.subscriptions()
        #expect(subscriptions.count == 1)
        #expect(subscriptions.first?.state == .canceled)
    }

    @Test func aLockedShopperTypesHerPINBeforeASubscriptionIsCharged() throws {
        let (output, services) = try Self.run(Self.signUp + [
            Self.account, "1", "1", "4242 4242 4242 4242", "12/30", "123", "Jane Doe", "3",  // a card
            "4", "1234", "1234",                                      // set a PIN
            "5", "4", "1", "jane@example.com", "secret123",           // log out, log in again: locked
            Self.account, "3", "1", "1",                              // Monthly jar, subscribe and pay
            "",                                                       // no PIN: back to the plans, nothing paid
            "1", "1", "9999",                                         // again, a wrong PIN
            "1234",                                                   // the right one
            "4", "6", "6",
        ])
        #expect(output.contains("Your saved cards are locked. Enter your payments PIN to subscribe to Monthly jar."))
        #expect(output.contains("Wrong PIN. 2 tries left."))
        #expect(output.contains("Subscribed. The first period is paid."))
        let subscriptions = try services.account.subscriptions()
        #expect(subscriptions.count == 1, "backing out of the PIN subscribed to nothing; the right PIN to one")
    }

    /// Locked saved cards pay, and a typed card is saved, only after the payments PIN, as on
    /// the screen; going back from the PIN pays nothing.
    @Test func aLockedShopperTypesHerPINBeforePayingWithASavedCardOrSavingOne() throws {
        let (output, services) = try Self.run(Self.signUp + [
            Self.account, "1", "1", "4242 4242 4242 4242", "12/30", "123", "Jane Doe", "3",  // a card
            "4", "1234", "1234",                                      // set a PIN
            "5", "4", "1", "jane@example.com", "secret123",           // log out, log in again: locked
            "1", "1", "1",                                            // one jar of acacia
            "3", "2", "5555 5555 5555 4444", "12/30", "123", "Jane Doe", "1",  // a new card, saved
            "",                                                       // no PIN: nothing paid
            "3", "1", "9999", "1234",                                 // the saved card: a wrong PIN, the right one
            "6",
        ])
        #expect(output.contains("Your saved cards are locked. Enter your payments PIN to save Mastercard ending 4444 and pay."))
        #expect(output.contains("Your saved cards are locked. Enter your payments PIN to pay with Visa ending 4242."))
        #expect(output.contains("Wrong PIN. 2 tries left."))
        #expect(output.components(separatedBy: "Payment approved.").count == 2, "one payment: backing out of the PIN paid nothing")
        #expect(try services.account.savedCards().map(\.card.lastFour) == ["4242"], "backing out of the PIN saved nothing")
        #expect(try services.account.orderHistory().filter { $0.state == .paid }.count == 1)
    }

    @Test func theEndOfInputInsideTheAccountQuits() throws {
        for cut in [[Self.account], [Self.account, "4", "12"], [Self.account, "1", "1", "4242"], [Self.account, "3", "1"]] {
            let (output, _) = try Self.run(Self.signUp + cut)
            #expect(output.hasSuffix("Goodbye.\n"))
        }
    }

    @Test func theAccountInChinese() throws {
        let (output, services) = try Language.$current.withValue(.simplifiedChinese) {
            try Self.run(Self.signUp + [Self.account, "4", "12", "1234", "1234", "6", "6"])
        }
        #expect(output.contains("我的账户"))
        #expect(output.contains("设置支付密码"))
        #expect(output.contains("新密码（留空则返回）："))
        #expect(output.contains("支付密码已设置。使用已保存的卡和出价时需要输入。"))
        #expect(!output.contains("Payments PIN set"))
        #expect(services.account.hasPIN)
    }
}
