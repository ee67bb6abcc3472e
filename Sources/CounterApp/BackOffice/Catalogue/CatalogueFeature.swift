import CheckoutKit
import Foundation
import TerminalUI

/// The catalogue in the back office (issue 36): the products with their price and stock (or
/// only those running low, l), a product's movements (Enter); a adds a product, p changes a
/// price, r receives stock, c counts it. Each change is signed and journaled by the core, and
/// the fleet's counters see it within seconds. Reached from the back office (c): a manager's, or
/// a cashier's once a manager approved it with their PIN (every change is then signed by both).
public enum CatalogueFeature {
    public struct State: Equatable, Sendable {
        /// Nil until read.
        public var products: [StockedProduct]?
        public var list = ListSelection()
        /// Only the products at or below their low-stock level.
        public var showingLow = false
        /// The selected product's movements, shown over the list (Enter).
        public var history: History?
        public var form: CatalogueForm?
        public var message: Notice?
        public var isBusy = false
        /// The shop's, read as the screen opens.
        public var currency: Currency = .eur
        public var taxCategories: [String] = []
        /// The manager who let a cashier in (nil: the person serving may change it alone, or
        /// the shop has no staff). Each change is signed by the cashier and approved by them.
        public var approvedBy: StaffPerson?
        public init(approvedBy: StaffPerson? = nil) {
            self.approvedBy = approvedBy
        }

        var selected: StockedProduct? {
            guard let products, products.indices.contains(list.index) else { return nil }
            return products[list.index]
        }
    }

    public struct History: Equatable, Sendable {
        public let product: StockedProduct
        public let movements: [StockMovement]
    }

    public enum Notice: Equatable, Sendable {
        case added(name: String, stock: Int)
        case priceChanged(name: String, price: Money)
        case received(name: String, quantity: Int, stock: Int)
        case counted(name: String, difference: Int, stock: Int)
        case refused(StockroomError)
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case settings(currency: Currency, taxCategories: [String])
        case loaded(Result<[StockedProduct], StockroomError>)
        case moveUp, moveDown
        case toggleLow
        case showHistory
        case historyLoaded(StockedProduct, Result<[StockMovement], StockroomError>)
        case closeHistory
        case ask(CatalogueForm.Kind)
        case typed(Character)
        case erase
        case nextField, previousField
        case nextChoice, previousChoice
        /// Enter in a form: the next field, or the change on the last one.
        case submit
        case cancel
        case done(Result<Notice, StockroomError>)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, CatalogueClient> {
        switch action {
        case .onAppear:
            return .merge(.run { client, send in send(.settings(currency: client.currency, taxCategories: client.taxCategories)) }, load(state))
        case let .settings(currency, categories):
            state.currency = currency
            state.taxCategories = categories
        case .loaded(.success(let products)):
            // The same product stays selected when the list is read again.
            let selected = state.selected?.id
            state.products = products
            if let selected, let index = products.firstIndex(where: { $0.id == selected }) { _ = state.list.select(index, count: products.count) }
            state.list.clamp(count: products.count)
        case .loaded(.failure(let error)):
            state.products = state.products ?? []
            state.message = .refused(error)
        case .moveUp:
            state.list.moveUp(count: state.products?.count ?? 0)
        case .moveDown:
            state.list.moveDown(count: state.products?.count ?? 0)
        case .toggleLow:
            state.showingLow.toggle()
            state.list = ListSelection()
            state.message = nil
            return load(state)
        case .showHistory:
            guard let product = state.selected else { return .none }
            return .run { client, send in send(.historyLoaded(product, client.movements(product.id))) }
        case let .historyLoaded(product, .success(movements)):
            state.history = History(product: product, movements: movements)
        case .historyLoaded(_, .failure(let error)):
            state.message = .refused(error)
        case .closeHistory:
            state.history = nil
        case .ask(let kind):
            if kind != .add, state.selected == nil { return .none }
            var form = CatalogueForm(kind: kind, product: kind == .add ? nil : state.selected)
            // What a product is when nobody said otherwise, as the shop's VAT table has it.
            form.category = state.taxCategories.firstIndex(of: "general") ?? 0
            state.form = form
            state.message = nil
        case .typed(let character):
            guard var form = state.form else { return .none }
            let field = form.focusedField
            if character == " ", CatalogueForm.isChoice(field) { return reduce(&state, .nextChoice) }
            guard CatalogueForm.accepts(character, in: field, length: form.text(field).count) else { return .none }
            form.texts[field] = form.text(field) + String(character)
            if form.problem?.field == field { form.problem = nil }
            state.form = form
        case .erase:
            guard var form = state.form else { return .none }
            let field = form.focusedField
            form.texts[field] = String(form.text(field).dropLast())
            if form.problem?.field == field { form.problem = nil }
            state.form = form
        case .nextField:
            guard var form = state.form else { return .none }
            form.focus = (form.focus + 1) % form.fields.count
            state.form = form
        case .previousField:
            guard var form = state.form else { return .none }
            form.focus = (form.focus + form.fields.count - 1) % form.fields.count
            state.form = form
        case .nextChoice, .previousChoice:
            guard var form = state.form else { return .none }
            let step = action == .nextChoice ? 1 : -1
            switch form.focusedField {
            case .category where !state.taxCategories.isEmpty:
                form.category = (form.category + step + state.taxCategories.count) % state.taxCategories.count
            case .reason:
                form.reason = (form.reason + step + CatalogueForm.reasons.count) % CatalogueForm.reasons.count
            default:
                return .none
            }
            if form.problem?.field == form.focusedField { form.problem = nil }
            state.form = form
        case .submit:
            guard let form = state.form, !state.isBusy else { return .none }
            if !form.isOnLastField { return reduce(&state, .nextField) }
            return submit(&state, form)
        case .cancel:
            state.form = nil
        case .done(.success(let notice)):
            state.isBusy = false
            state.form = nil
            state.message = notice
            return load(state)
        case .done(.failure(let error)):
            state.isBusy = false
            guard var form = state.form else {
                state.message = .refused(error)
                return .none
            }
            let field = form.field(of: error)
            form.problem = CatalogueForm.Problem(field: field, reason: .refused(error))
            if let field, let index = form.fields.firstIndex(of: field) { form.focus = index }
            state.form = form
        }
        return .none
    }

    private static func load(_ state: State) -> Effect<Action, CatalogueClient> {
        let low = state.showingLow
        return .run { client, send in send(.loaded(low ? client.lowStock() : client.products())) }
    }

    /// The form's text turned into the change, or the problem at the field that is wrong.
    private static func submit(_ state: inout State, _ form: CatalogueForm) -> Effect<Action, CatalogueClient> {
        func number(_ field: CatalogueForm.Field) -> Int? {
            guard let value = Int(form.text(field)) else {
                state.form?.problem = CatalogueForm.Problem(field: field, reason: .notANumber)
                state.form?.focus = form.fields.firstIndex(of: field) ?? 0
                return nil
            }
            return value
        }
        func money(_ field: CatalogueForm.Field) -> Money? {
            do throws(MoneyParseError) { return try Money.parse(form.text(field), currency: state.currency) } catch {
                state.form?.problem = CatalogueForm.Problem(field: field, reason: .amount(error))
                state.form?.focus = form.fields.firstIndex(of: field) ?? 0
                return nil
            }
        }
        let effect: Effect<Action, CatalogueClient>
        let approver = state.approvedBy
        switch form.kind {
        case .add:
            let name = form.text(.name).trimmingCharacters(in: .whitespaces)
            guard let price = money(.price), let stock = number(.stock), let low = number(.lowLevel) else { return .none }
            let category = state.taxCategories.indices.contains(form.category) ? state.taxCategories[form.category] : ""
            let product = NewProduct(name: name, price: price, taxCategory: category, stock: stock, lowStockAt: low)
            effect = .run { client, send in
                send(.done(client.add(product, approver).map { Notice.added(name: $0.product.name, stock: $0.stock) }))
            }
        case .price:
            guard let product = form.product, let price = money(.price) else { return .none }
            effect = .run { client, send in
                send(.done(client.changePrice(product.id, price, approver).map { Notice.priceChanged(name: product.product.name, price: $0.price) }))
            }
        case .receive:
            guard let product = form.product, let quantity = number(.quantity) else { return .none }
            let note = form.text(.note)
            effect = .run { client, send in
                send(.done(client.receive(quantity, product.id, note, approver).map {
                    Notice.received(name: product.product.name, quantity: $0.quantity, stock: $0.stockAfter)
                }))
            }
        case .count:
            guard let product = form.product, let counted = number(.counted) else { return .none }
            let (reason, note) = (form.chosenReason, form.text(.note))
            effect = .run { client, send in
                send(.done(client.count(counted, product.id, reason, note, approver).map {
                    Notice.counted(name: product.product.name, difference: $0.quantity, stock: $0.stockAfter)
                }))
            }
        }
        state.isBusy = true
        return effect
    }
}
