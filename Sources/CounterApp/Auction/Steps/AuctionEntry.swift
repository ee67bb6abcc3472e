import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// The way in: the auctions from the core, the selected one's figures, and a refusal for one
/// that has closed or whose details are incomplete.
public enum AuctionEntry {
    public struct State: Equatable, Sendable {
        public var listings: [AuctionListing] = []
        public var list = ListState(itemCount: 0, showsNumbers: true)
        /// Why the last pick did not open (a closed auction), worded when drawn.
        public var notice: Notice?

        public init() {}
        public var selected: AuctionListing? { list.selected.map { listings[$0] } }
    }

    public enum Action: Equatable, Sendable {
        case load
        case loaded([AuctionListing])
        case key(Key)
        case pick(Int)
        case activate
        /// Reported to the parent, which opens the flow.
        case open(AuctionListing)
        /// Reported to the parent, which shows the shopper's bid in it.
        case openBid(AuctionListing)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, AuctionEnvironment> {
        switch action {
        case .load:
            return .run { environment, send in send(.loaded(environment.listings())) }
        case .loaded(let listings):
            state.listings = listings
            let previous = state.list.selected ?? 0
            state.list = ListState(itemCount: listings.count, selected: min(previous, max(0, listings.count - 1)), showsNumbers: true)
            return .none
        case .key(let key):
            if state.list.update(key) != nil { state.notice = nil }
            return .none
        case .pick(let index):
            guard state.list.select(index) else { return .none }
            return .send(.activate)
        case .activate:
            guard let listing = state.selected else { return .none }
            if listing.opensYourBid {
                state.notice = nil
                return .send(.openBid(listing))
            }
            if listing.isClosed {
                state.notice = .closed(flight: listing.flight, at: listing.closesAt)
                return .none
            }
            state.notice = nil
            return .send(.open(listing))
        case .open, .openBid:
            return .none
        }
    }

    /// Where the rows are, for drawing and for clicks alike.
    static func listArea(_ state: State, in area: Rect) -> Rect {
        let rest = AuctionLayout.column(in: area).inset(top: 3, left: 0, bottom: 0, right: 0)
        return rest.splitTop(min(max(1, state.listings.count), max(1, rest.height - 11))).top
    }

    static func action(for event: InputEvent, in state: State, area: Rect) -> Action? {
        if case .mouse(.left, let point) = event {
            let rows = listArea(state, in: area)
            guard rows.contains(point) else { return nil }
            let index = state.list.offset + point.y - rows.y
            return index < state.listings.count ? .pick(index) : nil
        }
        guard case .key(let key) = event else { return nil }
        switch key {
        case .up, .down, .home, .end, .pageUp, .pageDown: return .key(key)
        case .enter: return .activate
        case .character(let c):
            guard let digit = c.wholeNumberValue, c.isASCII, (1...9).contains(digit), digit <= state.listings.count else { return nil }
            return .pick(digit - 1)
        default: return nil
        }
    }

    static func keyHints(_ state: State) -> [KeyHint] {
        // A closed auction takes no bids: Enter only says so again, so it is not offered.
        let enter: [KeyHint] = if state.selected?.opensYourBid == true { [KeyHint("Enter", "Your bid")] }
            else if state.selected?.isClosed == true { [] } else { [KeyHint("Enter", "Join")] }
        return [KeyHint("↑↓", "Move"), KeyHint("1-\(max(1, min(9, state.listings.count)))", "Pick")] + enter + [KeyHint("Esc", "Home")]
    }

    /// Why a pick did not open, as a value: `words(_:)` says it.
    public enum Notice: Equatable, Sendable {
        /// The auction for this flight closed then.
        case closed(flight: String, at: Date)
    }

    static func words(_ notice: Notice) -> String {
        switch notice {
        case let .closed(flight, at): tr("{0} closed on {1}: it takes no more bids.", flight, DateText.moment(at))
        }
    }

    /// The row's right-hand words: the shopper's bid where she has one, else what it takes.
    static func detail(_ listing: AuctionListing) -> String {
        if let bid = listing.yourBid { return tr("your bid {0} · {1}", bid.amount.formatted(), AuctionYourBid.shortWord(bid.standing)) }
        if listing.isClosed { return tr("closed") }
        return listing.problem != nil ? tr("incomplete") : tr("from {0}", listing.startBid.formatted())
    }

    static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        let column = AuctionLayout.column(in: area)
        frame.write(tr("Flight upgrade auctions"), in: column.splitTop(1).top, style: WidgetLook.title)
        frame.write(tr("Join with a start bid: it is held on your card, and charged only if you win."),
                    in: Rect(x: column.x, y: column.y + 1, width: column.width, height: 1), style: WidgetLook.muted)
        let rest = column.inset(top: 3, left: 0, bottom: 0, right: 0)
        let listArea = listArea(state, in: area)
        var list = state.list
        ListView(state.listings, emptyText: tr("No auctions are open at this counter.")) { listing in
            ListRow(listing.flight.padded(toWidth: 9) + listing.route.padded(toWidth: 12) + (listing.cabin.map(AuctionText.cabin) ?? "?"),
                    detail: detail(listing))
        }.draw(into: &frame, in: listArea, state: &list, focused: true)

        guard let listing = state.selected else { return }
        let details = Rect(x: column.x, y: listArea.maxY + 1, width: column.width, height: max(0, rest.maxY - listArea.maxY - 1))
        let inside = frame.drawBox(details.splitTop(10).top, title: tr(listing.title), border: .rounded)
        let closes = DateText.moment(listing.closesAt)
        var rows: [(String, String)] = [
            (tr("Flight"), listing.flight),
            (tr("Route"), listing.route),
            (tr("Date"), listing.departure.map(DateText.dayWithWeekday) ?? "—"),
            (tr("Cabin"), listing.cabin.map(AuctionText.cabin) ?? "—"),
            (tr("Start bid"), listing.startBid.formatted()),
            (tr("Increment"), listing.increment?.formatted() ?? "—"),
            (tr("Closes"), listing.isClosed ? tr("{0} (closed)", closes) : closes),
        ]
        // The problem (already in the current language) is the last row, drawn as an error.
        if let problem = listing.problem { rows.append((tr("Problem"), AuctionText.words(problem))) }
        let problemRow = listing.problem == nil ? nil : rows.count - 1
        for (index, (label, value)) in rows.enumerated() where index < inside.height {
            let row = Rect(x: inside.x + 1, y: inside.y + index, width: max(0, inside.width - 2), height: 1)
            AuctionLayout.field(label, value, valueStyle: index == problemRow ? WidgetLook.error : WidgetLook.text, into: &frame, at: row)
        }
        if let notice = state.notice {
            frame.write(words(notice), in: Rect(x: column.x, y: min(details.y + 10, column.maxY - 1), width: column.width, height: 1),
                        style: Style(.error, .bold))
        }
    }
}
