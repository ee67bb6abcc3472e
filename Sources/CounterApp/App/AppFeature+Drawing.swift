import Localization
import TerminalUI

/// The counter's frame: header (with the cart badge on store screens), the screen on top, the footer.
extension AppFeature {
    static func contentArea(_ size: Size) -> Rect {
        Rect(size: size).inset(top: 1, left: 0, bottom: 1, right: 0)
    }

    /// The store's screens sit in from the edges, with a blank row under the header.
    static func storeArea(_ size: Size) -> Rect {
        contentArea(size).inset(top: 1, left: 2, bottom: 0, right: 2)
    }

    public static func draw(_ state: State, into frame: inout Frame) {
        let bounds = frame.bounds
        frame.fill(bounds, style: Style(.background))
        let header = bounds.splitTop(1).top
        frame.fill(header, style: Style(.title, .reverse))
        frame.write(" " + tr("Checkout Counter"), in: header, style: Style(.title, [.reverse, .bold]))
        if state.top.isStore {
            StoreSession.drawBadge(state.session, into: &frame, header: header.inset(left: 18))
        }
        if let notice = state.notice {
            frame.write(" " + notice, in: bounds.splitTop(2).top.splitBottom(1).bottom, style: Style(.warning, .bold))
        }
        let area = contentArea(frame.size)
        let store = storeArea(frame.size)
        let session = state.session
        switch state.top {
        case let .home(home): HomeFeature.draw(home, into: &frame, in: area)
        case let .comingSoon(screen): ComingSoonFeature.draw(screen, into: &frame, in: area)
        case let .catalog(s): CatalogFeature.draw(s, into: &frame, in: store)
        case let .details(s): ProductDetailsFeature.draw(s, session: session, into: &frame, in: store)
        case let .cart(s): CartFeature.draw(s, session: session, into: &frame, in: store)
        case let .checkout(s): CheckoutFeature.draw(s, session: session, into: &frame, in: store)
        case let .receipt(s): ReceiptFeature.draw(s, into: &frame, in: store)
        case let .account(s): AccountFeature.draw(s, session: session, into: &frame, in: store)
        case let .auth(s): AuthFeature.draw(s, into: &frame, in: store)
        case let .savedCards(s): SavedCardsFeature.draw(s, into: &frame, in: store)
        case let .orders(s): OrdersFeature.draw(s, into: &frame, in: store)
        case let .subscriptions(s): SubscriptionsFeature.draw(s, into: &frame, in: store)
        case let .auction(s): AuctionFeature.draw(s, into: &frame, in: area)
        case let .payment(s): PaymentScreensFeature.draw(s, into: &frame, in: area)
        }
        Footer(keyHints(for: state)).draw(into: &frame, in: bounds.splitBottom(1).bottom)
        if state.isShowingHelp {
            HelpOverlay(hints: keyHints(for: state)).draw(into: &frame)
        }
        if let dialog = state.quitDialog {
            let count = state.session.cart.itemCount
            let message = state.session.shopper == nil
                ? trn("The {0} jar in your cart will be lost.", "The {0} jars in your cart will be lost.", count: count, count)
                : tr("Your cart stays with your account for next time.")
            ModalDialog(title: tr("Quit the counter?"), message: message, buttons: [tr("Quit"), tr("Stay")], maxWidth: 50, tone: .warning)
                .draw(into: &frame, state: dialog)
        }
    }
}
