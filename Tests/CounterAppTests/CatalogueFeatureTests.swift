@testable import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// The back office's catalogue with a stand-in client: the list read on opening (and only the
/// low ones with l), a product added through its form (the price parsed, the shop's default tax
/// category, the problem said at the field the core refused), a delivery and a count whose
/// difference needs a reason, and keys that do only what the footer says.
@Suite struct CatalogueFeatureTests {
    static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }
    static let acacia = StockedProduct(product: Product(id: "honey-acacia", name: "Acacia honey", detail: "", price: euros(650), stock: 12),
                                       taxCategory: "food", lowStockAt: 3)
    static let manuka = StockedProduct(product: Product(id: "honey-manuka", name: "Manuka honey", detail: "", price: euros(2400), stock: 3),
                                       taxCategory: "food", lowStockAt: 3)
    static let categories = ["auction", "food", "general", "subscription"]

    final class Calls {
        var added: [NewProduct] = []
        var received: [(Int, String, String)] = []
        var counted: [(Int, String, StockCountReason?, String)] = []
        var prices: [(String, Money)] = []
        var refuseAdd: StockroomError?
        /// The manager each change went out approved by.
        var approvers: [StaffPerson?] = []
    }

    private func client(_ calls: Calls) -> CatalogueClient {
        CatalogueClient(
            products: { .success([Self.acacia, Self.manuka]) },
            lowStock: { .success([Self.manuka]) },
            movements: { _ in .success([]) },
            add: { product, approver in
                calls.added.append(product)
                calls.approvers.append(approver)
                if let refusal = calls.refuseAdd { return .failure(refusal) }
                return .success(StockedProduct(product: Product(id: "prod_1", name: product.name, detail: "", price: product.price, stock: product.stock),
                                               taxCategory: product.taxCategory, lowStockAt: product.lowStockAt))
            },
            changePrice: { id, price, approver in
                calls.prices.append((id, price))
                calls.approvers.append(approver)
                return .success(PriceChange(id: "price_1", productId: id, old: Self.euros(650), price: price, at: Date(timeIntervalSince1970: 0), signature: nil))
            },
            receive: { quantity, id, note, approver in
                calls.received.append((quantity, id, note))
                calls.approvers.append(approver)
                return .success(StockMovement(id: "stock_1", productId: id, kind: .received, quantity: quantity, stockAfter: 3 + quantity, reason: nil,
                                              note: note, reference: nil, counter: nil, at: Date(timeIntervalSince1970: 0), signature: nil))
            },
            count: { counted, id, reason, note, approver in
                calls.counted.append((counted, id, reason, note))
                calls.approvers.append(approver)
                guard reason != nil || counted == 12 else { return .failure(.reasonMissing) }
                return .success(StockMovement(id: "stock_2", productId: id, kind: .counted, quantity: counted - 12, stockAfter: counted, reason: reason,
                                              note: note, reference: nil, counter: nil, at: Date(timeIntervalSince1970: 0), signature: nil))
            },
            currency: .eur, taxCategories: Self.categories)
    }

    private func opened(_ calls: Calls, approvedBy manager: StaffPerson? = nil) -> TestStore<CatalogueFeature.State, CatalogueFeature.Action, CatalogueClient> {
        let store = TestStore(initialState: CatalogueFeature.State(approvedBy: manager), environment: client(calls)) { CatalogueFeature.reduce(&$0, $1) }
        store.send(.onAppear)
        store.receive(.settings(currency: .eur, taxCategories: Self.categories)) { $0.taxCategories = Self.categories }
        store.receive(.loaded(.success([Self.acacia, Self.manuka]))) { $0.products = [Self.acacia, Self.manuka] }
        return store
    }

    private func type(_ text: String, into store: TestStore<CatalogueFeature.State, CatalogueFeature.Action, CatalogueClient>,
                      field: CatalogueForm.Field) {
        for character in text {
            store.send(.typed(character)) { $0.form?.texts[field, default: ""].append(character) }
        }
    }

    @Test func aProductIsAddedThroughItsFormAndTheListReadAgain() {
        let calls = Calls()
        let store = opened(calls)
        var form = CatalogueForm(kind: .add)
        form.category = 2 // general
        store.send(.ask(.add)) { $0.form = form }
        type("Heather honey", into: store, field: .name)
        store.send(.submit) { $0.form?.focus = 1 }
        type("8.90", into: store, field: .price)
        store.send(.typed("x")) // not part of a price
        store.send(.nextField) { $0.form?.focus = 2 }
        store.send(.previousChoice) { $0.form?.category = 1 }
        store.send(.typed("x")) // a choice takes no letters
        store.send(.nextField) { $0.form?.focus = 3 }
        type("10", into: store, field: .stock)
        store.send(.nextField) { $0.form?.focus = 4 }
        store.send(.submit) { $0.isBusy = true }
        #expect(calls.added == [NewProduct(name: "Heather honey", price: Self.euros(890), taxCategory: "food", stock: 10, lowStockAt: 3)])
        store.receive(.done(.success(.added(name: "Heather honey", stock: 10)))) {
            $0.isBusy = false
            $0.form = nil
            $0.message = .added(name: "Heather honey", stock: 10)
        }
        store.receive(.loaded(.success([Self.acacia, Self.manuka])))
        store.finish()
    }

    @Test func whatTheCoreRefusesIsSaidAtItsField() {
        let calls = Calls()
        calls.refuseAdd = .nameTaken
        let store = opened(calls)
        store.send(.ask(.add)) { $0.form = CatalogueForm(kind: .add); $0.form?.category = 2 }
        type("Acacia honey", into: store, field: .name)
        store.send(.nextField) { $0.form?.focus = 1 }
        type("1", into: store, field: .price)
        store.send(.nextField) { $0.form?.focus = 2 }
        store.send(.nextField) { $0.form?.focus = 3 }
        store.send(.nextField) { $0.form?.focus = 4 }
        // The stock was left empty: said there, nothing asked of the core.
        store.send(.submit) { $0.form?.problem = CatalogueForm.Problem(field: .stock, reason: .notANumber); $0.form?.focus = 3 }
        #expect(calls.added.isEmpty)
        // Typing at the field takes its problem away.
        store.send(.typed("5")) { $0.form?.texts[.stock] = "5"; $0.form?.problem = nil }
        store.send(.nextField) { $0.form?.focus = 4 }
        store.send(.submit) { $0.isBusy = true }
        store.receive(.done(.failure(.nameTaken))) {
            $0.isBusy = false
            $0.form?.problem = CatalogueForm.Problem(field: .name, reason: .refused(.nameTaken))
            $0.form?.focus = 0
        }
        store.send(.typed("!")) { $0.form?.texts[.name] = "Acacia honey!"; $0.form?.problem = nil }
        store.send(.cancel) { $0.form = nil }
        store.finish()
    }

    @Test func aDeliveryAndACountOfTheSelectedProduct() {
        let calls = Calls()
        let store = opened(calls)
        store.send(.moveDown) { $0.list = ListSelection(1) }
        store.send(.ask(.receive)) { $0.form = CatalogueForm(kind: .receive, product: Self.manuka); $0.form?.category = 2 }
        type("6", into: store, field: .quantity)
        store.send(.submit) { $0.form?.focus = 1 }
        type("Imker", into: store, field: .note)
        store.send(.submit) { $0.isBusy = true }
        #expect(calls.received.count == 1 && calls.received[0] == (6, "honey-manuka", "Imker"))
        store.receive(.done(.success(.received(name: "Manuka honey", quantity: 6, stock: 9)))) {
            $0.isBusy = false; $0.form = nil; $0.message = .received(name: "Manuka honey", quantity: 6, stock: 9)
        }
        store.receive(.loaded(.success([Self.acacia, Self.manuka])))

        store.send(.moveUp) { $0.list = ListSelection(0) }
        store.send(.ask(.count)) { $0.form = CatalogueForm(kind: .count, product: Self.acacia); $0.form?.category = 2; $0.message = nil }
        type("10", into: store, field: .counted)
        store.send(.submit) { $0.form?.focus = 1 }
        store.send(.submit) { $0.form?.focus = 2 }
        store.send(.submit) { $0.isBusy = true }
        store.receive(.done(.failure(.reasonMissing))) {
            $0.isBusy = false
            $0.form?.problem = CatalogueForm.Problem(field: .reason, reason: .refused(.reasonMissing))
            $0.form?.focus = 1
        }
        store.send(.nextChoice) { $0.form?.reason = 1; $0.form?.problem = nil }
        #expect(store.state.form?.chosenReason == .damaged)
        store.send(.submit) { $0.form?.focus = 2 }
        store.send(.submit) { $0.isBusy = true }
        #expect(calls.counted.last.map { $0.0 == 10 && $0.2 == .damaged } == true)
        store.receive(.done(.success(.counted(name: "Acacia honey", difference: -2, stock: 10)))) {
            $0.isBusy = false; $0.form = nil; $0.message = .counted(name: "Acacia honey", difference: -2, stock: 10)
        }
        store.receive(.loaded(.success([Self.acacia, Self.manuka])))
        store.finish()
    }

    /// A cashier let in by a manager: each change goes out approved by that manager.
    @Test func aCashiersChangesCarryTheManagerWhoLetThemIn() {
        let calls = Calls()
        let mia = StaffPerson(id: StaffID(rawValue: "staff_mia"), name: "Mia")
        let store = opened(calls, approvedBy: mia)
        store.send(.moveDown) { $0.list = ListSelection(1) }
        store.send(.ask(.receive)) { $0.form = CatalogueForm(kind: .receive, product: Self.manuka); $0.form?.category = 2 }
        type("6", into: store, field: .quantity)
        store.send(.submit) { $0.form?.focus = 1 }
        store.send(.submit) { $0.isBusy = true }
        store.receive(.done(.success(.received(name: "Manuka honey", quantity: 6, stock: 9)))) {
            $0.isBusy = false; $0.form = nil; $0.message = .received(name: "Manuka honey", quantity: 6, stock: 9)
        }
        store.receive(.loaded(.success([Self.acacia, Self.manuka])))
        store.finish()
        #expect(calls.approvers == [mia])
    }

    @Test func theLowStockListAndTheKeysTheFooterShows() {
        let calls = Calls()
        let store = opened(calls)
        store.send(.toggleLow) { $0.showingLow = true }
        store.receive(.loaded(.success([Self.manuka]))) { $0.products = [Self.manuka] }
        #expect(CatalogueFeature.keyHints(store.state).map(\.key).contains("l"))
        #expect(CatalogueFeature.keyHints(store.state).contains { $0.label == "All" })
        store.send(.toggleLow) { $0.showingLow = false }
        // Manuka stays selected in the whole list.
        store.receive(.loaded(.success([Self.acacia, Self.manuka]))) { $0.products = [Self.acacia, Self.manuka]; $0.list = ListSelection(1) }
        #expect(CatalogueFeature.keyHints(store.state).contains { $0.label == "Low" })
        store.send(.toggleLow) { $0.showingLow = true; $0.list = ListSelection() }
        store.receive(.loaded(.success([Self.manuka]))) { $0.products = [Self.manuka] }
        // One product: nothing to move to; a, p, r, c, l, Enter and Esc act.
        let keys = CatalogueFeature.keyHints(store.state).map(\.key)
        #expect(!keys.contains("↑↓") && keys.contains("p") && keys.contains("Esc"))
        #expect(CatalogueFeature.action(for: .key(.character("p")), in: store.state) == .ask(.price))
        var empty = CatalogueFeature.State()
        empty.products = []
        #expect(CatalogueFeature.action(for: .key(.character("p")), in: empty) == nil, "no product: no price to change")
        #expect(!CatalogueFeature.keyHints(empty).map(\.key).contains("p"))
        store.finish()
    }
}
