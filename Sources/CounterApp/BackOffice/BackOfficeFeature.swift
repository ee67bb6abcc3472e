import CheckoutKit
import Foundation
import TerminalUI

/// The operator's back office: find an order (by number, day or a card's last four), open it to
/// see its lines, payment and refunds, refund it whole, by jars or by an amount, and reprint its
/// receipt; void an auction's hold; close the day. Each refund and void prints a receipt of its
/// own, a Z report prints itself. Reached behind the operator PIN only (the kiosk's F10 menu).
public enum BackOfficeFeature {
    public struct State: Equatable, Sendable {
        /// The search field: what the operator typed.
        public var query = ""
        /// The query the results are for (nil: nothing searched yet).
        public var searched: String?
        public var results: [BackOfficeOrder] = []
        public var list = ListSelection()
        /// The order opened, and its selected line.
        public var order: BackOfficeOrder?
        public var line = ListSelection()
        /// A refund being typed or confirmed.
        public var entry: Entry?
        /// The X or Z report shown over the list.
        public var report: DayReport?
        /// The holds shown over the list (`v`): what may be voided.
        public var holds: [BackOfficeHold]?
        public var holdList = ListSelection()
        /// How the last printout went (a refund's, a void's receipt, a report).
        public var printout: Printout?
        /// Z reports whose printout waits for the printer, by number (`p` in the list prints them).
        public var waitingReports: [Int] = []
        /// A refund or a reprint is on its way: keys wait.
        public var isBusy = false
        public var message: Notice?
        /// The day asked to close has nothing in it: the question says so.
        public var closingAnEmptyDay = false
        /// A staffed counter's back office reaches its till (`t`); a kiosk has none.
        public var hasTill = false
        /// Who is at the back office (issue 36): the person signed in, or the manager whose PIN
        /// opened it; nil in a shop without staff (nothing is signed, nothing asked).
        public var serving: StaffMember?
        /// A manager's approval being asked for one action `serving` may not do alone, and that action.
        public var approval: ManagerApprovalFeature.State?
        public var awaitingApproval: AwaitingApproval?
        public init(hasTill: Bool = false, serving: StaffMember? = nil) {
            self.hasTill = hasTill
            self.serving = serving
        }
    }

    public enum Entry: Equatable, Sendable {
        /// "Refund everything left? y/n".
        case confirmWhole
        /// How many jars of the selected line come back.
        case jars(String, problem: Problem?)
        /// An amount of money, as typed ("3.50").
        case amount(String, problem: Problem?)
        /// "Close the day with a Z report? y/n".
        case confirmClose
        /// "Void this hold? y/n".
        case confirmVoid
    }

    /// How a printout went, said above the message line.
    public enum Printout: Equatable, Sendable {
        case printed(what: PrintedDocument, destination: String)
        /// Printed before under its key: not again (a double press, an answer replayed).
        case printedBefore(what: PrintedDocument)
        /// The printer cannot be written: the printout waits to be printed again from here.
        case waiting(what: PrintedDocument, ReceiptPrinter.Failure)
    }

    public enum PrintedDocument: Equatable, Sendable {
        case refundReceipt
        case voidReceipt
        case report(number: Int?)
    }

    /// What is wrong with a typed refund, said at its field.
    public enum Problem: Equatable, Sendable {
        case amount(MoneyParseError)
        case notANumber
        case refused(BackOfficeRefusal)
    }

    /// What the screen tells the operator, as a value (`words(_:)` says it).
    public enum Notice: Equatable, Sendable {
        case notAQuery
        case nothingFound
        case refunded(Money, order: String)
        case refused(BackOfficeRefusal)
        case reprinted(order: String, destination: String)
        case notReprinted(ReceiptPrinter.Failure)
        case voided(Money, flight: String)
        case noHolds
        case noRefundReceipt
    }

    public enum Action: Equatable, Sendable {
        case typed(Character)
        case erase
        /// Enter: search when the query changed, else open the selected order.
        case submit
        case found(query: String, Result<[BackOfficeOrder], BackOfficeRefusal>)
        case moveUp, moveDown
        case closeOrder
        case askWholeRefund
        case askJars
        case askAmount
        case confirm(Bool)
        case cancelEntry
        case refunded(Result<BackOfficeOrder, BackOfficeRefusal>, asked: Money?)
        case reprint
        case reprinted(order: String, Result<String, ReceiptPrinter.Failure>)
        /// x: the day so far; z: asks, then closes the day.
        case showDayReport
        case askCloseDay
        /// The day so far, read before the question: an empty day is asked about as empty.
        case dayToClose(Result<DayReport, BackOfficeRefusal>)
        case dayReport(Result<DayReport, BackOfficeRefusal>)
        case closeReport
        /// v: the holds that may be voided.
        case showHolds
        case holdsFound(Result<[BackOfficeHold], BackOfficeRefusal>)
        case closeHolds
        case askVoid
        case voided(Result<BackOfficeVoid, BackOfficeRefusal>)
        /// p on a report: print it (a Z report prints itself once when made).
        case printReport
        /// r in an order: print its newest refund's receipt again, as a copy.
        case reprintRefund
        /// As the back office opens and after a report: which Z reports wait for the printer.
        case checkWaitingReports
        case waitingReportsFound([Int])
        /// p in the list: print the Z reports that wait, each once.
        case printWaitingReports
        case printed(PrintedDocument, Result<String, ReceiptPrinter.Failure>?)
        /// t: the counter's till (the app opens its screen).
        case openTill
        /// d: the shop's day across all counters, shown like a report.
        case showShopDay
        /// c: the catalogue (products, prices, stock), at a staffed counter (a kiosk's stock is
        /// kept from one): a manager's, a cashier's with a manager's approval.
        case askCatalogue
        /// The app opens the catalogue's screen, its changes approved by this manager for a cashier.
        case openCatalogue(approvedBy: StaffPerson?)
        /// s: the staff (a manager's, or the operator's of a shop without staff; the app opens it).
        case openStaff
        /// The manager's approval prompt (issue 36).
        case approval(ManagerApprovalFeature.Action)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, BackOfficeClient> {
        switch action {
        case .typed(let character):
            return type(&state, character)
        case .erase:
            switch state.entry {
            case let .jars(text, _): state.entry = .jars(String(text.dropLast()), problem: nil)
            case let .amount(text, _): state.entry = .amount(String(text.dropLast()), problem: nil)
            case .confirmWhole, .confirmClose, .confirmVoid: break
            case nil: if state.order == nil { state.query = String(state.query.dropLast()) }
            }
        case .submit:
            return submit(&state)
        case let .found(query, result):
            state.searched = query
            switch result {
            case .success(let orders):
                state.results = orders
                state.list = ListSelection()
                state.message = orders.isEmpty ? .nothingFound : nil
            case .failure(let refusal):
                state.results = []
                state.message = .refused(refusal)
            }
        case .moveUp where state.holds != nil:
            state.holdList.moveUp(count: state.holds?.count ?? 0)
        case .moveDown where state.holds != nil:
            state.holdList.moveDown(count: state.holds?.count ?? 0)
        case .moveUp:
            if let order = state.order { state.line.moveUp(count: order.lines.count) } else { state.list.moveUp(count: state.results.count) }
        case .moveDown:
            if let order = state.order { state.line.moveDown(count: order.lines.count) } else { state.list.moveDown(count: state.results.count) }
        case .closeOrder:
            state.order = nil
            state.entry = nil
            state.message = nil
        case .askWholeRefund:
            guard let order = state.order, order.canRefund else { return refuse(&state) }
            state.entry = .confirmWhole
        case .askJars:
            guard let order = state.order, order.canRefund else { return refuse(&state) }
            // Shipping and a surcharge come off no shelf: said before a number is typed.
            guard order.lines.indices.contains(state.line.index), order.lines[state.line.index].isGoods else {
                state.message = .refused(.notGoods)
                return .none
            }
            state.entry = .jars("", problem: nil)
        case .askAmount:
            guard let order = state.order, order.canRefund else { return refuse(&state) }
            state.entry = .amount("", problem: nil)
        case .confirm(let yes) where state.entry == .confirmVoid:
            state.entry = nil
            return yes ? void(&state) : .none
        case .confirm(let yes) where state.entry == .confirmClose:
            state.entry = nil
            guard yes else { return .none }
            return closeDay(&state, approvedBy: nil)
        case .confirm(let yes):
            guard state.entry == .confirmWhole, let order = state.order else { return .none }
            state.entry = nil
            return yes ? refund(&state, order, .whole, asked: order.refundable) : .none
        case .cancelEntry:
            state.entry = nil
        case let .refunded(result, asked):
            return refunded(&state, result, asked: asked)
        case .reprint:
            guard let order = state.order, !state.isBusy else { return .none }
            state.isBusy = true
            let number = order.number
            return .run { client, send in send(.reprinted(order: number, client.reprint(number))) }
        case .showDayReport:
            state.isBusy = true
            return .run { client, send in send(.dayReport(client.report(false, nil))) }
        case .showShopDay:
            state.isBusy = true
            return .run { client, send in send(.dayReport(client.shopDay())) }
        case .askCatalogue:
            guard let signing = sign(&state, .editCatalogue, approvedBy: nil, awaiting: .openCatalogue) else { return .none }
            return .send(.openCatalogue(approvedBy: signing.signature?.approvedBy))
        case .openTill, .openCatalogue, .openStaff:
            // The app pushes the till's, the catalogue's or the staff's screen.
            break
        case .askCloseDay:
            state.isBusy = true
            return .run { client, send in send(.dayToClose(client.report(false, nil))) }
        case .dayToClose(let result):
            state.isBusy = false
            switch result {
            case .success(let report):
                state.message = nil
                state.closingAnEmptyDay = report.isEmpty
                state.entry = .confirmClose
            case .failure(let refusal): state.message = .refused(refusal)
            }
        case .dayReport(let result):
            state.isBusy = false
            state.printout = nil
            switch result {
            case .success(let report):
                state.report = report
                // The list's message ("No orders found.") is not the report's.
                state.message = nil
                // A Z report is printed as it is made, once under its number.
                if let number = report.number { return print(.report(number: number), ReceiptDocument(report: report, copy: false), once: report.printKey) }
            case .failure(let refusal): state.message = .refused(refusal)
            }
        case .closeReport:
            state.report = nil
            state.printout = nil
            return .send(.checkWaitingReports)
        case .checkWaitingReports:
            return .run { client, send in send(.waitingReportsFound(client.waitingReports().compactMap(\.number))) }
        case .waitingReportsFound(let numbers):
            state.waitingReports = numbers
        case .printWaitingReports:
            guard !state.waitingReports.isEmpty, !state.isBusy else { return .none }
            state.isBusy = true
            return .run { client, send in
                for report in client.waitingReports() {
                    send(.printed(.report(number: report.number), client.print(ReceiptDocument(report: report, copy: false), report.printKey)))
                }
                send(.waitingReportsFound(client.waitingReports().compactMap(\.number)))
            }
        case .showHolds, .holdsFound, .closeHolds, .askVoid, .voided:
            return holdsAction(&state, action)
        case .printReport:
            guard let report = state.report, !state.isBusy else { return .none }
            return print(.report(number: report.number), ReceiptDocument(report: report, copy: report.number != nil), once: nil)
        case .reprintRefund:
            guard let order = state.order, !state.isBusy else { return .none }
            guard let refund = order.refunds.last(where: { $0.state == .refunded }) else { state.message = .noRefundReceipt; return .none }
            return print(.refundReceipt, ReceiptDocument(refund: refund, of: order, copy: true), once: nil)
        case let .printed(what, result):
            state.isBusy = false
            switch result {
            case .success(let destination)?: state.printout = .printed(what: what, destination: destination)
            case .failure(let failure)?: state.printout = .waiting(what: what, failure)
            case nil: state.printout = .printedBefore(what: what)
            }
        case .approval(let action):
            return approval(&state, action)
        case let .reprinted(order, result):
            state.isBusy = false
            switch result {
            case .success(let destination): state.message = .reprinted(order: order, destination: destination)
            case .failure(let failure): state.message = .notReprinted(failure)
            }
        }
        return .none
    }

    /// The idempotency key of the next refund of `order`: the same while the screen waits for an
    /// answer (a double press refunds once), a new one once the order shows the refund.
    static func refundKey(_ order: BackOfficeOrder) -> String {
        "backoffice-\(order.id)-\(order.refunds.count + 1)"
    }

    private static func type(_ state: inout State, _ character: Character) -> Effect<Action, BackOfficeClient> {
        switch state.entry {
        case let .jars(text, _):
            if character.isASCII, character.isNumber, text.count < 4 { state.entry = .jars(text + String(character), problem: nil) }
        case let .amount(text, _):
            if character.isASCII, character.isNumber || character == "." || character == ",", text.count < 12 {
                state.entry = .amount(text + String(character), problem: nil)
            }
        case .confirmWhole, .confirmClose, .confirmVoid:
            break
        case nil:
            if state.order == nil, state.holds == nil, state.query.count < 12, character.isASCII, !character.isWhitespace {
                state.query.append(character)
                state.message = nil
            }
        }
        return .none
    }

    private static func submit(_ state: inout State) -> Effect<Action, BackOfficeClient> {
        guard !state.isBusy else { return .none }
        if let order = state.order {
            switch state.entry {
            case let .jars(text, _):
                guard let quantity = Int(text), quantity > 0 else { state.entry = .jars(text, problem: .notANumber); return .none }
                guard order.lines.indices.contains(state.line.index) else { return .none }
                let unit = order.lines[state.line.index].unitPrice
                let asked = Money(minorUnits: unit.minorUnits * Int64(quantity), currency: unit.currency)
                return refund(&state, order, .jars(line: state.line.index, quantity: quantity), asked: asked)
            case let .amount(text, _):
                let amount: Money
                do throws(MoneyParseError) { amount = try Money.parse(text, currency: order.total.currency) } catch {
                    state.entry = .amount(text, problem: .amount(error))
                    return .none
                }
                return refund(&state, order, .amount(amount), asked: amount)
            case .confirmWhole, .confirmClose, .confirmVoid, nil:
                return .none
            }
        }
        guard state.holds == nil else { return .none }
        if state.searched != state.query || state.results.isEmpty {
            guard let query = BackOfficeQuery(state.query) else {
                state.message = .notAQuery
                return .none
            }
            let typed = state.query
            return .run { client, send in send(.found(query: typed, client.find(query))) }
        }
        guard state.results.indices.contains(state.list.index) else { return .none }
        state.order = state.results[state.list.index]
        state.line = ListSelection()
        state.message = nil
        return .none
    }

    static func refund(_ state: inout State, _ order: BackOfficeOrder, _ request: BackOfficeRefundRequest,
                       asked: Money, approvedBy manager: StaffPerson? = nil) -> Effect<Action, BackOfficeClient> {
        guard let signature = sign(&state, .refund, approvedBy: manager, awaiting: .refund(order, request, asked: asked)) else { return .none }
        state.isBusy = true
        state.message = nil
        state.printout = nil
        let key = refundKey(order)
        return .run { client, send in
            client.refund(order, request, key, signature.signature) { send(.refunded($0, asked: asked)) }
        }
    }

    private static func refunded(_ state: inout State, _ result: Result<BackOfficeOrder, BackOfficeRefusal>,
                                 asked: Money?) -> Effect<Action, BackOfficeClient> {
        state.isBusy = false
        switch result {
        case .success(let order):
            state.order = order
            if let index = state.results.firstIndex(where: { $0.id == order.id }) { state.results[index] = order }
            state.entry = nil
            if let asked { state.message = .refunded(asked, order: order.number) }
            // Its own receipt, once under the refund's id: an answer replayed prints nothing more.
            if let refund = order.refunds.last, refund.state == .refunded {
                return print(.refundReceipt, ReceiptDocument(refund: refund, of: order, copy: false), once: OwedDocument.refundKey(refund.id))
            }
        case .failure(let refusal):
            // Said at the field that was typed, so the operator can correct it there.
            switch state.entry {
            case let .jars(text, _): state.entry = .jars(text, problem: .refused(refusal))
            case let .amount(text, _): state.entry = .amount(text, problem: .refused(refusal))
            case .confirmWhole, .confirmClose, .confirmVoid, nil: state.message = .refused(refusal)
            }
        }
        return .none
    }

    private static func refuse(_ state: inout State) -> Effect<Action, BackOfficeClient> {
        guard let order = state.order else { return .none }
        state.message = .refused(order.state == .paid ? (order.hasRefundTender ? .nothingLeft : .notPaidByCard) : .notRefundable(order.state))
        return .none
    }
}
