import TerminalUI

/// The back office's keys: typing searches; in an order, w refunds the whole, j jars of the
/// selected line, a an amount, p reprints, r reprints the newest refund's receipt; v shows the
/// holds, where Enter voids one; p prints a report; Esc steps back one level.
extension BackOfficeFeature {
    public static func action(for event: InputEvent, in state: State) -> Action? {
        if let approval = state.approval { return ManagerApprovalFeature.action(for: event, in: approval).map(Action.approval) }
        guard case let .key(key) = event else { return nil }
        if state.isBusy { return nil }
        if let entry = state.entry {
            if entry == .confirmWhole || entry == .confirmClose || entry == .confirmVoid {
                return key == .escape ? .cancelEntry : .confirm(key == .character("y") || key == .character("Y"))
            }
            switch key {
            case .escape: return .cancelEntry
            case .enter: return .submit
            case .backspace: return .erase
            case let .character(c): return .typed(c)
            default: return nil
            }
        }
        if state.report != nil {
            if key == .character("p") { return .printReport }
            return key == .escape || key == .enter ? .closeReport : nil
        }
        if state.holds != nil {
            switch key {
            case .escape: return .closeHolds
            case .up: return .moveUp
            case .down: return .moveDown
            case .enter: return .askVoid
            default: return nil
            }
        }
        if state.order != nil {
            switch key {
            case .escape: return .closeOrder
            case .up: return .moveUp
            case .down: return .moveDown
            case .character("w"): return .askWholeRefund
            case .character("j"): return .askJars
            case .character("a"): return .askAmount
            case .character("p"): return .reprint
            case .character("r"): return .reprintRefund
            default: return nil
            }
        }
        switch key {
        case .character("x"): return .showDayReport
        case .character("z"): return .askCloseDay
        // Never part of a query (numbers, days, "HS-"), like x and z.
        case .character("v"): return .showHolds
        case .character("d"): return .showShopDay
        case .character("t") where state.hasTill: return .openTill
        case .character("c") where state.hasTill: return .askCatalogue
        case .character("s") where state.managesStaff: return .openStaff
        case .character("p") where !state.waitingReports.isEmpty: return .printWaitingReports
        case .up: return .moveUp
        case .down: return .moveDown
        case .enter: return .submit
        case .backspace: return .erase
        case let .character(c): return .typed(c)
        default: return nil
        }
    }

    /// The search field and the typed refunds take every key.
    public static func hasTextFocus(_ state: State) -> Bool {
        (state.order == nil && state.report == nil && state.holds == nil) || state.entry != nil || state.approval != nil
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        if let approval = state.approval { return ManagerApprovalFeature.keyHints(approval) }
        switch state.entry {
        case .confirmWhole: return [KeyHint("y", "Refund"), KeyHint("n", "Keep")]
        case .confirmClose: return [KeyHint("y", "Close the day"), KeyHint("n", "Keep it open")]
        case .confirmVoid: return [KeyHint("y", "Void"), KeyHint("n", "Keep")]
        case .jars, .amount: return [KeyHint("Enter", "Refund"), KeyHint("Esc", "Cancel")]
        case nil: break
        }
        if let order = state.order {
            // Only keys that act here: a line to choose needs two, a slip needs a refund; w, j
            // and a say why an order cannot be refunded, so they stay.
            let line = KeyHint.move(order.lines.count, "Line")
            let slip = order.refunds.contains { $0.state == .refunded } ? [KeyHint("r", "Slip")] : []
            return line + [KeyHint("w", "Refund all"), KeyHint("j", "Jars"), KeyHint("a", "Amount"), KeyHint("p", "Reprint")]
                + slip + [KeyHint("Esc", "Orders")]
        }
        if state.report != nil { return [KeyHint("p", "Print"), KeyHint("Esc", "Orders")] }
        if let holds = state.holds { return KeyHint.move(holds.count) + (holds.isEmpty ? [] : [KeyHint("Enter", "Void")]) + [KeyHint("Esc", "Orders")] }
        let waiting = state.waitingReports.isEmpty ? [] : [KeyHint("p", "Print")]
        let till = (state.hasTill ? [KeyHint("t", "Till"), KeyHint("c", "Catalogue")] : []) + (state.managesStaff ? [KeyHint("s", "Staff")] : [])
        // A report waiting for the printer is said on the screen with its key: the key comes early,
        // so it is not the first to yield when the footer is short.
        return KeyHint.move(state.results.count) + [KeyHint("Enter", "Search/Open")] + waiting + till
            + [KeyHint("v", "Holds"), KeyHint("x", "X report"), KeyHint("z", "Z report"), KeyHint("d", "Shop's day")]
            + [KeyHint("Esc", "Back")]
    }
}
