import CheckoutKit
import Localization
import TerminalUI

/// What every store screen shares: the cart (for the badge) and who is shopping. The core keeps
/// the truth; this is the copy the screens draw, refreshed after each change.
public struct StoreSession: Equatable, Sendable {
    public var cart = Cart(currency: .eur) {
        // The change of the last cash sale stays in view until the next sale begins.
        didSet { if !cart.isEmpty { changeDue = nil } }
    }
    /// The change the last cash sale gave, shown in the header until the next sale begins.
    public var changeDue: Money?
    /// The signed-in shopper's email, or nil for a guest.
    public var shopper: String?
    /// A guest's cart stays at this counter across restarts (a named, staffed counter).
    public var keepsGuestCart = false
    /// The fleet's shared server did not answer: payments wait, the screens say so.
    public var isServerAway = false
    /// What the last barcode scan did, until the next key (AppFeature+Scanning.swift).
    public var scan: ScanNotice?

    public init(cart: Cart = Cart(currency: .eur), shopper: String? = nil) {
        self.cart = cart
        self.shopper = shopper
    }

    /// "Cart 2 · €12.40" (or "Cart empty").
    public var badge: String {
        if cart.isEmpty, let changeDue { return tr("Change due {0}", changeDue.formatted()) }
        return cart.isEmpty ? tr("Cart empty") : tr("Cart {0} · {1}", cart.itemCount, cart.total.formatted())
    }

    /// Drawn at the right of the header line on every store screen.
    static func drawBadge(_ session: StoreSession, into frame: inout Frame, header: Rect) {
        let who = session.shopper ?? tr("Guest")
        let text = " \(who) │ \(session.badge) "
        frame.write(text, in: header, alignment: .trailing, style: Style(.title, [.reverse, .bold]))
    }
}
