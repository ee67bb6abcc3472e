import CheckoutKit
import Localization
import TerminalUI

/// Step 2: what the customer is about to bid for (flight, upgrade, the auction's figures),
/// to confirm before paying.
public enum AuctionReview {
    public enum Action: Equatable, Sendable {
        case continueTapped
        case flowChanged(AuctionFlowSnapshot)
    }

    public static func reduce(_ action: Action) -> Effect<Action, AuctionEnvironment> {
        switch action {
        case .continueTapped:
            return .run { environment, send in
                if let snapshot = environment.withFlow({ flow, _ in flow.continueToPayment() }) { send(.flowChanged(snapshot)) }
            }
        case .flowChanged:
            return .none
        }
    }

    static func action(for event: InputEvent) -> Action? {
        switch event {
        case .key(.enter), .key(.character(" ")), .key(.character("c")): .continueTapped
        default: nil
        }
    }

    static let keyHints = [KeyHint("Enter", "Continue to payment"), KeyHint("Esc", "Back to terms")]

    static func draw(context: UpgradeContext, into frame: inout Frame, in body: Rect) {
        let auction = context.auction
        let sections: [(String, [(String, String)])] = [
            (tr("Flight"), [(tr("Flight"), context.flightNumber), (tr("Route"), context.route),
                            (tr("Departs"), DateText.dayWithWeekday(context.departure))]),
            (tr("Upgrade"), [(tr("From"), AuctionText.cabin(context.currentCabin)), (tr("To"), AuctionText.cabin(context.upgradeCabin))]),
            (tr("Auction"), [(tr("Start bid"), tr("{0} (held on your card when you join)", auction.startBid.formatted())),
                             (tr("Increment"), tr("{0} at least, for each further bid", auction.increment.formatted())),
                             (tr("Closes"), DateText.moment(auction.closesAt))]),
        ]
        var y = body.y
        for (title, rows) in sections {
            let box = Rect(x: body.x, y: y, width: body.width, height: rows.count + 2)
            guard box.maxY <= body.maxY - 2 else { break }
            let inside = frame.drawBox(box, title: title, border: .rounded)
            for (index, (label, value)) in rows.enumerated() {
                AuctionLayout.field(label, value, into: &frame, at: Rect(x: inside.x + 1, y: inside.y + index, width: max(0, inside.width - 2), height: 1))
            }
            y = box.maxY
        }
        Button(tr("Continue to payment")).draw(into: &frame, in: Rect(x: body.x, y: min(y + 1, body.maxY - 1), width: body.width, height: 1), focused: true)
    }
}
