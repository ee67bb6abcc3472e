import CheckoutKit
import Foundation
import TerminalUI

/// Seed 003's sheet, drawn: a modal over the checkout with the summary (the total last, labelled
/// with the merchant), where to ship (a saved address or one typed), how, the card, the billing
/// address, and Pay. `ExpressSheetSession` keeps the seed's order of callbacks; this feature
/// shows it: while a completion is awaited the controls are busy, each status lands where it
/// belongs, and Esc finishes the sheet at any time.
public enum ExpressSheetFeature {
    /// What the session shows, copied out of it after each change (the state stays a value).
    public struct Sheet: Equatable, Sendable {
        public var summaryItems: [SummaryItem] = []
        public var shippingMethods: [ShippingMethod] = []
        public var selectedShippingMethod: ShippingMethod?
        public var paymentMethod: ExpressPaymentMethod?
        public var shippingContact: Contact?
        public var billingContact: Contact?
        /// What the store was told of the address before Pay (city, region, postcode, country).
        public var sharedWithStore: AnonymizedContact?
        public var lastStatus: AuthorizationStatus?
        public var fieldErrors: [FieldError] = []
        public var failureMessage: String?
        /// A delegate completion is awaited: the controls are busy.
        public var isBusy = false
        public var finished: Finished?

        public init() {}
    }

    public enum Finished: Equatable, Sendable {
        case paid(chargeID: String, total: Money, orderNumber: String? = nil)
        case cancelled
    }

    public enum Row: Int, CaseIterable, Equatable, Sendable {
        case shipTo, shipping, card, billing, pay
    }

    public struct AddressForm: Equatable, Sendable {
        public static let labels = ["Name", "E-mail", "Phone", "Street", "City", "Region", "Postcode", "Country"]
        public var fields = Array(repeating: "", count: AddressForm.labels.count)
        public var focus = 0
        /// What Enter found wrong, by field: said under each field until it is typed in again.
        public var problems: [Int: FieldError.Problem] = [:]
        /// The form's rows, in `labels`' order.
        static let rows: [ContactField] = [.name, .email, .phone, .street, .city, .region, .postcode, .countryCode]
        static let countryField = rows.firstIndex(of: .countryCode)!
        /// The countries the store ships to: ←→ on the Country field picks among them.
        static let countries = ShippingRates().countries

        /// The next (`step` 1) or previous (-1) country of the list after the one in the field;
        /// from a code not in the list, the first (or the last).
        mutating func pickCountry(_ step: Int) {
            let list = Self.countries
            let typed = fields[Self.countryField].trimmingCharacters(in: .whitespaces).uppercased()
            let next = list.firstIndex(of: typed).map { ($0 + step + list.count) % list.count } ?? (step > 0 ? 0 : list.count - 1)
            fields[Self.countryField] = list[next]
            problems[Self.countryField] = nil
        }

        var contact: Contact {
            Contact(name: fields[0], email: fields[1], phone: fields[2],
                    postalAddress: PostalAddress(street: fields[3], city: fields[4], region: fields[5], postcode: fields[6],
                                                 countryCode: fields[7].uppercased()))
        }
    }

    public struct State: Equatable, Sendable {
        public var goods: [SummaryItem]
        public var sheet: Sheet?
        public var focus: Row = .shipTo
        /// Index into the saved addresses; one past the end is "type an address".
        public var addressIndex = 0
        public var billingIndex = 0
        public var cardIndex = 0
        public var form: AddressForm?
        /// The address the shopper typed last, if any (the last entry of the ship-to choices).
        public var typedContact: Contact?

        public init(goods: [SummaryItem]) {
            self.goods = goods
        }

        var isTypingAddress: Bool { addressIndex == ExpressWallet.addresses.count }
        var isBusy: Bool { sheet?.isBusy ?? true }
    }

    /// Which delegate method answered: only those that answer with a status move the focus.
    public enum Callback: Equatable, Sendable {
        case shippingContact, shippingMethod, paymentMethod, authorization
    }

    public enum FormAction: Equatable, Sendable {
        case type(String)
        case backspace
        case next, previous
        /// ←→ on the Country field: the next or previous country shipped to.
        case pickCountry(Int)
        case submit
    }

    public enum Action: Equatable, Sendable {
        /// The session changed (opened, a customer action sent, the sheet finished).
        case sheetChanged(Sheet)
        /// A delegate completion came back: the sheet moves focus to where its status belongs.
        case answered(Callback, Sheet)
        case focusNext, focusPrevious
        case previousOption, nextOption
        case activate
        case form(FormAction)
        /// Esc: closes the typed address, or cancels the sheet (didFinish).
        case cancel
        /// Reported to the parent once the sheet is gone.
        case close(paid: Bool)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, ExpressClient> {
        switch action {
        case let .sheetChanged(sheet):
            state.sheet = sheet
            return .none
        case let .answered(callback, sheet):
            state.sheet = sheet
            guard callback != .paymentMethod else { return .none } // answers with items only
            switch sheet.lastStatus {
            case .invalidShippingPostalAddress?, .invalidShippingContact?: state.focus = .shipTo
            case .invalidBillingPostalAddress?: state.focus = .billing
            case .failure?: state.focus = .pay
            case .success?, nil: break
            }
            return .none
        case .focusNext, .focusPrevious:
            guard !state.isBusy, state.form == nil else { return .none }
            // The rows in order, cycled with the toolkit's wrap-around selection: an index into
            // `allCases` is always a row, so nothing is unwrapped.
            let rows = Row.allCases
            let at = ListSelection(rows.firstIndex(of: state.focus) ?? 0).moved(by: action == .focusNext ? 1 : -1, count: rows.count)
            state.focus = rows[at.index]
            return .none
        case .previousOption, .nextOption:
            guard !state.isBusy, state.form == nil, let sheet = state.sheet else { return .none }
            let step = action == .nextOption ? 1 : -1
            switch state.focus {
            case .shipTo:
                state.addressIndex = ListSelection(state.addressIndex).moved(by: step, count: ExpressWallet.addresses.count + 1).index
                guard !state.isTypingAddress else { return .none }
                let contact = ExpressWallet.addresses[state.addressIndex].contact
                return .run { client, _ in client.selectContact(contact) }
            case .shipping:
                guard !sheet.shippingMethods.isEmpty else { return .none }
                let current = sheet.selectedShippingMethod.flatMap(sheet.shippingMethods.firstIndex(of:)) ?? 0
                let method = sheet.shippingMethods[ListSelection(current).moved(by: step, count: sheet.shippingMethods.count).index]
                return .run { client, _ in client.selectShippingMethod(method) }
            case .card:
                state.cardIndex = ListSelection(state.cardIndex).moved(by: step, count: ExpressWallet.cards.count).index
                let method = ExpressWallet.cards[state.cardIndex].method
                return .run { client, _ in client.selectCard(method) }
            case .billing:
                state.billingIndex = ListSelection(state.billingIndex).moved(by: step, count: ExpressWallet.billing.count).index
                let contact = ExpressWallet.billing[state.billingIndex].contact
                return .run { client, _ in client.setBilling(contact) }
            case .pay:
                return .none
            }
        case .activate:
            if state.sheet?.finished != nil { return .send(.close(paid: isPaid(state))) }
            guard !state.isBusy, state.form == nil else { return .none }
            switch state.focus {
            case .shipTo where state.isTypingAddress:
                state.form = AddressForm()
                return .none
            case .pay:
                let card = ExpressWallet.cards[state.cardIndex]
                return .run { client, _ in client.pay(card) }
            default:
                return .send(.nextOption)
            }
        case let .form(formAction):
            guard var form = state.form else { return .none }
            switch formAction {
            case let .type(text):
                form.fields[form.focus] += text
                form.problems[form.focus] = nil
            case .backspace:
                if !form.fields[form.focus].isEmpty { form.fields[form.focus].removeLast() }
                form.problems[form.focus] = nil
            case .next: form.focus = (form.focus + 1) % AddressForm.labels.count
            case .previous: form.focus = (form.focus + AddressForm.labels.count - 1) % AddressForm.labels.count
            case let .pickCountry(step): form.pickCountry(step)
            case .submit:
                let problems = form.contact.typedContactProblems
                guard problems.isEmpty else {
                    // Said at each field, the first one focused; nothing typed is lost.
                    form.problems = Dictionary(problems.compactMap { problem in
                        AddressForm.rows.firstIndex(of: problem.field).map { ($0, problem.problem) }
                    }, uniquingKeysWith: { first, _ in first })
                    form.focus = form.problems.keys.min() ?? form.focus
                    state.form = form
                    return .none
                }
                state.form = nil
                let contact = form.contact
                state.typedContact = contact
                return .run { client, _ in client.selectContact(contact) }
            }
            state.form = form
            return .none
        case .cancel:
            if state.sheet?.finished != nil { return .send(.close(paid: isPaid(state))) }
            if state.form != nil {
                state.form = nil
                return .none
            }
            return .run { client, _ in client.cancel() }
        case .close:
            return .none
        }
    }

    static func isPaid(_ state: State) -> Bool {
        if case .paid? = state.sheet?.finished { return true }
        return false
    }

    public static func hasTextFocus(_ state: State) -> Bool { state.form != nil }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event else { return nil }
        if let form = state.form {
            switch key {
            case .left where form.focus == AddressForm.countryField: return .form(.pickCountry(-1))
            case .right where form.focus == AddressForm.countryField: return .form(.pickCountry(1))
            case .tab, .down: return .form(.next)
            case .backTab, .up: return .form(.previous)
            case .enter: return .form(.submit)
            case .backspace: return .form(.backspace)
            case .escape: return .cancel
            case let .character(c): return .form(.type(String(c)))
            default: return nil
            }
        }
        switch key {
        case .escape: return .cancel
        case .enter: return .activate
        case .tab, .down: return .focusNext
        case .backTab, .up: return .focusPrevious
        case .left: return .previousOption
        case .right, .character(" "): return .nextOption
        default: return nil
        }
    }

    public static func keyHints(for state: State) -> [KeyHint] {
        if state.sheet?.finished != nil { return [KeyHint("Enter", isPaid(state) ? "Receipt" : "Back to the store")] }
        if let form = state.form {
            let pick = form.focus == AddressForm.countryField ? [KeyHint("←→", "Country")] : []
            return [KeyHint("Tab", "Next field")] + pick + [KeyHint("Enter", "Use this address"), KeyHint("Esc", "Back")]
        }
        if state.isBusy { return [KeyHint("Esc", "Cancel")] }
        return [KeyHint("↑↓", "Row"), KeyHint("←→", "Change"), KeyHint("Enter", state.focus == .pay ? "Pay" : "Choose"), KeyHint("Esc", "Cancel")]
    }
}
