import CheckoutKit
@testable import CounterApp
import Foundation
import Testing

/// Issue 32: "Save this card" starts unticked wherever a card is typed for one payment (the
/// store's checkout, the auction's "New card bid"); only a form whose whole point is saving (the
/// auction's "Add card", the account's "Saved cards") starts ticked.
@Suite struct SaveThisCardStartsUntickedTests {
    static func paymentForm(for use: AuctionPayment.NewCardUse) throws -> CardFormFeature.State? {
        var state = AuctionPayment.State()
        _ = AuctionPayment.reduce(&state, .cardFormOpened(use, today: StoreWorld.now),
                                  flow: try AuctionFeatureTests.flowState(.payment).flow, context: nil)
        return state.cardForm
    }

    @Test func theAuctionsNewCardBidFormStartsUnticked() throws {
        let form = try #require(try Self.paymentForm(for: .placeBid))
        #expect(form.asksToSave && form.canSave)
        #expect(!form.saveCard)
    }

    @Test func theAuctionsAddCardFormIsThereToSave() throws {
        let form = try #require(try Self.paymentForm(for: .addToList))
        #expect(form.saveCard)
    }

    @Test func theStoresCheckoutFormStartsUntickedForAShopper() {
        var state = CheckoutFeature.State(savedCards: [], now: StoreWorld.now)
        state.phase = .choosing
        _ = CheckoutFeature.reduce(&state, .cardFormOpened(today: StoreWorld.now), session: StoreSession(shopper: "bee@example.com"))
        guard case .cardForm(let form) = state.phase else { Issue.record("no card form: \(state.phase)"); return }
        #expect(form.canSave, "a signed-in shopper may tick it")
        #expect(!form.saveCard)
    }
}
