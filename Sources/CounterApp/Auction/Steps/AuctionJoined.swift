import CheckoutKit
import Localization
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
        let card = (flow.step == .joining ? flow.biddingWith : flow.heldOn) ?? tr("your card")
        // The auth token went to onJoin; it is not shown (it is the bank's, and differs every run).
        guard case .joined = flow.step else {
            frame.write(tr("Placing your start bid: holding {0} on {1}…", auction.startBid.formatted(), card), in: body.splitTop(1).top, style: WidgetLook.accent)
            frame.write(tr("The bank may ask you to confirm it is you."), in: Rect(x: body.x, y: body.y + 2, width: body.width, height: 1), style: WidgetLook.muted)
            return
        }
        let box = body.splitTop(min(body.height, 11)).top
        let inside = frame.drawBox(box, title: tr("You joined the auction"), border: .rounded, style: Style(.success), titleStyle: Style(.success, .bold))
        let rows: [(String, String)] = [
            (tr("Auction"), tr("{0} upgrade, {1} {2}", AuctionText.cabin(context.upgradeCabin), context.flightNumber, context.route)),
            (tr("Departs"), DateText.dayWithWeekday(context.departure)),
            (tr("Your bid"), tr("{0} (the start bid)", auction.startBid.formatted())),
            (tr("Hold"), tr("{0} held on {1}, not charged", auction.startBid.formatted(), card)),
            (tr("Next bids"), tr("at least {0} more each", auction.increment.formatted())),
            (tr("Closes"), DateText.moment(auction.closesAt)),
        ]
        for (index, (label, value)) in rows.enumerated() where index < inside.height - 1 {
            AuctionLayout.field(label, value, into: &frame, at: Rect(x: inside.x + 1, y: inside.y + 1 + index, width: max(0, inside.width - 2), height: 1))
        }
        frame.write(tr("If you do not win, the hold is released in full."), in: Rect(x: body.x, y: min(box.maxY + 1, body.maxY - 1), width: body.width, height: 1),
                    style: WidgetLook.muted)
    }
}
