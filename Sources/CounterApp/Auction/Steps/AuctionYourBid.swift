import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// "Your bid": what a joined auction opens to instead of the join flow. The bid as the core
/// holds it (held, being checked, won and charged, lost, left), and while the auction is open,
/// raising it or leaving, each asked once with the amounts named, through the data source.
public enum AuctionYourBid {
    public struct State: Equatable, Sendable {
        public var listing: AuctionListing
        public var bid: ShopperBid
        public var mode: Mode = .viewing
        /// A data source call waiting for its answer: no other key acts meanwhile.
        public var working: Working?
        public var notice: Notice?

        public init(listing: AuctionListing, bid: ShopperBid) {
            self.listing = listing
            self.bid = bid
        }

        /// What one press of + or - changes a raise by: the auction's increment.
        var step: Money {
            listing.increment ?? Money(minorUnits: max(1, (bid.minimumRaise?.minorUnits ?? 0) - bid.amount.minorUnits), currency: bid.amount.currency)
        }
    }

    public enum Mode: Equatable, Sendable {
        case viewing
        /// Choosing the new amount, from the lowest raise the auction takes up.
        case choosingRaise(Money)
        /// Asked once: the new hold, and the old one released.
        case confirmingRaise(Money)
        /// Asked once: the hold released.
        case confirmingLeave
        /// The saved cards are locked (a restart locks them again): the payments PIN, then the
        /// raise already confirmed.
        case unlocking(PaymentsUnlockFeature.State, raiseTo: Money)
    }

    public enum Working: Equatable, Sendable {
        case raising(Money)
        case leaving
    }

    public enum Notice: Equatable, Sendable {
        case raised(from: Money)
        /// Refused or declined: the old bid stands.
        case raiseRefused(Refusal, standing: Money)
        /// The card's answer to the raise is not known yet; the old bid stands until it is.
        case raiseNotKnown(to: Money, standing: Money)
        case leaveFailed(Refusal)
    }

    public enum Action: Equatable, Sendable {
        case startRaise
        case more
        case less
        case chooseRaise
        case askLeave
        case confirm
        case cancel
        case raised(Result<ShopperBid, Refusal>)
        /// The raise found the saved cards locked before anything was held.
        case unlockNeeded(Money)
        case unlock(PaymentsUnlockFeature.Action)
        case leftAuction(Result<ShopperBid, Refusal>)
        /// Read the bid again (the auction may have closed meanwhile).
        case reload
        case reloaded(ShopperBid?)
        /// Back to the list (the parent closes this screen).
        case done
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, AuctionEnvironment> {
        let auctionId = state.bid.auctionId
        switch action {
        case .startRaise:
            guard state.working == nil, state.bid.isOpen, let minimum = state.bid.minimumRaise else { return .none }
            state.mode = .choosingRaise(minimum)
            state.notice = nil
        case .more:
            guard case .choosingRaise(let amount) = state.mode else { return .none }
            state.mode = .choosingRaise(Money(minorUnits: amount.minorUnits + state.step.minorUnits, currency: amount.currency))
        case .less:
            guard case .choosingRaise(let amount) = state.mode, let minimum = state.bid.minimumRaise else { return .none }
            state.mode = .choosingRaise(Money(minorUnits: max(minimum.minorUnits, amount.minorUnits - state.step.minorUnits), currency: amount.currency))
        case .chooseRaise:
            guard case .choosingRaise(let amount) = state.mode else { return .none }
            state.mode = .confirmingRaise(amount)
        case .askLeave:
            guard state.working == nil, state.bid.isOpen else { return .none }
            state.mode = .confirmingLeave
            state.notice = nil
        case .cancel:
            state.mode = .viewing
        case .confirm:
            switch state.mode {
            case .confirmingRaise(let amount):
                state.mode = .viewing
                state.working = .raising(amount)
                return raise(to: amount, auctionId: auctionId)
            case .confirmingLeave:
                state.mode = .viewing
                state.working = .leaving
                return .run { environment, send in
                    guard let source = environment.bidSource(auctionId: auctionId) else { return send(.leftAuction(.failure(.storeNotOpen))) }
                    source.leaveAuction { send(.leftAuction($0)) }
                }
            case .viewing, .choosingRaise, .unlocking:
                return .none
            }
        case .unlockNeeded(let amount):
            guard state.working == .raising(amount) else { return .none }
            state.working = nil
            state.mode = .unlocking(PaymentsUnlockFeature.State(), raiseTo: amount)
        case .unlock(.delegate(.unlocked)):
            guard case .unlocking(_, let amount) = state.mode else { return .none }
            state.mode = .viewing
            state.working = .raising(amount)
            return raise(to: amount, auctionId: auctionId)
        case .unlock(.delegate(.cancelled)):
            guard case .unlocking = state.mode else { return .none }
            state.mode = .viewing
            state.notice = .raiseRefused(.unlockCancelled, standing: state.bid.amount)
        case .unlock(let unlockAction):
            guard case .unlocking(var unlock, let amount) = state.mode else { return .none }
            let effect = PaymentsUnlockFeature.reduce(&unlock, unlockAction)
            state.mode = .unlocking(unlock, raiseTo: amount)
            return effect.map(Action.unlock, environment: { $0.store })
        case .raised(.success(let bid)):
            state.notice = .raised(from: state.bid.amount)
            state.working = nil
            state.bid = bid
        case .raised(.failure(let refusal)):
            guard case .raising(let amount) = state.working else { return .none }
            state.working = nil
            if case .auction(.outcomeUnknown) = refusal {
                state.notice = .raiseNotKnown(to: amount, standing: state.bid.amount)
            } else {
                state.notice = .raiseRefused(refusal, standing: state.bid.amount)
            }
            return .send(.reload)
        case .leftAuction(.success(let bid)):
            state.working = nil
            state.bid = bid
        case .leftAuction(.failure(let refusal)):
            state.working = nil
            state.notice = .leaveFailed(refusal)
            return .send(.reload)
        case .reload:
            return .run { environment, send in send(.reloaded(environment.bidSource(auctionId: auctionId)?.currentBid)) }
        case .reloaded(let bid):
            guard let bid, state.working == nil else { return .none }
            if bid != state.bid, !bid.isOpen { state.mode = .viewing }
            state.bid = bid
        case .done:
            break
        }
        return .none
    }

    /// Holds the raise through the data source; locked saved cards ask for the PIN first
    /// (`unlockNeeded`), and nothing is held until they are unlocked.
    private static func raise(to amount: Money, auctionId: String) -> Effect<Action, AuctionEnvironment> {
        .run { environment, send in
            if environment.store.paymentsLocked() { return send(.unlockNeeded(amount)) }
            guard let source = environment.bidSource(auctionId: auctionId) else { return send(.raised(.failure(.storeNotOpen))) }
            source.raiseBid(to: amount) { send(.raised($0)) }
        }
    }

    // MARK: - Keys

    static func action(for event: InputEvent, in state: State) -> Action? {
        if case .unlocking = state.mode, state.working == nil { return PaymentsUnlockFeature.action(for: event).map(Action.unlock) }
        guard case .key(let key) = event, state.working == nil else { return nil }
        switch state.mode {
        case .viewing:
            switch key {
            case .escape, .enter: return .done
            case .character("r") where state.bid.isOpen: return .startRaise
            case .character("l") where state.bid.isOpen: return .askLeave
            default: return nil
            }
        case .choosingRaise:
            switch key {
            case .character("+"), .character("="), .up, .right: return .more
            case .character("-"), .down, .left: return .less
            case .enter: return .chooseRaise
            case .escape: return .cancel
            default: return nil
            }
        case .confirmingRaise, .confirmingLeave:
            switch key {
            case .enter, .character("y"): return .confirm
            case .escape, .character("n"): return .cancel
            default: return nil
            }
        case .unlocking:
            return nil
        }
    }

    /// The PIN field takes every key while it is asked (a `q` there must not quit).
    static func isTyping(_ state: State) -> Bool {
        if case .unlocking = state.mode { return state.working == nil }
        return false
    }

    static func keyHints(_ state: State) -> [KeyHint] {
        if state.working != nil { return [KeyHint("…", "Waiting for the bank")] }
        switch state.mode {
        case .viewing:
            let own = state.bid.isOpen ? [KeyHint("r", "Raise"), KeyHint("l", "Leave")] : []
            return own + [KeyHint("Esc", "Back to the auctions")]
        case .choosingRaise: return [KeyHint("+ -", "Amount"), KeyHint("Enter", "Continue"), KeyHint("Esc", "Cancel")]
        case .confirmingRaise: return [KeyHint("Enter", "Raise"), KeyHint("Esc", "Keep my bid")]
        case .confirmingLeave: return [KeyHint("Enter", "Leave"), KeyHint("Esc", "Keep my bid")]
        case .unlocking: return PaymentsUnlockFeature.keyHints
        }
    }

    // MARK: - Drawing

    static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        let column = AuctionLayout.column(in: area)
        let listing = state.listing
        frame.write(tr("{0} · {1} {2}", tr(listing.title), listing.flight, listing.route), in: column.splitTop(1).top, style: WidgetLook.title)
        let bid = state.bid
        let card = bid.card ?? tr("your card")
        var rows: [(String, String)] = [(tr("Your bid"), bid.amount.formatted())]
        if bid.standing == .held { rows.append((tr("Hold"), tr("{0} held on {1}, not charged", bid.amount.formatted(), card))) }
        if let minimum = bid.minimumRaise { rows.append((tr("Lowest raise"), minimum.formatted())) }
        let closes = DateText.moment(listing.closesAt)
        rows.append((tr("Closes"), listing.isClosed ? tr("{0} (closed)", closes) : closes))
        // Borders, a blank line, the rows.
        let box = column.inset(top: 2, left: 0, bottom: 0, right: 0).splitTop(min(max(0, column.height - 2), rows.count + 3)).top
        let inside = frame.drawBox(box, title: tr("Your bid"), border: .rounded)
        for (index, (label, value)) in rows.enumerated() where index < inside.height - 1 {
            AuctionLayout.field(label, value, into: &frame, at: Rect(x: inside.x + 1, y: inside.y + 1 + index, width: max(0, inside.width - 2), height: 1))
        }
        var y = box.maxY + 1
        func line(_ text: String, _ style: Style, height: Int = 2) {
            guard y < column.maxY else { return }
            let rect = Rect(x: column.x, y: y, width: column.width, height: min(height, column.maxY - y))
            y += TextBlock(text, style: style).draw(into: &frame, in: rect) + 1
        }
        let (result, resultStyle) = standingWords(bid, card: card)
        line(result, resultStyle)
        if let notice = state.notice { line(words(notice, card: card), isProblem(notice) ? WidgetLook.error : Style(.success)) }
        if let working = state.working {
            switch working {
            case .raising(let amount): line(tr("Raising your bid: holding {0} on {1}…", amount.formatted(), card), WidgetLook.accent)
            case .leaving: line(tr("Leaving: releasing the hold of {0}…", bid.amount.formatted()), WidgetLook.accent)
            }
        }
        switch state.mode {
        case .viewing: break
        case .choosingRaise(let amount):
            line(tr("New bid: {0}. + and - change it by {1}; the lowest is {2}.", amount.formatted(), state.step.formatted(),
                    (bid.minimumRaise ?? amount).formatted()), Style(.accent, .bold))
        case .confirmingRaise(let amount):
            line(tr("Raise your bid to {0}? It is held on {1} first; only then is the hold of {2} released.", amount.formatted(), card,
                    bid.amount.formatted()), Style(.accent, .bold))
        case .confirmingLeave:
            line(tr("Leave this auction? The hold of {0} on {1} is released.", bid.amount.formatted(), card), Style(.accent, .bold))
        case let .unlocking(unlock, amount):
            guard y < column.maxY else { return }
            PaymentsUnlockFeature.draw(unlock, prompt: tr("Your saved cards are locked. Enter your payments PIN to raise your bid to {0}.", amount.formatted()),
                                       into: &frame, in: Rect(x: column.x, y: y, width: column.width, height: max(0, column.maxY - y)))
        }
    }

    /// Where the bid stands, in words, and how it is drawn.
    static func standingWords(_ bid: ShopperBid, card: String) -> (String, Style) {
        let amount = bid.amount.formatted()
        switch bid.standing {
        case .held: return (tr("You are in the auction. If you do not win, the hold is released in full."), WidgetLook.muted)
        case .needsCheck: return (tr("We are still checking your bid of {0} with the bank.", amount), WidgetLook.accent)
        case .won(.charged(let number, let charged)):
            return (tr("You won the upgrade: charged {0} to {1}. Order {2}.", charged.formatted(), card, number), Style(.success, .bold))
        case .won(.notKnownYet):
            return (tr("You won the upgrade. The charge of {0} is not confirmed yet: it is being checked, and never taken twice.", amount), WidgetLook.accent)
        case .won(.notCharged):
            return (tr("You won, but the hold had been released before it could be charged: nothing was charged."), WidgetLook.error)
        case .lost: return (tr("Another bid won. Your hold of {0} is released: nothing was charged.", amount), WidgetLook.text)
        case .left: return (tr("You left this auction. Your hold of {0} is released.", amount), WidgetLook.text)
        }
    }

    static func words(_ notice: Notice, card: String) -> String {
        switch notice {
        case .raised(let from): tr("Raised. The hold of {0} is released.", from.formatted())
        case .raiseRefused(let refusal, let standing): tr("The raise did not go through: {0} Your bid of {1} still stands.", refusal.message, standing.formatted())
        case .raiseNotKnown(let to, let standing):
            tr("The bank's answer about your raise to {0} is not known yet; it is being checked. Your bid of {1} stands until then.",
               to.formatted(), standing.formatted())
        case .leaveFailed(let refusal): tr("Leaving did not go through: {0}", refusal.message)
        }
    }

    static func isProblem(_ notice: Notice) -> Bool {
        if case .raised = notice { return false }
        return true
    }

    /// The list's word for a bid: "held", "won"...
    static func shortWord(_ standing: ShopperBid.Standing) -> String {
        switch standing {
        case .held: tr("held")
        case .needsCheck: tr("being checked")
        case .won: tr("won")
        case .lost: tr("lost")
        case .left: tr("left")
        }
    }
}
