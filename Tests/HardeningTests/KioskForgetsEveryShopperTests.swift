@_spi(Core) import CheckoutKit
@testable import CounterApp
import Foundation
import GRDB
@_spi(Testing) import PaymentsCore
import TerminalUI
import Testing

/// Where a shopper can leave the counter: each screen, and each step of a screen that shows
/// something of theirs (a form half typed, a code, a prompt). Derived from the counter's state
/// by exhaustive switches, so a new screen or step does not compile here until it has a place,
/// and `everyPlaceIsWalked` fails until a walk leaves a shopper there.
enum KioskPlace: String, CaseIterable, Sendable {
    case home, help, comingSoon
    case catalog, catalogFilter, details, cart
    case checkoutMethods, checkoutCardForm, checkoutUnlock, checkoutCharging, checkoutChallenge, checkoutChecking, checkoutCash, receipt
    case account, logIn, signUp, savedCards, savedCardRemoval, savedCardUnlock, savedCardForm, savedCardChallenge, savedCardChecking, paymentsPIN, orders, orderReceipt, subscriptions
    case auctionList, auctionRefused, auctionTerms, auctionReview, auctionPIN, auctionCards, auctionCardForm, auctionRemoval
    case auctionPlacingBid, auctionJoined, auctionChallenge, auctionYourBid
    case expressSheet, expressAddress, expressFinished
    case bankCountries, bankBanks, bankPage, bankWaiting, bankResult, bankStatus
    case walletMethods, walletCode, walletWorking, walletFinished
    case operatorPIN, operatorMenu, operatorReprint
    case backOffice, backOfficeOrder, backOfficeRefund
    case till

    /// Places no shopper can reach at this counter, and why.
    static let unreachable: [KioskPlace: String] = [
        .comingSoon: "no screen opens it today (its feature is kept for methods to come)",
        .checkoutCash: "a kiosk has no till: Cash is not in its Pay with list (KioskTakesNoCashTests)",
        .catalogFilter: "the type-ahead filter opens on shelves of more than 9 jars; the seeded shop has 4",
        .auctionRefused: "every seeded auction has a complete context (a closed one is refused on the list itself)",
        .till: "a kiosk has no drawer: its back office does not open the till",
    ]

    static func of(_ shell: CounterShell) -> KioskPlace {
        switch shell.state.overlay {
        case .operatorPIN: return .operatorPIN
        case .operatorMenu: return .operatorMenu
        case .operatorReprint: return .operatorReprint
        case .stillThere, .startingOver, nil: break
        }
        let state = shell.counter.state
        if state.isShowingHelp { return .help }
        switch state.top {
        case .home: return .home
        case .comingSoon: return .comingSoon
        case let .catalog(s): return s.filter == nil ? .catalog : .catalogFilter
        case .details: return .details
        case .cart: return .cart
        case let .checkout(s):
            switch s.phase {
            case .choosing: return .checkoutMethods
            case .cardForm: return .checkoutCardForm
            case .unlocking: return .checkoutUnlock
            case .paying: return .checkoutCharging
            case .challenge: return .checkoutChallenge
            case .checking: return .checkoutChecking
            case .cash, .partAmount, .givingBack: return .checkoutCash
            }
        case let .receipt(s): return s.isJustPaid ? .receipt : .orderReceipt
        case .account: return .account
        case let .auth(s): return s.mode == .logIn ? .logIn : .signUp
        case let .savedCards(s):
            switch s.adding {
            case .unlocking: return .savedCardUnlock
            case .form: return .savedCardForm
            case .challenge: return .savedCardChallenge
            case .checking: return .savedCardChecking
            case nil: return s.confirmingRemoval == nil ? .savedCards : .savedCardRemoval
            }
        case .paymentsPIN: return .paymentsPIN
        case .orders: return .orders
        case .subscriptions: return .subscriptions
        case let .auction(s): return auction(s)
        case let .backOffice(s):
            if s.entry != nil { return .backOfficeRefund }
            return s.order == nil ? .backOffice : .backOfficeOrder
        case .till: return .till
        case let .payment(s):
            switch s.screen {
            case let .express(e):
                if e.form != nil { return .expressAddress }
                return e.sheet?.finished == nil ? .expressSheet : .expressFinished
            case let .bank(b):
                switch b.step {
                case .chooseCountry: return .bankCountries
                case .chooseBank: return .bankBanks
                case .bankPage: return .bankPage
                case .working: return .bankWaiting
                case .result: return .bankResult
                case .status: return .bankStatus
                }
            case let .wallet(w):
                switch w.phase {
                case .opening, .idle: return .walletMethods
                case .walletStep: return .walletCode
                case .inProgress, .polling: return .walletWorking
                case .finished: return .walletFinished
                }
            }
        }
    }

    private static func auction(_ s: AuctionFeature.State) -> KioskPlace {
        if s.challenge != nil { return .auctionChallenge }
        switch s.phase {
        case .entry: return .auctionList
        case .contextError: return .auctionRefused
        case .yourBid: return .auctionYourBid
        case .flow: break
        }
        switch s.flow.step {
        case .terms: return .auctionTerms
        case .review: return .auctionReview
        case .payment:
            if s.payment.cardForm != nil { return .auctionCardForm }
            if s.payment.removing != nil { return .auctionRemoval }
            return AuctionPayment.panel(s.flow) == .cards ? .auctionCards : .auctionPIN
        case .joining: return .auctionPlacingBid
        case .joined: return .auctionJoined
        case .left: return .auctionList
        }
    }
}

/// A shopper's way to a place, as tape commands, and the world they start in.
struct KioskWalk: CustomStringConvertible, Sendable {
    let place: KioskPlace
    var world = ""
    let steps: String
    /// Seconds without a key before the kiosk asks; long where the walk itself waits.
    var idle = 5
    /// What the shopper typed or saw that must be nowhere once the kiosk has started over.
    var secrets: [String] = []
    /// The acquirer's answer to the first charge cannot be written (a full disk): its outcome is
    /// not known, and the checkout says it is checking with the bank.
    var losesTheAnswer = false

    var description: String { "\(place.rawValue)\(world.isEmpty ? "" : " [\(world)]")" }
}

extension KioskWalk {
    static let toCheckout = """
        Press Enter
        Expect "Acacia honey"
        Press 1
        Press +
        Press Enter
        Press c
        Expect "Your cart"
        Press Enter
        Expect "Pay with:"
        """
    /// A card typed on the store's card form (`holder` on it), and sent.
    static func typedCard(_ number: String, holder: String) -> String {
        """
        Type "\(holder)"
        Press Tab
        Type "\(number)"
        Press Tab
        Type "1230"
        Press Tab
        Type "123"
        Press Enter
        Press Enter
        """
    }
    static func newCard(_ number: String) -> String {
        toCheckout + "\nPress 1\n" + typedCard(number, holder: "Jane Doe")
    }
    /// A card typed on the account's "Add a card" form, and sent.
    static func addCard(_ number: String) -> String {
        "Press Enter\nPress a\nPress 1\nPress a\nExpect \"Add a card\"\n" + typedCard(number, holder: "Eve Honeybee")
    }
    static let toBanks = toCheckout + "\nPress 3\nExpect \"Pay by bank\"\nPress 4\nExpect \"Choose your bank\""
    static let toWallet = toCheckout + "\nPress 4\nExpect \"WeChat Pay\""
    static let signedIn = "customer cards=4242424242424242"
    static let locked = "customer cards=4242424242424242 pin=2468"
    static let toAuctionPayment = """
        Press 2
        Expect "Flight upgrade auctions"
        Press Enter
        Press Space
        Type "c"
        Press Enter
        """

    static let all: [KioskWalk] = [
        KioskWalk(place: .home, steps: "Press Down"),
        KioskWalk(place: .help, steps: "Press ?\nExpect \"Keys\""),
        KioskWalk(place: .catalog, steps: "Press Enter\nExpect \"Acacia honey\"\nPress Down 2"),
        KioskWalk(place: .details, steps: "Press Enter\nPress 1\nPress +"),
        KioskWalk(place: .cart, steps: "Press Enter\nPress 1\nPress +\nPress Enter\nPress c\nExpect \"Your cart\""),
        KioskWalk(place: .checkoutMethods, steps: toCheckout),
        KioskWalk(place: .checkoutCardForm, steps: toCheckout + "\nPress 1\nType \"Jane Doe\"\nPress Tab\nType \"42424242\"",
                  secrets: ["Jane Doe", "4242 4242"]),
        KioskWalk(place: .checkoutChallenge, steps: newCard("4000002760003184") + "\nSleep 2s\nExpect \"Security check\"\nType \"123\"",
                  secrets: ["Security check", "3184"]),
        // The never-answering card: the charge is in flight when nobody is there any more. Esc
        // waits, as it does for the shopper, until the counter says it is checking with the bank.
        KioskWalk(place: .checkoutCharging, steps: newCard("4000000000000259") + "\nExpect \"Charging\"", secrets: ["0259"]),
        // Nobody knows yet whether it was paid: leaving is the shopper's way (the order stays with
        // the settler), and it is the kiosk's.
        KioskWalk(place: .checkoutChecking, steps: newCard("4242424242424242") + "\nSleep 1s\nExpect \"Checking with the bank about order HS-000001\"",
                  secrets: ["HS-000001"], losesTheAnswer: true),
        KioskWalk(place: .receipt, steps: newCard("4242424242424242") + "\nSleep 2s\nExpect \"Thank you!\"", secrets: ["HS-000001", "4242"]),
        KioskWalk(place: .receipt, world: "printer=/dev/null/printer",
                  steps: newCard("4242424242424242") + "\nSleep 2s\nExpect \"The receipt printer is unavailable\"",
                  secrets: ["HS-000001", "printer"]),
        KioskWalk(place: .receipt, world: "printer=PRINTER_FILE",
                  steps: newCard("4242424242424242") + "\nSleep 2s\nExpect \"Receipt for order HS-000001 printed.\"",
                  secrets: ["HS-000001", "printed"]),
        KioskWalk(place: .account, steps: "Press Enter\nPress a\nExpect \"Shopping as a guest\""),
        KioskWalk(place: .logIn, steps: "Press Enter\nPress a\nPress 1\nType \"eve@example.com\"\nPress Tab\nType \"honey\"",
                  secrets: ["eve@example.com"]),
        KioskWalk(place: .signUp, steps: "Press Enter\nPress a\nPress 2\nType \"eve@example.com\"", secrets: ["eve@example.com"]),
        KioskWalk(place: .account, world: signedIn, steps: "Press Enter\nPress a\nExpect \"ada@example.com\"",
                  secrets: ["ada@example.com"]),
        KioskWalk(place: .savedCards, world: signedIn, steps: "Press Enter\nPress a\nPress 1\nExpect \"4242\"",
                  secrets: ["ada@example.com", "4242"]),
        KioskWalk(place: .savedCardRemoval, world: signedIn, steps: "Press Enter\nPress a\nPress 1\nPress r",
                  secrets: ["ada@example.com", "4242"]),
        KioskWalk(place: .checkoutUnlock, world: locked,
                  steps: toCheckout + "\nPress Enter\nExpect \"Enter your payments PIN to pay with Visa\"\nType \"24\"",
                  secrets: ["ada@example.com", "4242"]),
        KioskWalk(place: .savedCardUnlock, world: locked,
                  steps: "Press Enter\nPress a\nPress 1\nPress a\nExpect \"Enter your payments PIN to add a card\"\nType \"24\"",
                  secrets: ["ada@example.com", "4242"]),
        KioskWalk(place: .savedCardForm, world: signedIn,
                  steps: "Press Enter\nPress a\nPress 1\nPress a\nExpect \"Add a card\"\nType \"Eve Honeybee\"\nPress Tab\nType \"5555 5555\"",
                  secrets: ["ada@example.com", "Eve Honeybee", "5555"]),
        KioskWalk(place: .savedCardChallenge, world: signedIn,
                  steps: addCard("4000002760003184") + "\nSleep 2s\nExpect \"Security check\"\nType \"12\"",
                  secrets: ["ada@example.com", "Eve Honeybee", "3184", "Security check"]),
        // The never-answering card: the bank's check is in flight when nobody is there any more.
        KioskWalk(place: .savedCardChecking, world: signedIn,
                  steps: addCard("4000000000000259") + "\nExpect \"Asking your bank about Visa •••• 0259\"",
                  secrets: ["ada@example.com", "0259"]),
        KioskWalk(place: .paymentsPIN, world: signedIn,
                  steps: "Press Enter\nPress a\nPress 4\nExpect \"Set payments PIN\"\nType \"24\"",
                  secrets: ["ada@example.com", "Set payments PIN"]),
        KioskWalk(place: .orders, world: signedIn,
                  steps: toCheckout + "\nPress Enter\nSleep 2s\nExpect \"Thank you!\"\nPress Enter\nPress a\nPress 2\nExpect \"HS-000001\"",
                  secrets: ["ada@example.com", "HS-000001"]),
        KioskWalk(place: .orderReceipt, world: signedIn,
                  steps: toCheckout + "\nPress Enter\nSleep 2s\nPress Enter\nPress a\nPress 2\nPress Enter\nExpect \"Order HS-000001\"",
                  secrets: ["ada@example.com", "HS-000001"]),
        KioskWalk(place: .subscriptions, world: signedIn, steps: "Press Enter\nPress a\nPress 3\nExpect \"Subscriptions\"",
                  secrets: ["ada@example.com"]),
        KioskWalk(place: .auctionList, steps: "Press 2\nExpect \"Flight upgrade auctions\"\nPress Down"),
        KioskWalk(place: .auctionList, steps: "Press 2\nPress 3\nExpect \"LX 40 closed on\"", secrets: ["LX 40 closed on"]),
        KioskWalk(place: .auctionTerms, world: signedIn, steps: "Press 2\nPress Enter\nPress Space\nExpect \"[x]\""),
        KioskWalk(place: .auctionReview, world: signedIn, steps: "Press 2\nPress Enter\nPress Space\nType \"c\"\nExpect \"Continue to payment\""),
        KioskWalk(place: .auctionPIN, world: locked, steps: toAuctionPayment + "\nExpect \"Enter your payments PIN\"\nType \"24\"",
                  secrets: ["ada@example.com", "••"]),
        KioskWalk(place: .auctionCards, world: signedIn, steps: toAuctionPayment + "\nExpect \"Visa •••• 4242\"",
                  secrets: ["ada@example.com", "4242"]),
        KioskWalk(place: .auctionCardForm, world: signedIn, steps: toAuctionPayment + "\nPress n\nType \"Ada Lovelace\"\nPress Tab\nType \"5555\"",
                  secrets: ["Ada Lovelace", "5555"]),
        KioskWalk(place: .auctionRemoval, world: signedIn, steps: toAuctionPayment + "\nPress d\nExpect \"Remove\"", secrets: ["4242"]),
        KioskWalk(place: .auctionPlacingBid, world: signedIn, steps: toAuctionPayment + "\nPress b\nExpect \"Placing your start bid\"",
                  secrets: ["4242"]),
        KioskWalk(place: .auctionJoined, world: signedIn, steps: toAuctionPayment + "\nPress b\nSleep 2s\nExpect \"You joined the auction\"",
                  secrets: ["4242", "held"]),
        KioskWalk(place: .auctionYourBid, world: signedIn,
                  steps: toAuctionPayment + "\nPress b\nSleep 2s\nPress Enter\nPress Enter\nExpect \"Lowest raise\"",
                  secrets: ["4242", "€150.00"]),
        KioskWalk(place: .auctionChallenge, world: "customer cards=4000002760003184",
                  steps: toAuctionPayment + "\nPress b\nSleep 2s\nExpect \"Security check\"\nType \"12\"", secrets: ["3184"]),
        KioskWalk(place: .expressSheet, steps: toCheckout + "\nPress 2\nExpect \"Express pay · Honey Store\"",
                  secrets: ["Berlin", "Express pay"]),
        KioskWalk(place: .expressAddress, steps: toCheckout + "\nPress 2\nPress Left\nPress Enter\nType \"Eva de Vries\"\nPress Tab\nType \"eva@example.nl\"",
                  secrets: ["Eva de Vries", "eva@example.nl"]),
        KioskWalk(place: .expressFinished, steps: toCheckout + "\nPress 2\nPress Up\nPress Enter\nSleep 3s\nExpect \"✓ Paid\"",
                  secrets: ["Paid with"]),
        KioskWalk(place: .bankCountries, steps: toCheckout + "\nPress 3\nExpect \"Pay by bank\""),
        KioskWalk(place: .bankBanks, steps: toBanks),
        KioskWalk(place: .bankPage, steps: toBanks + "\nPress 1\nExpect \"online banking\"", secrets: ["Albion Bank"]),
        KioskWalk(place: .bankWaiting, steps: toBanks + "\nPress 1\nExpect \"online banking\"\nPress a\nExpect \"Waiting for the bank\""),
        KioskWalk(place: .bankResult, steps: toBanks + "\nPress 1\nExpect \"online banking\"\nPress a\nSleep 3s\nExpect \"Authorised with your bank\"",
                  secrets: ["Authorised"]),
        KioskWalk(place: .bankResult, steps: toBanks + "\nPress 1\nExpect \"online banking\"\nPress r\nSleep 3s\nExpect \"Esc\"",
                  secrets: ["Albion Bank"]),
        KioskWalk(place: .bankStatus, steps: toBanks + "\nPress 1\nExpect \"online banking\"\nPress a\nSleep 3s\nPress s\nExpect \"Status of the payment\"",
                  secrets: ["bpay_000001"]),
        KioskWalk(place: .walletMethods, steps: toWallet + "\nPress Down"),
        KioskWalk(place: .walletCode, steps: toWallet + "\nPress Enter\nExpect \"wechatpay://pay/src_000001\"",
                  secrets: ["wechatpay://", "src_000001"]),
        KioskWalk(place: .walletWorking, steps: toWallet + "\nPress Enter\nExpect \"Scan with\"\nPress c\nExpect \"Waiting for the payment\""),
        KioskWalk(place: .walletFinished, steps: toWallet + "\nPress Enter\nExpect \"Scan with\"\nPress c\nSleep 3s\nExpect \"Paid €\"",
                  secrets: ["Paid €"]),
        KioskWalk(place: .operatorPIN, world: "operator-pin=4711", steps: "Press F10\nType \"47\"", secrets: ["Operator PIN"]),
        KioskWalk(place: .operatorMenu, world: "operator-pin=4711", steps: "Press F10\nType \"4711\"\nPress Enter\nExpect \"Operator menu\"",
                  secrets: ["Operator menu"]),
        KioskWalk(place: .operatorReprint, world: "operator-pin=4711", steps: "Press F10\nType \"4711\"\nPress Enter\nPress 3\nType \"12\"",
                  secrets: ["Reprint a receipt", "HS-0000"]),
        KioskWalk(place: .backOffice, world: "operator-pin=4711",
                  steps: "Press F10\nType \"4711\"\nPress Enter\nPress 6\nExpect \"Back office\"\nType \"12\"",
                  secrets: ["Back office", "Find: 12"]),
        KioskWalk(place: .backOfficeOrder, world: "operator-pin=4711",
                  steps: newCard("4242424242424242") + "\nSleep 2s\nPress F10\nType \"4711\"\nPress Enter\nPress 6\nExpect \"HS-000001\"\nPress Enter\nExpect \"left to refund\"",
                  secrets: ["HS-000001", "left to refund"]),
        KioskWalk(place: .backOfficeRefund, world: "operator-pin=4711",
                  steps: newCard("4242424242424242") + "\nSleep 2s\nPress F10\nType \"4711\"\nPress Enter\nPress 6\nExpect \"HS-000001\"\nPress Enter\nPress a\nType \"1\"\nExpect \"Amount to refund: 1\"",
                  secrets: ["HS-000001", "Amount to refund"]),
    ]
}

/// The kiosk forgets every shopper (issue 16): a walk leaves a shopper at each place, nobody
/// touches a key, and after the idle time, the countdown and the way back the screen is the
/// kiosk's fresh home, cell for cell, with nobody signed in and an empty cart; the shelves then
/// show a guest's empty cart and nothing the shopper typed or saw; and the ledger has nothing
/// left half-done (`checkout audit`'s rules, with "stuck" after 30 s).
@Suite struct KioskForgetsEveryShopperTests {
    @Test func everyPlaceIsWalked() {
        let walked = Set(KioskWalk.all.map(\.place))
        let missing = Set(KioskPlace.allCases).subtracting(walked).subtracting(KioskPlace.unreachable.keys)
        #expect(missing.isEmpty, "no walk leaves a shopper at \(missing.map(\.rawValue).sorted())")
    }

    @Test(arguments: KioskWalk.all)
    func afterTheIdleTimeNothingOfTheShopperIsLeft(_ walk: KioskWalk) throws {
        let printerFile = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-walk-\(UUID().uuidString).prn").path
        defer { try? FileManager.default.removeItem(atPath: printerFile) }
        let world = "# world: kiosk idle=\(walk.idle) attract=off " + walk.world.replacingOccurrences(of: "PRINTER_FILE", with: printerFile)
        let steps = try TapeParser.parse(walk.steps).lines.count
        // Long enough for the question (idle + 10 s), a charge Esc must wait for (30 s), and more.
        let wait = walk.idle + 10 + 45
        let afterwards = """
            Press Enter
            Expect "Guest │ Cart empty"
            Press a
            Expect "Shopping as a guest"
            """
        let text = [world, walk.steps, "Sleep \(wait)s", afterwards].joined(separator: "\n")

        let home = try Self.freshHome(world: world)
        let (result, places, screens, shell) = try Self.play(text, world: world, losingTheAnswer: walk.losesTheAnswer)
        #expect(result.failure == nil, "\(walk): \(result.report(path: walk.description))")
        #expect(places.count > steps, "\(walk): the walk did not get as far as its last step")
        guard places.count > steps, let shell else { return }
        #expect(places[steps - 1] == walk.place, "\(walk) ended at \(places[steps - 1]), not at \(walk.place); \(places)")
        let afterIdle = screens[steps]
        #expect(afterIdle == home, "\(walk): after the idle time the screen is not the kiosk's fresh home:\n\(afterIdle)")
        for secret in walk.secrets {
            #expect(!screens[steps...].contains { $0.contains(secret) }, "\(walk): \"\(secret)\" is still shown after the reset")
        }
        #expect(shell.counter.state.session.shopper == nil)
        #expect(shell.state.notice == nil && shell.counter.state.notice == nil)
        // Started over the shopper's way, nothing was left half-done: what Esc cancels (a 3-D
        // Secure prompt, a bank page, a wallet's code) is cancelled, and what was not known is
        // settled by now. Nor is any card number in clear in the database.
        let core = try #require(shell.counter.services).core
        let violations = try LedgerAudit(unsettledAfter: .seconds(30)).violations(in: core.database.queue, now: core.clock.now)
        #expect(violations.isEmpty, "\(walk): \(violations)")
    }

    /// The kiosk's home as a fresh kiosk of the same world first shows it.
    static func freshHome(world: String) throws -> String {
        try play(world + "\nExpect \"Honey Store\"", world: world).0.screen
    }

    /// Plays `text` on a kiosk shell with a core whose passwords hash cheaply; answers the result,
    /// the place and the screen after each command, and the shell.
    static func play(_ text: String, world: String, losingTheAnswer: Bool = false) throws -> (TapeResult, [KioskPlace], [String], CounterShell?) {
        let shellWorld = try #require(ShellTapeWorld(tapeText: world))
        let customer = shellWorld.customer
        var shell: CounterShell?
        var places: [KioskPlace] = []
        var screens: [String] = []
        let writes = FailingWrites()
        var player = TapePlayer()
        player.observeScreen = { screen in
            screens.append(screen)
            if let shell { places.append(KioskPlace.of(shell)) }
            // The charge is on its way to the acquirer: its answer will not be recorded.
            if losingTheAnswer, !writes.armed, screen.contains("Charging") { writes.armed = true; writes.failNext = 1 }
        }
        let result = try player.play(text) {
            let made = shellWorld.makeShell(library: library, demoDirectory: nil, makeServices: { clock, timers in
                var options = PaymentsServices.Options()
                options.passwordIterations = 1_000
                let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
                try customer?.apply(to: services)
                services.core.database.queue.inDatabase { db in db.add(transactionObserver: writes, extent: .databaseLifetime) }
                return services
            })
            shell = made
            return made
        }
        return (result, places, screens, shell)
    }

    static let library = ThemeLibrary(directories: [URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes").path])

    /// Fails the next commits of the counter's connection, as a full disk would.
    final class FailingWrites: TransactionObserver {
        var failNext = 0
        var armed = false
        struct DiskFull: Error {}
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseWillCommit() throws {
            guard failNext > 0 else { return }
            failNext -= 1
            throw DiskFull()
        }
        func databaseDidCommit(_ db: Database) {}
        func databaseDidRollback(_ db: Database) {}
    }
}
