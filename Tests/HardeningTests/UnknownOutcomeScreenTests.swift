@_spi(Core) import CheckoutKit
import Clocks
import CounterApp
import Foundation
import GRDB
@_spi(Testing) import PaymentsCore
import TerminalUI
import Testing

/// What the shopper sees when a payment's answer cannot be recorded (a full disk, a lock held
/// too long): the truth, with the order; no second card; the screen turns into the receipt by
/// itself once the settler has learnt the answer.
@Suite("An unknown outcome on screen")
struct UnknownOutcomeScreenTests {
    /// Fails the next commits of the counter's own connection, as a failing disk would.
    final class FailingWrites: TransactionObserver {
        var failNext = 0
        struct DiskFull: Error {}
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseWillCommit() throws {
            guard failNext > 0 else { return }
            failNext -= 1
            throw DiskFull()
        }
        func databaseDidCommit(_ db: Database) {}
        func databaseDidRollback(_ db: Database) {}
    }

    @Test("a lost answer says 'checking', offers no other card, and becomes the receipt by itself")
    func checkingThenReceipt() throws {
        let app = CounterApplication(makeServices: CounterApplication.services(database: ":memory:"))
        let terminal = HeadlessTerminal(application: app)
        let writes = FailingWrites()
        let queue = try #require(app.services).core.database.queue
        queue.inDatabase { db in db.add(transactionObserver: writes, extent: .databaseLifetime) }

        for key in [Key.enter, .character("4"), .character("+"), .enter, .character("c"), .enter, .enter] { terminal.send(key) }
        terminal.type("Jane Doe\t4242424242424242\t1230\t123")
        terminal.send(.enter)
        terminal.send(.enter)
        #expect(terminal.text.contains("Charging Visa •••• 4242"), "\(terminal.text)")
        writes.failNext = 1 // the acquirer's answer cannot be written
        terminal.advance(by: .seconds(1))
        #expect(terminal.text.contains("Checking with the bank about order HS-000001"), "\(terminal.text)")
        #expect(terminal.text.contains("We do not know yet whether this payment went through"), "\(terminal.text)")
        #expect(!terminal.text.contains("Not paid"), "\(terminal.text)")
        #expect(!terminal.text.contains("Pay with:"), "no other card is offered while the first is unknown")

        // Back to the cart: it is tied to the order and cannot change.
        terminal.send(.escape)
        #expect(terminal.text.contains("Your cart"), "\(terminal.text)")
        terminal.send(.character("e"))
        terminal.send(.character("y"))
        #expect(terminal.text.contains("Cart 2 · €14.40"), "\(terminal.text)")
        #expect(!terminal.text.contains("The cart is empty now."), "\(terminal.text)")
        #expect(terminal.text.contains("We are checking with the bank about order HS-000001"), "\(terminal.text)")
        // Checking out again shows the same order being checked, not the card picker.
        terminal.send(.enter)
        #expect(terminal.text.contains("Checking with the bank about order HS-000001"), "\(terminal.text)")

        // The settler asks the acquirer again; the screen becomes the receipt, paid once.
        terminal.advance(by: .seconds(20))
        #expect(terminal.text.contains("Thank you! Payment approved."), "\(terminal.text)")
        #expect(terminal.text.contains("Order HS-000001"), "\(terminal.text)")
        let charges = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") }
        #expect(charges == 1)
    }
}
