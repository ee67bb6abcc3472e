import CheckoutKit
import TerminalUI

/// Step 4: the start bid being held, then the joined auction with its hold.
public enum AuctionJoined {
    public enum Action: Equatable, Sendable {
        /// Back to the list of auctions.
        case done
        /// A key that must do nothing while the hold is placed (Esc).
        case ignored
        case flowChanged(AuctionFlowSnapshot)
    }

    static func action(for event: InputEvent) -> Action? {
        switch event {
        case .key(.enter), .key(.escape), .key(.character(" ")): .done
        default: nil
        }
    }

    static let keyHints = [KeyHint("Enter", "Back to the auctions")]

    static func draw(flow: AuctionFlowSnapshot, context: UpgradeContext, into frame: inout Frame, in body: Rect) {
        let auction = context.auction
        let card = (flow.step == .joining ? flow.biddingWith : flow.heldOn) ?? "your card"
        // The auth token went to onJoin; it is not shown (it is the bank's, and differs every run).
        guard case .joined = flow.step else {
            frame.write("Placing your start bid: holding \(auction.startBid.formatted()) on \(card)…", in: body.splitTop(1).top, style: WidgetLook.accent)
            frame.write("The bank may ask you to confirm it is you.", in: Rect(x: body.x, y: body.y + 2, width: body.width, height: 1), style: WidgetLook.muted)
            return
        }
        let box = body.splitTop(min(body.height, 11)).top
        let inside = frame.drawBox(box, title: "You joined the auction", border: .rounded, style: Style(.success), titleStyle: Style(.success, .bold))
        let rows: [(String, String)] = [
            ("Auction", "\(context.upgradeCabin) upgrade, \(context.flightNumber) \(context.route)"),
            ("Departs", AuctionText.day(context.departure)),
            ("Your bid", auction.startBid.formatted() + " (the start bid)"),
            ("Hold", "\(auction.startBid.formatted()) held on \(card), not charged"),
            ("Next bids", "at least \(auction.increment.formatted()) more each"),
            ("Closes", AuctionText.moment(auction.closesAt)),
        ]
        for (index, (label, value)) in rows.enumerated() where index < inside.height - 1 {
            AuctionLayout.field(label, value, into: &frame, at: Rect(x: inside.x + 1, y: inside.y + 1 + index, width: max(0, inside.width - 2), height: 1))
        }
        frame.write("If you do not win, the hold is released in full.", in: Rect(x: body.x, y: min(box.maxY + 1, body.maxY - 1), width: body.width, height: 1),
                    style: WidgetLook.muted)
    }
}
