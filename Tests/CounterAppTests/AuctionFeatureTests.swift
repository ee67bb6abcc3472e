import CheckoutKit
@testable import CounterApp
import Foundation
import PaymentsCore
import TerminalUI
import Testing

/// The auction steps' reducers, keys and drawing, without a core: the flow's snapshots are
/// written by hand, so each step can be looked at alone (and at both sizes).
@Suite struct AuctionFeatureTests {
    static let euro = Currency(code: "EUR")!

    static func context(tips: [String] = ["Bid what it is worth to you."], drop field: String? = nil) throws(UpgradeContextError) -> UpgradeContext {
        var draft = UpgradeContext.Draft()
        draft.flightNumber = "LX 318"
        draft.origin = "LHR"
        draft.destination = "ZRH"
        draft.departure = Date(timeIntervalSince1970: 1_795_824_000)
        draft.currentCabin = "Economy"
        draft.upgradeCabin = "Business"
        draft.auctionIdentifier = "auction-lx318"
        draft.startBid = Money(minorUnits: 15_000, currency: euro)
        draft.increment = Money(minorUnits: 1_000, currency: euro)
        draft.closesAt = Date(timeIntervalSince1970: 1_795_600_800)
        draft.terms = ["Joining places your start bid as a hold.", "The highest bid wins."]
        draft.tips = tips
        if field == "startBid" { draft.startBid = nil }
        return try draft.validated()
    }

    static let visa = PaymentCard(id: "pm_1", brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2030, holderName: "Ada Lovelace", isDefault: true)
    static let mastercard = PaymentCard(id: "pm_2", brand: "Mastercard", lastFour: "4444", expiryMonth: 8, expiryYear: 2029, holderName: "Ada Lovelace")

    static func flowState(_ step: AuctionJoinFlow.Step, access: AuctionJoinFlow.PaymentsAccess = .unlocked,
                          notice: AuctionJoinFlow.Notice? = nil) throws -> AuctionFeature.State {
        var state = AuctionFeature.State()
        state.phase = .flow
        state.context = try context()
        state.flow.step = step
        state.flow.access = access
        state.flow.isSignedIn = true
        state.flow.payments = [visa, mastercard]
        state.flow.selectedCardId = visa.id
        state.flow.notice = notice
        state.flow.heldOn = "Visa •••• 4242"
        return state
    }

    static func screen(_ state: AuctionFeature.State, _ size: Size) -> Frame {
        var app = AppFeature.State()
        app.stack.append(.auction(state))
        var frame = Frame(size: size)
        AppFeature.draw(app, into: &frame)
        return frame
    }

    // MARK: - Reducers

    @Test func continueIsRefusedUntilTheTermsAreAccepted() {
        let store = TestStore(initialState: AuctionTerms.State(), environment: AuctionEnvironment()) { AuctionTerms.reduce(&$0, $1) }
        store.send(.continueTapped) { $0.warning = .mustAccept }
        store.send(.toggleAccept) { $0.accepted = true; $0.warning = nil }
        // Accepted: Continue asks the flow (none here, so nothing comes back).
        store.send(.continueTapped)
        store.finish()
    }

    @Test func aContextWithAMissingFieldIsAClearErrorNotAnEmptyScreen() throws {
        #expect(throws: UpgradeContextError.missingField("startBid")) { try Self.context(drop: "startBid") }
        #expect(UpgradeContextError.missingField("startBid").message == "The auction's start bid is missing.")
        let store = TestStore(initialState: AuctionFeature.State(), environment: AuctionEnvironment()) { AuctionFeature.reduce(&$0, $1) }
        store.send(.openFailed(title: "Upgrade to Business", problem: .context(.missingField("startBid")))) {
            $0.phase = .contextError(title: "Upgrade to Business", problem: .context(.missingField("startBid")))
        }
        for size in [Size(columns: 80, rows: 24), Size(columns: 200, rows: 60)] {
            let text = Self.screen(store.state, size).text
            #expect(text.contains("This auction cannot open"))
            #expect(text.contains("The auction's start bid is missing."))
            #expect(text.contains("Enter Back to the list"))
        }
        #expect(AuctionFeature.action(for: .key(.enter), in: store.state, size: Size(columns: 80, rows: 24)) == .dismissError)
        store.send(.dismissError) { $0.phase = .entry }
        store.finish()
    }

    @Test func aClosedAuctionIsRefusedAtTheList() {
        let closed = AuctionListing(id: "auction-lx40", title: "Upgrade to First", flight: "LX 40", route: "ZRH → LAX", departure: nil,
                                    cabin: "First", startBid: Money(minorUnits: 90_000, currency: Self.euro), increment: nil,
                                    closesAt: Date(timeIntervalSince1970: 1_795_255_200), isClosed: true)
        var state = AuctionEntry.State()
        state.listings = [closed]
        state.list = ListState(itemCount: 1, selected: 0, showsNumbers: true)
        let store = TestStore(initialState: state, environment: AuctionEnvironment()) { AuctionEntry.reduce(&$0, $1) }
        store.send(.activate) { $0.notice = .closed(flight: "LX 40", at: closed.closesAt) }
        #expect(store.state.notice.map(AuctionEntry.words) == "LX 40 closed on Sat 21 Nov 2026, 10:00 UTC: it takes no more bids.")
        store.finish()
    }

    @Test func thePINIsTypedMaskedAndKeepsTheKeys() throws {
        var state = try Self.flowState(.payment, access: .locked)
        state.payment.pin = "24"
        let size = Size(columns: 80, rows: 24)
        #expect(AuctionFeature.isTyping(state))
        #expect(AuctionFeature.action(for: .key(.character("6")), in: state, size: size) == .payment(.typePIN("6")))
        #expect(AuctionFeature.action(for: .key(.character("q")), in: state, size: size) == .payment(.ignoredKey))
        #expect(AuctionFeature.action(for: .key(.escape), in: state, size: size) == .back)
        let text = Self.screen(state, size).text
        #expect(text.contains("PIN   ••"))
        #expect(!text.contains("24"))
    }

    @Test func escGoesBackInsideTheFlowButWaitsWhileTheHoldIsPlaced() throws {
        let size = Size(columns: 80, rows: 24)
        for step in [AuctionJoinFlow.Step.terms, .review, .payment] {
            #expect(AuctionFeature.action(for: .key(.escape), in: try Self.flowState(step), size: size) == .back)
        }
        #expect(AuctionFeature.action(for: .key(.escape), in: try Self.flowState(.joining), size: size) == .joined(.ignored))
        #expect(AuctionFeature.action(for: .key(.escape), in: AuctionFeature.State(), size: size) == nil, "the list: Esc is the app's")
    }

    @Test func removingAsksFirstAndKeepIsTheSafeAnswer() throws {
        let store = TestStore(initialState: AuctionPayment.State(), environment: AuctionEnvironment()) { state, action in
            AuctionPayment.reduce(&state, action, flow: try! Self.flowState(.payment).flow, context: nil)
        }
        store.send(.removeTapped) { $0.removing = Self.visa; $0.dialog = ModalDialogState(buttonCount: 2, focusedButton: 1) }
        store.send(.dialog(.enter)) { $0.removing = nil }
        store.finish()
    }

    @Test func eachDataSourceFailureIsShownOnThePaymentStep() throws {
        let size = Size(columns: 80, rows: 24)
        let cases: [(AuctionJoinFlow.Notice, AuctionJoinFlow.PaymentsAccess, String)] = [
            (.saveFailed(.cardAlreadySaved), .unlocked, "The card was not saved: This card is saved already."),
            (.saveCancelled, .unlocked, "Saving the card was cancelled."),
            (.removeFailed(.described("This card is not saved.")), .unlocked, "The card was not removed: This card is not saved."),
            (.noCardSelected, .unlocked, "Choose a card first."),
            (.signInRequired, .unlocked, "Sign in to join an auction."),
            (.unlockFailed(.notSignedIn), .locked, "Log in first."),
            (.unlockCancelled, .locked, "Unlocking was cancelled: your saved cards stay locked."),
        ]
        for (notice, access, message) in cases {
            let text = Self.screen(try Self.flowState(.payment, access: access, notice: notice), size).text
            #expect(text.contains(message), "\(notice)\n\(text)")
        }
    }

    /// Where `text` is drawn on the screen, to click it.
    static func point(of text: String, in frame: Frame) -> Point? {
        for (y, row) in frame.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = row.range(of: text) { return Point(x: row.distance(from: row.startIndex, to: range.lowerBound), y: y) }
        }
        return nil
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 200, rows: 60)])
    func theMouseClicksWhatItPointsAt(_ size: Size) throws {
        let steps = try Self.everyStep()
        let entry = steps[0].1
        let click = { (text: String, state: AuctionFeature.State) -> AuctionFeature.Action? in
            guard let point = Self.point(of: text, in: Self.screen(state, size)) else { Issue.record("no \(text) at \(size)"); return nil }
            return AuctionFeature.action(for: .mouse(.left, at: point), in: state, size: size)
        }
        #expect(click("LX 318", entry) == .entry(.pick(0)))
        let terms = try Self.flowState(.terms)
        #expect(click("I have read", terms) == .terms(.toggleAccept))
        #expect(click("[ Continue ]", terms) == .terms(.continueTapped))
        #expect(click("Bid what it is worth", terms) == .terms(.showTip(0)))
        let cards = try Self.flowState(.payment)
        #expect(click("Mastercard •••• 4444", cards) == .payment(.pick(1)))
        #expect(click("[ Place start bid", cards) == .payment(.placeBidTapped))
    }

    // MARK: - Every step at 80x24 and 200x60

    static func everyStep() throws -> [(String, AuctionFeature.State, [String])] {
        var steps: [(String, AuctionFeature.State, [String])] = []
        var entry = AuctionFeature.State()
        entry.entry.listings = [AuctionListing(id: "auction-lx318", title: "Upgrade to Business", flight: "LX 318", route: "LHR → ZRH",
                                               departure: try Self.context().departure, cabin: "Business",
                                               startBid: Money(minorUnits: 15_000, currency: euro), increment: Money(minorUnits: 1_000, currency: euro),
                                               closesAt: Date(timeIntervalSince1970: 1_795_600_800), isClosed: false)]
        entry.entry.list = ListState(itemCount: 1, selected: 0, showsNumbers: true)
        steps.append(("entry", entry, ["› 1 LX 318", "Start bid     €150.00", "Increment     €10.00", "Closes"]))
        steps.append(("terms", try flowState(.terms), ["Auction terms", "Tip 1 of 1", "[ ] I have read and accept the auction terms", "[ Continue ]"]))
        steps.append(("review", try flowState(.review), ["Start bid     €150.00", "To            Business", "[ Continue to payment ]"]))
        steps.append(("locked", try flowState(.payment, access: .locked, notice: .unlockFailed(.customer(.wrongPIN(attemptsLeft: 2)))),
                      ["Saved payment methods: locked", "Wrong PIN. 2 tries left.", "[ Unlock ]  [ Cancel ]"]))
        steps.append(("locked out", try flowState(.payment, access: .lockedOut, notice: .tooManyAttempts),
                      ["Too many wrong PINs.", "Esc goes back to the review."]))
        steps.append(("cards", try flowState(.payment, notice: .chargeFailed(.declined)),
                      ["› 1 Visa •••• 4242  12/30", "Your card was declined. Try another card.", "[ Place start bid: hold €150.00 on Visa •••• 4242 ]"]))
        var removing = try flowState(.payment)
        removing.payment.removing = visa
        steps.append(("remove", removing, ["Remove card", "[ Remove ]  [ Keep ]"]))
        var form = try flowState(.payment)
        form.payment.cardForm = CardFormFeature.State(canSave: true, today: Date(timeIntervalSince1970: 1_795_341_600), submitTitle: "Save card")
        steps.append(("card form", form, ["Add a card", "Name on card", "Card number", "Expiry", "CVC", "[ Save card ]"]))
        steps.append(("joining", try flowState(.joining), ["Placing your start bid"]))
        var challenge = try flowState(.joining)
        challenge.challenge = ChallengeFeature.State(challenge: ThreeDSChallenge(
            identifier: "bid_1", amount: Money(minorUnits: 15_000, currency: euro), merchantName: "Upgrade auction",
            cardBrand: "Visa", cardLastFour: "3220", prompt: .bankCode))
        steps.append(("challenge", challenge, ["Security check · Visa •••• 3220", "Enter the code your bank sent you."]))
        steps.append(("joined", try flowState(.joined(authToken: "sbat_1")), ["You joined the auction", "€150.00 held on Visa •••• 4242, not charged"]))
        return steps
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 200, rows: 60)])
    func everyStepIsReadableAndKeepsToItsColumn(_ size: Size) throws {
        let column = AuctionLayout.column(in: AppFeature.contentArea(size))
        for (name, state, lines) in try Self.everyStep() {
            let frame = Self.screen(state, size)
            let text = frame.text
            // Whole, not cut: each line the step must show is there in full.
            for line in lines { #expect(text.contains(line), "\(name) at \(size): no \"\(line)\"\n\(text)") }
            // The footer's first hint is there, and nothing of the step runs into the header or the footer rows.
            let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(rows.first == " Checkout Counter", "\(name) at \(size)")
            #expect(AuctionFeature.keyHints(for: state).first.map { rows.last?.hasPrefix($0.key) ?? false } ?? true, "\(name) at \(size)")
            // Everything the step draws lies inside its column (dialogs included).
            for y in 1..<(size.rows - 1) {
                for x in 0..<size.columns where frame[x, y].character != " " {
                    #expect(x >= column.x && x < column.maxX, "\(name) at \(size): \"\(frame[x, y].character)\" at \(x),\(y) outside the column")
                }
            }
        }
    }
}
