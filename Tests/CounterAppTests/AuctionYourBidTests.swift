import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// "Your bid": raising and leaving are asked once with the amounts named, keys act only where
/// they do something, and a refused raise says the old bid stands. (The tapes
/// `joined-list-and-raise`, `leave`, `won` and `lost` play them on a real core.)
@Suite struct AuctionYourBidTests {
    static let euro = AuctionFeatureTests.euro
    static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: euro) }

    static func state(_ standing: ShopperBid.Standing = .held, closed: Bool = false) -> AuctionYourBid.State {
        let listing = AuctionListing(id: "auction-lx318", title: "Upgrade to Business", flight: "LX 318", route: "LHR → ZRH", departure: nil,
                                     cabin: "Business", startBid: euros(15_000), increment: euros(1_000),
                                     closesAt: Date(timeIntervalSince1970: 1_795_600_800), isClosed: closed)
        let open = standing == .held && !closed
        let bid = ShopperBid(bidId: "bid_1", auctionId: "auction-lx318", amount: euros(15_000), standing: standing, card: "Visa •••• 4242",
                             minimumRaise: open ? euros(16_000) : nil)
        return AuctionYourBid.State(listing: listing, bid: bid)
    }

    private func store(_ state: AuctionYourBid.State = Self.state()) -> TestStore<AuctionYourBid.State, AuctionYourBid.Action, AuctionEnvironment> {
        TestStore(initialState: state, environment: AuctionEnvironment()) { AuctionYourBid.reduce(&$0, $1) }
    }

    /// With no data source behind it the raise is refused as not open; the €150 bid stands and
    /// the bid is read again.
    private func receiveRaiseRefusedAsNotOpen(_ store: TestStore<AuctionYourBid.State, AuctionYourBid.Action, AuctionEnvironment>) {
        store.receive(.raised(.failure(.storeNotOpen))) {
            $0.working = nil
            $0.notice = .raiseRefused(.storeNotOpen, standing: Self.euros(15_000))
        }
        store.receive(.reload)
        store.receive(.reloaded(nil))
        store.finish()
    }

    @Test func aRaiseStartsAtTheLowestAndNeverGoesBelowItAndIsAskedBeforeAnythingMoves() {
        let store = store()
        store.send(.startRaise) { $0.mode = .choosingRaise(Self.euros(16_000)) }
        store.send(.less)
        store.send(.more) { $0.mode = .choosingRaise(Self.euros(17_000)) }
        store.send(.chooseRaise) { $0.mode = .confirmingRaise(Self.euros(17_000)) }
        store.send(.cancel) { $0.mode = .viewing }
        store.finish()
    }

    @Test func aConfirmedRaiseAsksTheDataSourceAndARefusalSaysTheOldBidStands() {
        let store = store()
        store.send(.startRaise) { $0.mode = .choosingRaise(Self.euros(16_000)) }
        store.send(.chooseRaise) { $0.mode = .confirmingRaise(Self.euros(16_000)) }
        store.send(.confirm) {
            $0.mode = .viewing
            $0.working = .raising(Self.euros(16_000))
        }
        receiveRaiseRefusedAsNotOpen(store)
        #expect(AuctionYourBid.words(store.state.notice!, card: "Visa •••• 4242").hasSuffix("Your bid of €150.00 still stands."))
    }

    @Test func aRaiseWithTheSavedCardsLockedAsksThePINAndHoldsNothingUntilTheyAreUnlocked() {
        var client = StoreClient.unavailable
        var locked = true
        client.paymentsLocked = { locked }
        client.unlockPayments = { pin in
            guard pin == "2468" else { return .refused(.customer(.wrongPIN(attemptsLeft: 2))) }
            locked = false
            return nil
        }
        var state = Self.state()
        state.mode = .confirmingRaise(Self.euros(16_000))
        let store = TestStore(initialState: state, environment: AuctionEnvironment(store: client)) { AuctionYourBid.reduce(&$0, $1) }
        store.send(.confirm) {
            $0.mode = .viewing
            $0.working = .raising(Self.euros(16_000))
        }
        store.receive(.unlockNeeded(Self.euros(16_000))) {
            $0.working = nil
            $0.mode = .unlocking(PaymentsUnlockFeature.State(), raiseTo: Self.euros(16_000))
        }
        #expect(AuctionYourBid.isTyping(store.state))
        for digit in "2468" {
            store.send(.unlock(.typed(.character(digit)))) {
                guard case .unlocking(var unlock, let amount) = $0.mode else { return }
                unlock.pin.input.handle(.character(digit))
                $0.mode = .unlocking(unlock, raiseTo: amount)
            }
        }
        store.send(.unlock(.unlock)) { $0.mode = .unlocking(PaymentsUnlockFeature.State(), raiseTo: Self.euros(16_000)) }
        store.receive(.unlock(.answered(nil)))
        store.receive(.unlock(.delegate(.unlocked))) {
            $0.mode = .viewing
            $0.working = .raising(Self.euros(16_000))
        }
        // Unlocked: the raise goes to the data source (none here, so refused as not open).
        receiveRaiseRefusedAsNotOpen(store)
    }

    @Test func anAnswerNotKnownIsNeverADecline() {
        var state = Self.state()
        state.working = .raising(Self.euros(16_000))
        let store = store(state)
        store.send(.raised(.failure(.auction(.outcomeUnknown(bidId: "bid_2"))))) {
            $0.working = nil
            $0.notice = .raiseNotKnown(to: Self.euros(16_000), standing: Self.euros(15_000))
        }
        store.receive(.reload)
        store.receive(.reloaded(nil))
        store.finish()
    }

    @Test func leavingIsAskedOnceNamingTheHold() {
        let store = store()
        store.send(.askLeave) { $0.mode = .confirmingLeave }
        var frame = Frame(size: Size(columns: 80, rows: 24))
        AuctionYourBid.draw(store.state, into: &frame, in: Rect(x: 0, y: 0, width: 80, height: 22))
        #expect(frame.text.contains("Leave this auction? The hold of €150.00 on Visa •••• 4242 is released."))
        store.send(.confirm) {
            $0.mode = .viewing
            $0.working = .leaving
        }
        store.receive(.leftAuction(.failure(.storeNotOpen))) {
            $0.working = nil
            $0.notice = .leaveFailed(.storeNotOpen)
        }
        store.receive(.reload)
        store.receive(.reloaded(nil))
        store.finish()
    }

    @Test func keysAndHintsOnlyWhereTheyAct() {
        let held = Self.state()
        #expect(AuctionYourBid.action(for: .key(.character("r")), in: held) == .startRaise)
        #expect(AuctionYourBid.keyHints(held).map(\.key) == ["r", "l", "Esc"])
        for standing in [ShopperBid.Standing.lost, .left, .won(.charged(orderNumber: "HS-000001", amount: Self.euros(15_000))), .needsCheck] {
            let done = Self.state(standing, closed: standing != .needsCheck)
            #expect(AuctionYourBid.action(for: .key(.character("r")), in: done) == nil)
            #expect(AuctionYourBid.action(for: .key(.character("l")), in: done) == nil)
            #expect(AuctionYourBid.keyHints(done).map(\.key) == ["Esc"])
        }
        var working = held
        working.working = .leaving
        #expect(AuctionYourBid.action(for: .key(.escape), in: working) == nil, "no way out while the bank is asked")
        #expect(AuctionYourBid.keyHints(working).map(\.key) == ["…"])
    }

    @Test func theResultIsReadNotGuessed() {
        let charged = AuctionYourBid.standingWords(Self.state(.won(.charged(orderNumber: "HS-000007", amount: Self.euros(15_000)))).bid, card: "Visa •••• 4242").0
        #expect(charged == "You won the upgrade: charged €150.00 to Visa •••• 4242. Order HS-000007.")
        let unknown = AuctionYourBid.standingWords(Self.state(.won(.notKnownYet(orderNumber: nil))).bid, card: "Visa •••• 4242").0
        #expect(unknown.contains("not confirmed yet") && !unknown.contains("charged €"))
        #expect(AuctionYourBid.standingWords(Self.state(.lost, closed: true).bid, card: "").0.contains("released"))
    }
}
