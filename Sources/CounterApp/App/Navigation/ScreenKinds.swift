import Localization
import TerminalUI

extension AppFeature.Screen {
    /// The one table of the counter's screens: each case's reducer, what it starts on opening,
    /// its keys and its view. A new
    /// screen case does not compile until it has its kind here.
    var kind: AnyScreenKind {
        switch self {
        case .home: ScreenKinds.home
        case .comingSoon: ScreenKinds.comingSoon
        case .catalog: ScreenKinds.catalog
        case .details: ScreenKinds.details
        case .cart: ScreenKinds.cart
        case .checkout: ScreenKinds.checkout
        case .receipt: ScreenKinds.receipt
        case .account: ScreenKinds.account
        case .auth: ScreenKinds.auth
        case .savedCards: ScreenKinds.savedCards
        case .paymentsPIN: ScreenKinds.paymentsPIN
        case .orders: ScreenKinds.orders
        case .subscriptions: ScreenKinds.subscriptions
        case .auction: ScreenKinds.auction
        case .payment: ScreenKinds.payment
        case .backOffice: ScreenKinds.backOffice
        case .till: ScreenKinds.till
        case .parked: ScreenKinds.parked
        case .catalogue: ScreenKinds.catalogue
        case .staffList: ScreenKinds.staffList
        }
    }

    /// Store screens carry the cart badge in the header.
    var isStore: Bool { kind.isStore }
}

/// Each kind of screen, as `AppFeature.Screen.kind` finds it.
enum ScreenKinds {
    typealias Screen = AppFeature.Screen
    typealias Action = AppFeature.Action

    static var home: AnyScreenKind {
        AnyScreenKind(ScreenKind<HomeFeature.State, HomeFeature.Action, Void>(
            name: { tr("Home") }, isStore: false, drawsInStoreArea: false,
            embedState: Screen.home, extractState: { if case let .home(s) = $0 { s } else { nil } },
            embedAction: Action.home, extractAction: { if case let .home(a) = $0 { a } else { nil } },
            environment: { _ in () },
            reduce: { s, a, _ in HomeFeature.reduce(&s, a) },
            action: { event, s, size in
                HomeFeature.action(for: event, in: s, layout: HomeFeature.Layout(in: AppFeature.contentArea(size), rowCount: s.destinations.count))
            },
            keyHints: { s, _ in HomeFeature.keyHints(s) }, hasTextFocus: { _ in false },
            draw: { s, _, frame, area in HomeFeature.draw(s, into: &frame, in: area) }))
    }

    static var comingSoon: AnyScreenKind {
        AnyScreenKind(showing: { if case let .comingSoon(s) = $0 { s } else { nil } },
                      name: { tr("Home") }, isStore: false, drawsInStoreArea: false, keyHints: [KeyHint("Esc", "Back")],
                      draw: { s, frame, area in ComingSoonFeature.draw(s, into: &frame, in: area) })
    }

    static var catalog: AnyScreenKind {
        AnyScreenKind(ScreenKind<CatalogFeature.State, CatalogFeature.Action, StoreClient>(
            name: { tr("Honey Store") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.catalog, extractState: { if case let .catalog(s) = $0 { s } else { nil } },
            embedAction: Action.catalog, extractAction: { if case let .catalog(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, _ in CatalogFeature.reduce(&s, a) },
            appear: { _ in .send(.load) },
            action: { event, s, size in CatalogFeature.action(for: event, in: s, size: size) },
            keyHints: { s, _ in CatalogFeature.keyHints(s) }, hasTextFocus: { $0.filter != nil },
            draw: { s, _, frame, area in CatalogFeature.draw(s, into: &frame, in: area) },
            click: { point, s, _, area in CatalogFeature.action(forClickAt: point, in: s, area: area) }))
    }

    static var details: AnyScreenKind {
        AnyScreenKind(ScreenKind<ProductDetailsFeature.State, ProductDetailsFeature.Action, StoreClient>(
            name: { tr("Details") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.details, extractState: { if case let .details(s) = $0 { s } else { nil } },
            embedAction: Action.details, extractAction: { if case let .details(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, session in ProductDetailsFeature.reduce(&s, a, session: session) },
            action: { event, s, _ in ProductDetailsFeature.action(for: event, in: s) },
            keyHints: { s, _ in ProductDetailsFeature.keyHints(s) }, hasTextFocus: { _ in false },
            draw: { s, session, frame, area in ProductDetailsFeature.draw(s, session: session, into: &frame, in: area) }))
    }

    static var cart: AnyScreenKind {
        AnyScreenKind(ScreenKind<CartFeature.State, CartFeature.Action, StoreClient>(
            name: { tr("Cart") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.cart, extractState: { if case let .cart(s) = $0 { s } else { nil } },
            embedAction: Action.cart, extractAction: { if case let .cart(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, session in CartFeature.reduce(&s, a, session: session) },
            action: { event, s, _ in CartFeature.action(for: event, in: s) },
            keyHints: CartFeature.keyHints(_:session:), hasTextFocus: { CartFeature.hasTextFocus($0) || $0.discount != nil },
            draw: { s, session, frame, area in CartFeature.draw(s, session: session, into: &frame, in: area) }))
    }

    static var checkout: AnyScreenKind {
        AnyScreenKind(ScreenKind<CheckoutFeature.State, CheckoutFeature.Action, StoreClient>(
            name: { tr("Checkout") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.checkout, extractState: { if case let .checkout(s) = $0 { s } else { nil } },
            embedAction: Action.checkout, extractAction: { if case let .checkout(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, session in CheckoutFeature.reduce(&s, a, session: session) },
            appear: CheckoutFeature.onAppear,
            action: { event, s, _ in CheckoutFeature.action(for: event, in: s) },
            keyHints: { s, _ in CheckoutFeature.keyHints(s) }, hasTextFocus: CheckoutFeature.hasTextFocus,
            draw: { s, session, frame, area in CheckoutFeature.draw(s, session: session, into: &frame, in: area) },
            click: { point, s, _, area in CheckoutFeature.action(forClickAt: point, in: s, area: area) }))
    }

    static var receipt: AnyScreenKind {
        AnyScreenKind(ScreenKind<ReceiptFeature.State, ReceiptFeature.Action, Void>(
            name: { tr("Receipt") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.receipt, extractState: { if case let .receipt(s) = $0 { s } else { nil } },
            embedAction: Action.receipt, extractAction: { if case let .receipt(a) = $0 { a } else { nil } },
            environment: { _ in () },
            // Its one action (done) is the counter's to act on: back to the shelves.
            reduce: { _, _, _ in .none },
            action: { event, _, _ in event == .key(.enter) ? .done : nil },
            keyHints: { _, _ in ReceiptFeature.keyHints }, hasTextFocus: { _ in false },
            draw: { s, _, frame, area in ReceiptFeature.draw(s, into: &frame, in: area) }))
    }

    static var account: AnyScreenKind {
        AnyScreenKind(ScreenKind<AccountFeature.State, AccountFeature.Action, Void>(
            name: { tr("Account") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.account, extractState: { if case let .account(s) = $0 { s } else { nil } },
            embedAction: Action.account, extractAction: { if case let .account(a) = $0 { a } else { nil } },
            environment: { _ in () },
            reduce: { s, a, session in AccountFeature.reduce(&s, a, session: session) },
            action: { event, s, _ in AccountFeature.action(for: event, in: s) },
            keyHints: AccountFeature.keyHints(_:session:), hasTextFocus: { _ in false },
            draw: { s, session, frame, area in AccountFeature.draw(s, session: session, into: &frame, in: area) },
            click: { point, s, session, area in AccountFeature.action(forClickAt: point, in: s, session: session, area: area) }))
    }

    static var auth: AnyScreenKind {
        AnyScreenKind(ScreenKind<AuthFeature.State, AuthFeature.Action, StoreClient>(
            name: { tr("Log in") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.auth, extractState: { if case let .auth(s) = $0 { s } else { nil } },
            embedAction: Action.auth, extractAction: { if case let .auth(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, _ in AuthFeature.reduce(&s, a) },
            action: { event, s, _ in AuthFeature.action(for: event, in: s) },
            keyHints: { _, _ in AuthFeature.keyHints }, hasTextFocus: AuthFeature.hasTextFocus,
            draw: { s, _, frame, area in AuthFeature.draw(s, into: &frame, in: area) }))
    }

    static var savedCards: AnyScreenKind {
        AnyScreenKind(ScreenKind<SavedCardsFeature.State, SavedCardsFeature.Action, StoreClient>(
            name: { tr("Saved cards") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.savedCards, extractState: { if case let .savedCards(s) = $0 { s } else { nil } },
            embedAction: Action.savedCards, extractAction: { if case let .savedCards(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, _ in SavedCardsFeature.reduce(&s, a) },
            action: { event, s, _ in SavedCardsFeature.action(for: event, in: s) },
            keyHints: { s, _ in SavedCardsFeature.keyHints(s) }, hasTextFocus: SavedCardsFeature.hasTextFocus,
            draw: { s, _, frame, area in SavedCardsFeature.draw(s, into: &frame, in: area) }))
    }

    static var paymentsPIN: AnyScreenKind {
        AnyScreenKind(ScreenKind<PaymentsPINFeature.State, PaymentsPINFeature.Action, StoreClient>(
            name: { tr("Payments PIN") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.paymentsPIN, extractState: { if case let .paymentsPIN(s) = $0 { s } else { nil } },
            embedAction: Action.paymentsPIN, extractAction: { if case let .paymentsPIN(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, _ in PaymentsPINFeature.reduce(&s, a) },
            action: { event, s, _ in PaymentsPINFeature.action(for: event, in: s) },
            keyHints: { s, _ in PaymentsPINFeature.keyHints(s) }, hasTextFocus: PaymentsPINFeature.hasTextFocus,
            draw: { s, _, frame, area in PaymentsPINFeature.draw(s, into: &frame, in: area) }))
    }

    static var orders: AnyScreenKind {
        AnyScreenKind(ScreenKind<OrdersFeature.State, OrdersFeature.Action, Void>(
            name: { tr("Orders") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.orders, extractState: { if case let .orders(s) = $0 { s } else { nil } },
            embedAction: Action.orders, extractAction: { if case let .orders(a) = $0 { a } else { nil } },
            environment: { _ in () },
            reduce: { s, a, _ in OrdersFeature.reduce(&s, a) },
            action: { event, s, _ in OrdersFeature.action(for: event, in: s) },
            keyHints: { s, _ in OrdersFeature.keyHints(s) }, hasTextFocus: { _ in false },
            draw: { s, _, frame, area in OrdersFeature.draw(s, into: &frame, in: area) }))
    }

    static var subscriptions: AnyScreenKind {
        AnyScreenKind(ScreenKind<SubscriptionsFeature.State, SubscriptionsFeature.Action, StoreClient>(
            name: { tr("Subscriptions") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.subscriptions, extractState: { if case let .subscriptions(s) = $0 { s } else { nil } },
            embedAction: Action.subscriptions, extractAction: { if case let .subscriptions(a) = $0 { a } else { nil } },
            environment: \.store,
            reduce: { s, a, _ in SubscriptionsFeature.reduce(&s, a) },
            appear: { _ in .send(.reload) },
            action: { event, s, _ in SubscriptionsFeature.action(for: event, in: s) },
            keyHints: { s, _ in SubscriptionsFeature.keyHints(s) }, hasTextFocus: { $0.challenge != nil || $0.unlocking != nil },
            draw: { s, _, frame, area in SubscriptionsFeature.draw(s, into: &frame, in: area) }))
    }

    static var auction: AnyScreenKind {
        AnyScreenKind(ScreenKind<AuctionFeature.State, AuctionFeature.Action, AuctionEnvironment>(
            name: { tr("Auction") }, isStore: false, drawsInStoreArea: false,
            embedState: Screen.auction, extractState: { if case let .auction(s) = $0 { s } else { nil } },
            embedAction: Action.auction, extractAction: { if case let .auction(a) = $0 { a } else { nil } },
            environment: \.auctions,
            reduce: { s, a, _ in AuctionFeature.reduce(&s, a) },
            appear: { _ in .send(.onAppear) },
            action: { event, s, size in AuctionFeature.action(for: event, in: s, size: size) },
            keyHints: { s, _ in AuctionFeature.keyHints(for: s) }, hasTextFocus: AuctionFeature.isTyping,
            draw: { s, _, frame, area in AuctionFeature.draw(s, into: &frame, in: area) }))
    }

    static var payment: AnyScreenKind {
        AnyScreenKind(ScreenKind<PaymentScreensFeature.State, PaymentScreensFeature.Action, PaymentScreensClient>(
            name: { tr("Payment") }, isStore: true, drawsInStoreArea: false,
            embedState: Screen.payment, extractState: { if case let .payment(s) = $0 { s } else { nil } },
            embedAction: Action.payment, extractAction: { if case let .payment(a) = $0 { a } else { nil } },
            environment: \.store.payments,
            reduce: { s, a, _ in PaymentScreensFeature.reduce(&s, a) },
            appear: { _ in .send(.start) },
            action: { event, s, _ in PaymentScreensFeature.action(for: event, in: s) },
            keyHints: { s, _ in PaymentScreensFeature.keyHints(s) }, hasTextFocus: PaymentScreensFeature.hasTextFocus,
            draw: { s, _, frame, area in PaymentScreensFeature.draw(s, into: &frame, in: area) }))
    }

    static var backOffice: AnyScreenKind {
        AnyScreenKind(ScreenKind<BackOfficeFeature.State, BackOfficeFeature.Action, BackOfficeClient>(
            name: { tr("Back office") }, isStore: false, drawsInStoreArea: false,
            embedState: Screen.backOffice, extractState: { if case let .backOffice(s) = $0 { s } else { nil } },
            embedAction: Action.backOffice, extractAction: { if case let .backOffice(a) = $0 { a } else { nil } },
            environment: \.backOffice,
            reduce: { s, a, _ in BackOfficeFeature.reduce(&s, a) },
            // Today's orders first: the operator usually looks for one just sold; and a Z report
            // still owed to the printer is said.
            appear: { _ in .merge(.send(.submit), .send(.checkWaitingReports)) },
            action: { event, s, _ in BackOfficeFeature.action(for: event, in: s) },
            keyHints: { s, _ in BackOfficeFeature.keyHints(s) }, hasTextFocus: BackOfficeFeature.hasTextFocus,
            draw: { s, _, frame, area in BackOfficeFeature.draw(s, into: &frame, in: area) }))
    }

    static var staffList: AnyScreenKind {
        AnyScreenKind(ScreenKind<StaffListFeature.State, StaffListFeature.Action, StaffClient>(
            name: { tr("Staff") }, isStore: false, drawsInStoreArea: false,
            embedState: Screen.staffList, extractState: { if case let .staffList(s) = $0 { s } else { nil } },
            embedAction: Action.staffList, extractAction: { if case let .staffList(a) = $0 { a } else { nil } },
            environment: \.staff,
            reduce: { s, a, _ in StaffListFeature.reduce(&s, a) },
            appear: { _ in .send(.onAppear) },
            action: { event, s, _ in StaffListFeature.action(for: event, in: s) },
            keyHints: { s, _ in StaffListFeature.keyHints(s) }, hasTextFocus: StaffListFeature.hasTextFocus,
            draw: { s, _, frame, area in StaffListFeature.draw(s, into: &frame, in: area) }))
    }

    static var till: AnyScreenKind {
        AnyScreenKind(ScreenKind<TillFeature.State, TillFeature.Action, TillClient>(
            name: { tr("Till") }, isStore: false, drawsInStoreArea: false,
            embedState: Screen.till, extractState: { if case let .till(s) = $0 { s } else { nil } },
            embedAction: Action.till, extractAction: { if case let .till(a) = $0 { a } else { nil } },
            environment: \.till,
            reduce: { s, a, _ in TillFeature.reduce(&s, a) },
            appear: { _ in .send(.onAppear) },
            action: { event, s, _ in TillFeature.action(for: event, in: s) },
            keyHints: { s, _ in TillFeature.keyHints(s) }, hasTextFocus: TillFeature.hasTextFocus,
            draw: { s, _, frame, area in TillFeature.draw(s, into: &frame, in: area) }))
    }

    static var parked: AnyScreenKind {
        AnyScreenKind(ScreenKind<ParkedSalesFeature.State, ParkedSalesFeature.Action, ParkingClient>(
            name: { tr("Parked sales") }, isStore: true, drawsInStoreArea: true,
            embedState: Screen.parked, extractState: { if case let .parked(s) = $0 { s } else { nil } },
            embedAction: Action.parked, extractAction: { if case let .parked(a) = $0 { a } else { nil } },
            environment: \.store.parking,
            reduce: { s, a, session in ParkedSalesFeature.reduce(&s, a, session: session) },
            appear: { _ in .send(.onAppear) },
            action: { event, s, _ in ParkedSalesFeature.action(for: event, in: s) },
            keyHints: { s, _ in ParkedSalesFeature.keyHints(s) }, hasTextFocus: { _ in false },
            draw: { s, _, frame, area in ParkedSalesFeature.draw(s, into: &frame, in: area) }))
    }

    static var catalogue: AnyScreenKind {
        AnyScreenKind(ScreenKind<CatalogueFeature.State, CatalogueFeature.Action, CatalogueClient>(
            name: { tr("Catalogue") }, isStore: false, drawsInStoreArea: false,
            embedState: Screen.catalogue, extractState: { if case let .catalogue(s) = $0 { s } else { nil } },
            embedAction: Action.catalogue, extractAction: { if case let .catalogue(a) = $0 { a } else { nil } },
            environment: \.catalogue,
            reduce: { s, a, _ in CatalogueFeature.reduce(&s, a) },
            appear: { _ in .send(.onAppear) },
            action: { event, s, _ in CatalogueFeature.action(for: event, in: s) },
            keyHints: { s, _ in CatalogueFeature.keyHints(s) }, hasTextFocus: CatalogueFeature.hasTextFocus,
            draw: { s, _, frame, area in CatalogueFeature.draw(s, into: &frame, in: area) }))
    }
}
