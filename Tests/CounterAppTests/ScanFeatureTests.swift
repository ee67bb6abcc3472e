import CheckoutKit
import Foundation
@testable import CounterApp
import Localization
import TerminalUI
import Testing

/// A barcode scan on the counter's screens: where it is taken, what it adds and says, how it
/// beeps, and that a code no product carries is handed on as a badge.
@Suite struct ScanFeatureTests {
    private static let size = Size(columns: 80, rows: 24)
    private static let acaciaCode = "2000000000015"

    private static func onShelf() -> AppFeature.State {
        var state = AppFeature.State()
        state.stack.append(.catalog(CatalogFeature.State()))
        return state
    }

    private static func client(answer: @escaping (String) -> Result<ScanAdded, ScanFailure>) -> AppEnvironment {
        var client = StoreClient.unavailable
        client.scan = answer
        return AppEnvironment(store: client)
    }

    private static func added(_ product: Product, labelPrice: Money? = nil) throws -> ScanAdded {
        var cart = Cart(currency: .eur)
        var sold = product
        if let labelPrice { sold.price = labelPrice }
        try cart.add(sold)
        let code = labelPrice == nil ? acaciaCode : Barcode.inStorePriced(article: "00001", minorUnits: labelPrice!.minorUnits)
        return ScanAdded(scanned: ScannedProduct(product: product, barcode: try Barcode(scanned: code), labelPrice: labelPrice), cart: cart)
    }

    @Test func aScanOnTheShelfAddsTheJarAndSaysSo() throws {
        let added = try Self.added(StoreWorld.acacia)
        let store = TestStore(initialState: Self.onShelf(), environment: Self.client { _ in .success(added) }, reducer: AppFeature.reduce)
        store.send(.scan(.scanned(Self.acaciaCode)))
        store.receive(.scan(.answered(Self.acaciaCode, .success(added)))) {
            $0.session.cart = added.cart
            $0.session.scan = .added(StoreWorld.acacia, price: StoreWorld.acacia.price, labelled: false)
        }
        // The next key takes the line away (and then does what it does).
        store.send(.scan(.dismissed)) { $0.session.scan = nil }
        store.finish()
        #expect(store.state.bells == 0, "a good scan does not beep")
    }

    @Test func aPricedLabelAddsTheJarAtItsPrice() throws {
        let label = Money(minorUnits: 320, currency: .eur)
        let added = try Self.added(StoreWorld.acacia, labelPrice: label)
        let code = Barcode.inStorePriced(article: "00001", minorUnits: 320)
        let store = TestStore(initialState: Self.onShelf(), environment: Self.client { _ in .success(added) }, reducer: AppFeature.reduce)
        store.send(.scan(.scanned(code)))
        store.receive(.scan(.answered(code, .success(added)))) {
            $0.session.cart = added.cart
            $0.session.scan = .added(StoreWorld.acacia, price: label, labelled: true)
        }
        store.finish()
        #expect(store.state.session.cart.total == label)
    }

    @Test func aCodeNoProductCarriesIsHandedOnAsABadgeThenBeepsAsNotInTheCatalogue() {
        let code = "4006381333931"
        let answer = Result<ScanAdded, ScanFailure>.failure(.barcode(.notInCatalogue(code)))
        let store = TestStore(initialState: Self.onShelf(), environment: Self.client { _ in answer }, reducer: AppFeature.reduce)
        store.send(.scan(.scanned(code)))
        store.receive(.scan(.answered(code, answer)))
        store.receive(.badgeScanned(code)) {
            $0.bells = 1
            $0.session.scan = .notInCatalogue(code)
        }
        store.finish()
    }

    @Test func aDamagedCodeBeepsAndChangesNothing() {
        let code = "2000000000016"
        let answer = Result<ScanAdded, ScanFailure>.failure(.barcode(.invalid(code, .wrongCheckDigit)))
        var initial = Self.onShelf()
        initial.session.cart = StoreWorld.cart((StoreWorld.acacia, 1))
        let store = TestStore(initialState: initial, environment: Self.client { _ in answer }, reducer: AppFeature.reduce)
        store.send(.scan(.scanned(code)))
        store.receive(.scan(.answered(code, answer))) {
            $0.bells = 1
            $0.session.scan = .invalid(code, .wrongCheckDigit)
        }
        store.finish()
    }

    @Test func aCartThatRefusesBeepsAndSaysWhy() {
        let answer = Result<ScanAdded, ScanFailure>.failure(.store(.notEnoughStock(productID: "honey-manuka", available: 0)))
        let store = TestStore(initialState: Self.onShelf(), environment: Self.client { _ in answer }, reducer: AppFeature.reduce)
        store.send(.scan(.scanned("2000000000039")))
        store.receive(.scan(.answered("2000000000039", answer))) {
            $0.bells = 1
            $0.session.scan = .refused("2000000000039", .notEnoughStock(productID: "honey-manuka", available: 0))
        }
        store.finish()
    }

    @Test func aScanWhereNothingIsSoldIsABadgeAtOnce() {
        let store = TestStore(initialState: AppFeature.State(), environment: Self.client { _ in
            Issue.record("nothing is looked up off the sale's screens")
            return .failure(.barcode(.notInCatalogue("")))
        }, reducer: AppFeature.reduce)
        store.send(.scan(.scanned("0412345678901")))
        store.receive(.badgeScanned("0412345678901")) {
            $0.bells = 1
            $0.session.scan = .notInCatalogue("0412345678901")
        }
        store.finish()
    }

    @Test func scansAreTakenOnTheSalesScreensOfAStaffedCounterOnly() {
        var state = Self.onShelf()
        #expect(AppFeature.takesScans(state))
        #expect(AppFeature.action(for: .scan("96385074"), in: state, size: Self.size) == .scan(.scanned("96385074")))

        var filtering = CatalogFeature.State()
        filtering.filter = "acac"
        state.stack[1] = .catalog(filtering)
        #expect(!AppFeature.takesScans(state), "a filter being typed takes the digits")

        state.stack[1] = .cart(CartFeature.State())
        #expect(AppFeature.takesScans(state))
        var confirming = CartFeature.State()
        confirming.isConfirmingEmpty = true
        state.stack[1] = .cart(confirming)
        #expect(!AppFeature.takesScans(state), "not while \"empty the cart?\" is asked")

        var checkout = CheckoutFeature.State(savedCards: [], now: StoreWorld.now, cashRounding: .unrounded)
        state.stack[1] = .checkout(checkout)
        #expect(AppFeature.takesScans(state))
        checkout.phase = .cash(CashTenderFeature.State(total: Money(minorUnits: 650, currency: .eur), rounding: .unrounded))
        state.stack[1] = .checkout(checkout)
        #expect(!AppFeature.takesScans(state), "the cash amount is typed")

        state.stack[1] = .details(ProductDetailsFeature.State(product: StoreWorld.acacia))
        #expect(!AppFeature.takesScans(state))
        #expect(!AppFeature.takesScans(AppFeature.State()), "the home screen sells nothing")

        var kiosk = AppFeature.State(isKiosk: true)
        kiosk.stack.append(.catalog(CatalogFeature.State()))
        #expect(!AppFeature.takesScans(kiosk), "a kiosk has no scanner")

        var asking = Self.onShelf()
        asking.isShowingHelp = true
        #expect(!AppFeature.takesScans(asking))
        asking.isShowingHelp = false
        asking.quitDialog = ModalDialogState(buttonCount: 2, focusedButton: 1)
        #expect(!AppFeature.takesScans(asking))
    }

    @Test func theLineUnderTheHeaderSaysWhatTheScanDidAndTheFrameAsksForTheBell() {
        var state = Self.onShelf()
        state.session.scan = .notInCatalogue("4006381333931")
        state.bells = 2
        var frame = Frame(size: Self.size)
        AppFeature.draw(state, into: &frame)
        #expect(frame.text.split(separator: "\n")[1].contains("Barcode 4006381333931 is not in the catalogue."))
        #expect(frame.bells == 2)

        state.session.scan = .added(StoreWorld.acacia, price: StoreWorld.acacia.price, labelled: false)
        frame = Frame(size: Size(columns: 60, rows: 18))
        AppFeature.draw(state, into: &frame)
        #expect(frame.text.contains("Scanned: Acacia honey, €6.50."))

        // Off the sale's screens the line is not drawn.
        state.stack = [state.stack[0]]
        frame = Frame(size: Self.size)
        AppFeature.draw(state, into: &frame)
        #expect(!frame.text.contains("Scanned"))
    }

    @Test func theWordsAreTranslated() {
        Language.$current.withValue(.simplifiedChinese) {
            #expect(ScanWords.words(.notInCatalogue("4006381333931")) == "条码 4006381333931 不在商品目录中。")
            #expect(ScanWords.words(.invalid("123", .wrongLength(3))) == "123 不是有效的条码。")
            #expect(BarcodeAssignmentError.carriedByAnother(code: "2000000000015", productId: "honey-acacia").message == "条码 2000000000015 已属于另一件商品。")
        }
        #expect(BarcodeAssignmentError.pricedLabel(article: "2300001000008").message
                == "A label with a price is one item's: give the product its article's code, 2300001000008.")
    }
}

/// Scans through the real counter on a headless terminal: the scanner's burst adds a jar and
/// its Enter opens nothing; a beep is a frame's bell, rung once.
@Suite struct ScanOnTheCounterTests {
    @Test func aBurstAddsAJarAndABadCodeRingsTheBellOnce() throws {
        let counter = CounterApplication(makeServices: CounterApplication.services(database: ":memory:"))
        let terminal = HeadlessTerminal(application: counter)
        terminal.send(.enter)
        #expect(terminal.text.contains("Acacia honey"))
        for character in "2000000000015" { terminal.send(.character(character)) }
        terminal.send(.enter)
        terminal.settle()
        #expect(counter.state.session.cart.quantity(of: "honey-acacia") == 1)
        #expect(terminal.text.contains("Cart 1 · €6.50"))
        guard case .catalog = counter.state.top else { Issue.record("the scan's Enter opened \(counter.state.top)"); return }
        for character in "2000000000016" { terminal.send(.character(character)) }
        terminal.send(.enter)
        terminal.settle()
        #expect(terminal.text.contains("2000000000016 is not a valid barcode."))
        #expect(terminal.surface.bellsRung == 1)
        terminal.send(.character("c"))
        #expect(terminal.surface.bellsRung == 1, "rung once, not again with each frame")
        #expect(!terminal.text.contains("not a valid barcode"), "the next key takes the line away")
    }
}

/// The shell passes the counter's scans on while it asks nothing over it: the operator's PIN, once
/// asked for, has the keys, digits and all.
@Suite struct ScanThroughTheShellTests {
    @Test func theOperatorsPINPromptTakesTheDigitsNotTheScanner() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("operator-pin-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pin = OperatorPIN(path: path, iterations: 1_000)
        try pin.set("4711")
        let counter = CounterApplication(makeServices: CounterApplication.services(database: ":memory:"))
        let shell = CounterShell(counter: counter, configuration: KioskFeature.Configuration(isKiosk: false),
                                 themes: ThemeCycle.standard(library: KioskTapeWorld.library, current: .builtIn), operatorPIN: pin)
        let terminal = HeadlessTerminal(application: shell)
        terminal.send(.enter)
        terminal.settle()
        #expect(shell.takesScans, "the shelf of a staffed counter")
        terminal.send(.key(.function(10)))
        #expect(!shell.takesScans, "the PIN prompt has the keys")

        let kiosk = CounterShell(counter: CounterApplication(isKiosk: true), configuration: KioskFeature.Configuration(isKiosk: true),
                                 themes: ThemeCycle.standard(library: KioskTapeWorld.library, current: .builtIn))
        kiosk.counter.send(.push(.catalog(CatalogFeature.State())))
        #expect(!kiosk.takesScans, "a kiosk takes no scans")
    }
}
