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
        if let serving = state.staff.serving, !state.isKiosk { StaffDesk.drawServing(serving, into: &frame, header: header) }
        if isSigningIn(state) {
            StaffDesk.draw(state.staff, into: &frame, in: contentArea(frame.size))
            Footer(keyHints(for: state)).draw(into: &frame, in: bounds.splitBottom(1).bottom)
            return
        }
        if state.top.isStore {
            StoreSession.drawBadge(state.session, into: &frame, header: header.inset(left: 18))
        }
        let kind = state.top.kind
        let area = kind.drawsInStoreArea ? storeArea(frame.size) : contentArea(frame.size)
        kind.draw(state.top, state.session, &frame, area)
        if let scan = state.session.scan, sells(state.top) { drawScan(scan, into: &frame) }
        frame.bells = state.bells
        if state.session.isServerAway {
            drawNotice(tr("The shop's server cannot be reached: no payment is taken until it is back. What you typed is kept."), into: &frame)
        } else if let notice = state.notice {
            drawNotice(notice, into: &frame)
        }
        Footer(keyHints(for: state)).draw(into: &frame, in: bounds.splitBottom(1).bottom)
        if state.isShowingHelp {
            HelpOverlay(hints: keyHints(for: state)).draw(into: &frame)
        }
        if let dialog = state.quitDialog {
            let count = state.session.cart.itemCount
            let message = state.session.shopper != nil ? tr("Your cart stays with your account for next time.")
                : state.session.keepsGuestCart ? tr("Your cart stays at this counter for next time.")
                : trn("The {0} jar in your cart will be lost.", "The {0} jars in your cart will be lost.", count: count, count)
            ModalDialog(title: tr("Quit the counter?"), message: message, buttons: [tr("Quit"), tr("Stay")], maxWidth: 50, tone: .warning)
                .draw(into: &frame, state: dialog)
        }
    }

    /// The last scan's outcome on the line under the header (blank on the sale's screens).
    private static func drawScan(_ scan: ScanNotice, into frame: inout Frame) {
        let line = Rect(x: 2, y: 1, width: max(0, frame.size.columns - 4), height: 1)
        frame.write(ScanWords.words(scan), in: line, style: Style(scan.isProblem ? .error : .success, .bold))
    }

    /// The counter's notice under the header, over the screen until a key dismisses it, wrapped
    /// to be read whole (a theme's parse error is long): up to a third of the screen.
    private static func drawNotice(_ notice: String, into frame: inout Frame) {
        let width = max(1, frame.size.columns - 2)
        let block = TextBlock(notice, style: Style(.warning, .bold))
        let rows = min(block.lines(width: width).count, max(1, (frame.size.rows - 2) / 3))
        let band = Rect(x: 0, y: 1, width: frame.size.columns, height: rows)
        frame.fill(band, style: Style(.background))
        block.draw(into: &frame, in: band.inset(top: 0, left: 1, bottom: 0, right: 1))
    }
}
