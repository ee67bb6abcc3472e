import CheckoutKit
import TerminalUI

/// A barcode scanned at the counter (`InputEvent.scan`, told from typing by the toolkit's
/// `ScanDetector`): on the sale's screens one item of its product goes into the cart; a code no
/// product carries is handed on as a badge (`badgeScanned`), which says "not in the catalogue"
/// until the staff's sign-in answers badges there.
///
/// Scans are taken on the shelf, the cart and the checkout's choice of payment, at a staffed
/// counter, where no text field has the keys and nothing is asked (the quit dialog, the help, the
/// cart's "empty it?"). A kiosk takes none: its shopper has no scanner, and its digits stay picks
/// at once. Elsewhere a scanner's digits arrive as typed.
extension AppFeature {
    public static func takesScans(_ state: State) -> Bool {
        guard !state.isKiosk, state.quitDialog == nil, !state.isShowingHelp else { return false }
        // "Who is serving?": a badge scanned signs its person in (a PIN typed by hand is keys).
        if state.staff.isLocked { return true }
        guard !hasTextFocus(state.top) else { return false }
        return sells(state.top)
    }

    /// The sale's screens: where a scan adds to the cart and its outcome is shown.
    static func sells(_ screen: Screen) -> Bool {
        switch screen {
        case .catalog: true
        case .cart(let cart): !cart.isConfirmingEmpty
        case .checkout(let checkout): checkout.phase == .choosing
        default: false
        }
    }

    static func reduceScan(_ state: inout State, _ action: ScanAction) -> Effects {
        switch action {
        case .scanned(let code):
            // Anywhere else a code is no jar: the staff's sign-in may know it as a badge (and
            // while the counter waits for someone to sign in, nothing goes into any cart).
            guard sells(state.top), !state.staff.isLocked else { return .send(.badgeScanned(code)) }
            return .run { env, send in send(.scan(.answered(code, env.store.scan(code)))) }
        case let .answered(_, .success(added)):
            state.session.cart = added.cart
            state.session.scan = .added(added.scanned.product, price: added.scanned.price, labelled: added.scanned.labelPrice != nil)
            return .none
        case let .answered(code, .failure(.barcode(.notInCatalogue))):
            return .send(.badgeScanned(code))
        case let .answered(code, .failure(.barcode(.invalid(_, why)))):
            return refuse(&state, .invalid(code, why))
        case let .answered(code, .failure(.store(error))):
            return refuse(&state, .refused(code, error))
        case .dismissed:
            state.session.scan = nil
            return .none
        }
    }

    /// A code no product carries, handed on: at "Who is serving?" it is a badge, signing its
    /// person in (or saying it is nobody's there); on a sale's screen it is a code the catalogue
    /// does not know (to change who serves, F9 first).
    static func reduceBadge(_ state: inout State, _ code: String) -> Effects {
        if state.staff.isLocked { return .send(.staff(.badge(code))) }
        return refuse(&state, .notInCatalogue(code))
    }

    /// Beeps and says why; the cart stays as it was.
    private static func refuse(_ state: inout State, _ notice: ScanNotice) -> Effects {
        state.bells += 1
        state.session.scan = notice
        return .none
    }
}

/// What a scan does, as actions (embedded as `AppFeature.Action.scan`).
public enum ScanAction: Equatable, Sendable {
    /// A scanner's code arrived (the toolkit's `.scan` event).
    case scanned(String)
    /// The store's answer: the item added and the cart, or why nothing was.
    case answered(String, Result<ScanAdded, ScanFailure>)
    /// A key was pressed after the scan: its line goes.
    case dismissed
}

/// What the last scan did, shown on the line under the header on the sale's screens until the
/// next key (worded when drawn: `ScanWords`).
public enum ScanNotice: Equatable, Sendable {
    /// One item added, at `price` (a priced label's when `labelled`).
    case added(Product, price: Money, labelled: Bool)
    case notInCatalogue(String)
    case invalid(String, BarcodeError)
    /// A good code, but the cart would not take it (sold out, the cart being paid...).
    case refused(String, StoreError)

    public var isProblem: Bool {
        if case .added = self { return false }
        return true
    }
}
