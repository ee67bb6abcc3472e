import CheckoutKit
import Foundation
import TerminalUI

/// The auction flow at the counter (seed 002): a list of auctions, then the join flow's steps
/// (terms with tips, review, payment, the start bid) drawn from a snapshot of `AuctionJoinFlow`.
///
/// Each step is a small feature of its own (`AuctionEntry`, `AuctionTerms`, `AuctionReview`,
/// `AuctionPayment`, `AuctionJoined`); this one routes to the step on screen and takes the live
/// flow's answers (`flowChanged`, `leftFlow`, `challengeRequested`).
public enum AuctionFeature {
    public enum Phase: Equatable, Sendable {
        /// The list of auctions.
        case entry
        /// The chosen auction's context is missing a field: the flow does not open.
        case contextError(title: String, problem: AuctionProblem)
        /// The join flow is open; `flow.step` says which step.
        case flow
        /// The shopper's bid in an auction she joined (`yourBid`).
        case yourBid
    }

    public struct State: Equatable, Sendable {
        public var entry = AuctionEntry.State()
        public var phase: Phase = .entry
        public var context: UpgradeContext?
        public var flow = AuctionFlowSnapshot()
        public var terms = AuctionTerms.State()
        public var payment = AuctionPayment.State()
        /// The 3-D Secure challenge on top of the start bid (the store's challenge screen), while
        /// the issuer waits for a code.
        public var challenge: ChallengeFeature.State?
        public var yourBid: AuctionYourBid.State?

        public init() {}
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case entry(AuctionEntry.Action)
        case opened(UpgradeContext, AuctionFlowSnapshot)
        case openFailed(title: String, problem: AuctionProblem)
        case dismissError
        case terms(AuctionTerms.Action)
        case review(AuctionReview.Action)
        case payment(AuctionPayment.Action)
        case joined(AuctionJoined.Action)
        case challenge(ChallengeFeature.Action)
        /// Esc inside the flow: one step back (from terms, the flow calls `onBack`).
        case back
        // The live flow's answers.
        case flowChanged(AuctionFlowSnapshot)
        case leftFlow
        case challengeRequested(ThreeDSChallenge)
        case yourBid(AuctionYourBid.Action)
        /// The settler passed (an auction may have closed): what is on screen is read again.
        case dueWorkRan
        /// Somebody signed in over the payment step (`delegate(.signIn)`): the flow reads its
        /// data source again, on the same step.
        case signedIn
        /// Signed in on the way through the join flow, the shopper turned out to hold a bid in
        /// this auction already: her bid is shown, not a second join.
        case alreadyJoined(ShopperBid)
        case delegate(Delegate)
    }

    /// What the app does for the auction screen.
    public enum Delegate: Equatable, Sendable {
        /// Show the store's log-in or sign-up screen over this one.
        case signIn(AuthFeature.Mode)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, AuctionEnvironment> {
        switch action {
        // A step's call into the flow answered: the one place the snapshot is taken in.
        case .payment(.flowChanged(let snapshot)), .review(.flowChanged(let snapshot)), .terms(.flowChanged(let snapshot)),
             .joined(.flowChanged(let snapshot)):
            return .send(.flowChanged(snapshot))
        case .onAppear:
            return AuctionEntry.reduce(&state.entry, .load).map(Action.entry)
        case .entry(.open(let listing)):
            return open(listing)
        case .entry(.openBid(let listing)):
            guard let bid = listing.yourBid else { return .none }
            state.yourBid = AuctionYourBid.State(listing: listing, bid: bid)
            state.phase = .yourBid
            return .none
        case .yourBid(.done):
            state.yourBid = nil
            state.phase = .entry
            return .send(.onAppear)
        case .yourBid(let bidAction):
            guard var yourBid = state.yourBid else { return .none }
            let effect = AuctionYourBid.reduce(&yourBid, bidAction)
            state.yourBid = yourBid
            return effect.map(Action.yourBid)
        case .dueWorkRan:
            switch state.phase {
            case .entry: return .send(.onAppear)
            case .yourBid: return .send(.yourBid(.reload))
            case .flow, .contextError: return .none
            }
        case .entry(let entryAction):
            return AuctionEntry.reduce(&state.entry, entryAction).map(Action.entry)
        case let .opened(context, snapshot):
            state.context = context
            state.flow = snapshot
            state.terms = AuctionTerms.State()
            state.payment = AuctionPayment.State()
            state.challenge = nil
            state.phase = .flow
            return .none
        case let .openFailed(title, problem):
            state.phase = .contextError(title: title, problem: problem)
            return .none
        case .dismissError:
            state.phase = .entry
            return .none
        case .terms(let termsAction):
            return AuctionTerms.reduce(&state.terms, termsAction).map(Action.terms)
        case .review(let reviewAction):
            return AuctionReview.reduce(reviewAction).map(Action.review)
        case .payment(.signIn(let mode)):
            return .send(.delegate(.signIn(mode)))
        case .signedIn:
            guard state.phase == .flow else { return .none }
            let auctionId = state.context?.auction.identifier
            return .run { environment, send in
                if let auctionId, let bid = environment.bidSource(auctionId: auctionId)?.currentBid, bid.standing != .left {
                    return send(.alreadyJoined(bid))
                }
                if let snapshot = environment.withFlow({ flow, _ in flow.customerChanged() }) { send(.flowChanged(snapshot)) }
            }
        case .alreadyJoined(let bid):
            guard state.phase == .flow, let listing = state.entry.listings.first(where: { $0.id == bid.auctionId }) else { return .none }
            state.yourBid = AuctionYourBid.State(listing: listing, bid: bid)
            state.phase = .yourBid
            state.context = nil
            return .run { environment, _ in environment.close() }
        case .delegate:
            return .none
        case .payment(let paymentAction):
            return AuctionPayment.reduce(&state.payment, paymentAction, flow: state.flow, context: state.context).map(Action.payment)
        case .joined(.done):
            state.phase = .entry
            state.context = nil
            return .merge(.run { environment, _ in environment.close() }, .send(.onAppear))
        case .joined:
            return .none
        case .challenge(.delegate(.answer(let code))):
            // The authentication presenter's answer: the code, or nil when the customer gave up.
            state.challenge = nil
            return .run { environment, send in
                if let snapshot = environment.withFlow({ _, bridge in bridge.answerChallenge(code) }) { send(.flowChanged(snapshot)) }
            }
        case .challenge(let challengeAction):
            guard var challenge = state.challenge else { return .none }
            let effect = ChallengeFeature.reduce(&challenge, challengeAction)
            state.challenge = challenge
            return effect.map(Action.challenge)
        case .back:
            guard state.phase == .flow, state.flow.pendingCall == nil else { return .none }
            return .run { environment, send in
                if let snapshot = environment.withFlow({ flow, _ in flow.back() }) { send(.flowChanged(snapshot)) }
            }
        case .flowChanged(let snapshot):
            // A late answer of a flow already left (its onBack came first) changes nothing.
            guard state.phase == .flow else { return .none }
            if snapshot.step != state.flow.step { state.payment.stepEntered() }
            state.flow = snapshot
            return .none
        case .leftFlow:
            state.phase = .entry
            state.context = nil
            state.flow = AuctionFlowSnapshot()
            return .run { environment, _ in environment.close() }
        case .challengeRequested(let challenge):
            state.challenge = ChallengeFeature.State(challenge: challenge)
            return .none
        }
    }

    private static func open(_ listing: AuctionListing) -> Effect<Action, AuctionEnvironment> {
        .run { environment, send in
            do {
                let (context, snapshot) = try environment.open(auctionId: listing.id, send: send)
                send(.opened(context, snapshot))
            } catch {
                send(.openFailed(title: listing.title, problem: AuctionProblem(error)))
            }
        }
    }

    // MARK: - Keys

    /// The auction's own keys, before the app's (so a PIN field keeps its digits and Esc steps
    /// back inside the flow). Nil lets the app have the event: Esc on the list goes home.
    public static func action(for event: InputEvent, in state: State, size: Size) -> Action? {
        let body = AuctionLayout.body(in: AppFeature.contentArea(size))
        if let challenge = state.challenge {
            return ChallengeFeature.action(for: event, in: challenge).map(Action.challenge)
        }
        switch state.phase {
        case .entry:
            return AuctionEntry.action(for: event, in: state.entry, area: AppFeature.contentArea(size)).map(Action.entry)
        case .contextError:
            if case .key(let key) = event, key == .escape || key == .enter { return .dismissError }
            return nil
        case .yourBid:
            guard let yourBid = state.yourBid else { return nil }
            return AuctionYourBid.action(for: event, in: yourBid).map(Action.yourBid)
        case .flow:
            break
        }
        switch state.flow.step {
        case .terms:
            if event == .key(.escape) { return .back }
            guard let context = state.context else { return nil }
            return AuctionTerms.action(for: event, in: state.terms, context: context, body: body).map(Action.terms)
        case .review:
            if event == .key(.escape) { return .back }
            return AuctionReview.action(for: event).map(Action.review)
        case .payment:
            if let mapped = AuctionPayment.action(for: event, in: state.payment, flow: state.flow, body: body) { return .payment(mapped) }
            if event == .key(.escape) { return .back }
            return nil
        case .joining:
            // Nothing to do but wait; Esc must not leave a hold half placed.
            if case .key(let key) = event, key == .escape { return .joined(.ignored) }
            return nil
        case .joined:
            return AuctionJoined.action(for: event).map(Action.joined)
        case .left:
            return nil
        }
    }

    public static func keyHints(for state: State) -> [KeyHint] {
        if state.challenge != nil { return ChallengeFeature.keyHints }
        switch state.phase {
        case .entry: return AuctionEntry.keyHints(state.entry)
        case .contextError: return [KeyHint("Enter", "Back to the list")]
        case .yourBid: return state.yourBid.map(AuctionYourBid.keyHints) ?? []
        case .flow: break
        }
        switch state.flow.step {
        case .terms: return AuctionTerms.keyHints(state.terms, hasTips: state.context?.hasTips ?? false)
        case .review: return AuctionReview.keyHints
        case .payment: return AuctionPayment.keyHints(state.payment, flow: state.flow)
        case .joining: return [KeyHint("…", "Placing the start bid")]
        case .joined: return AuctionJoined.keyHints
        case .left: return []
        }
    }

    /// Whether a text field has the keys (then `q` and `?` are typed, not obeyed).
    public static func isTyping(_ state: State) -> Bool {
        if state.challenge != nil { return true }
        if state.phase == .yourBid, let yourBid = state.yourBid { return AuctionYourBid.isTyping(yourBid) }
        return state.phase == .flow && state.flow.step == .payment && AuctionPayment.isTyping(state.payment, flow: state.flow)
    }

    // MARK: - Drawing

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        switch state.phase {
        case .entry:
            AuctionEntry.draw(state.entry, into: &frame, in: area)
        case let .contextError(title, problem):
            AuctionLayout.drawContextError(title: title, message: AuctionText.words(problem), into: &frame, in: area)
        case .yourBid:
            if let yourBid = state.yourBid { AuctionYourBid.draw(yourBid, into: &frame, in: area) }
        case .flow:
            guard let context = state.context else { return }
            let body = AuctionLayout.drawHeader(context: context, step: state.flow.step, into: &frame, in: area)
            switch state.flow.step {
            case .terms: AuctionTerms.draw(state.terms, context: context, into: &frame, in: body)
            case .review: AuctionReview.draw(context: context, into: &frame, in: body)
            case .payment: AuctionPayment.draw(state.payment, flow: state.flow, context: context, into: &frame, in: body)
            case .joining, .joined, .left: AuctionJoined.draw(flow: state.flow, context: context, into: &frame, in: body)
            }
            if let challenge = state.challenge {
                frame.clear(area.centered(width: min(area.width, 60), height: min(area.height, 10)))
                ChallengeFeature.draw(challenge, into: &frame, in: area)
            }
        }
    }
}
