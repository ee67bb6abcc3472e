import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// One auction as the entry list shows it. Built from the core's listing and, when the auction's
/// upgrade context is complete, from the context (date, cabin, increment); when it is not,
/// `problem` says which field is missing and the flow will not open.
public struct AuctionListing: Equatable, Sendable, Identifiable {
    public var id: String
    public var title: String
    public var flight: String
    public var route: String
    public var departure: Date?
    public var cabin: String?
    public var startBid: Money
    public var increment: Money?
    public var closesAt: Date
    public var isClosed: Bool
    /// Why it cannot be opened (worded when drawn).
    public var problem: AuctionProblem?
    /// The signed-in shopper's bid in it, when she joined: opening it shows her bid.
    public var yourBid: ShopperBid?

    public init(id: String, title: String, flight: String, route: String, departure: Date?, cabin: String?, startBid: Money,
                increment: Money?, closesAt: Date, isClosed: Bool, problem: AuctionProblem? = nil, yourBid: ShopperBid? = nil) {
        self.id = id
        self.title = title
        self.flight = flight
        self.route = route
        self.departure = departure
        self.cabin = cabin
        self.startBid = startBid
        self.increment = increment
        self.closesAt = closesAt
        self.isClosed = isClosed
        self.problem = problem
        self.yourBid = yourBid
    }

    /// Opening it shows the shopper's bid rather than the join flow: she has one, unless she
    /// left an auction still open (she may join it again).
    public var opensYourBid: Bool {
        guard let yourBid else { return false }
        return yourBid.standing != .left || isClosed
    }
}

/// What the auction screens' effects reach: the controllers (through `CheckoutServices`), the
/// live join flow of the auction being joined, and the callback log. Reducers never touch it;
/// effects do, and answer with actions.
public final class AuctionEnvironment {
    public let services: CheckoutServices?
    /// What the store's card form (shared) needs: the vault and the loop's timers for swipes.
    public let cardForm: CardFormFeature.Client
    /// The store's client, for the payments PIN a raise asks for when the saved cards are locked
    /// (after a restart, say): the same unlock as the store's checkout.
    public let store: StoreClient
    public let log = AuctionCallbackLog()
    private var flow: AuctionJoinFlow?
    private var bridge: AuctionBridge?

    /// Without services (no database) the auctions list nothing and say so.
    public init(services: CheckoutServices? = nil, store: StoreClient = .unavailable) {
        self.services = services
        self.store = store
        cardForm = store.cardForm
    }

    /// The time on the loop's clock (the core's), for "try again at".
    var now: Date { services?.clock.now ?? Date() }

    func listings() -> [AuctionListing] {
        guard let services else { return [] }
        return services.auctionCatalog.listings().map { listing in
            var row = AuctionListing(id: listing.identifier, title: listing.title, flight: listing.flight, route: listing.route,
                                     departure: nil, cabin: nil, startBid: listing.startBid, increment: nil,
                                     closesAt: listing.closesAt, isClosed: listing.isClosed, yourBid: listing.yourBid)
            do {
                let context = try services.auctionCatalog.upgradeContext(auctionId: listing.identifier)
                row.route = context.route
                row.departure = context.departure
                row.cabin = context.upgradeCabin
                row.increment = context.auction.increment
            } catch {
                row.problem = AuctionProblem(error)
            }
            return row
        }
    }

    /// The shopper's bid in one auction, raised or left through the data source.
    func bidSource(auctionId: String) -> AuctionBidDataSource? {
        services?.auctionController(for: auctionId)
    }

    /// Opens the join flow for one auction; its callbacks come back through `send`.
    func open(auctionId: String, send: @escaping (AuctionFeature.Action) -> Void) throws(UpgradeContextError) -> (UpgradeContext, AuctionFlowSnapshot) {
        guard let services else { throw .missingField("auctionIdentifier") }
        let context = try services.auctionCatalog.upgradeContext(auctionId: auctionId)
        let bridge = AuctionBridge(controller: services.auctionController(for: auctionId), log: log)
        let flow = AuctionJoinFlow(context: context, delegate: bridge, dataSource: bridge, gateway: bridge)
        bridge.flow = flow
        bridge.send = send
        self.flow = flow
        self.bridge = bridge
        return (context, bridge.snapshot())
    }

    /// Calls into the open flow and answers with what it looks like afterwards.
    func withFlow(_ body: (AuctionJoinFlow, AuctionBridge) -> Void) -> AuctionFlowSnapshot? {
        guard let flow, let bridge else { return nil }
        body(flow, bridge)
        return bridge.snapshot()
    }

    /// The flow is left (onBack) or done: later answers of the old flow reach no screen.
    func close() {
        bridge?.send = { _ in }
        flow = nil
        bridge = nil
    }
}

extension UpgradeContextError {
    /// What the error screen says: which field, in words, in the current language (the field's
    /// words and the reason are English keys of their own).
    public var message: String {
        switch self {
        case .missingField(let field): tr("The auction's {0} is missing.", tr(Self.words(field)))
        case .invalidField(let field, let why): tr("The auction's {0} is not usable: {1}.", tr(Self.words(field)), tr(why))
        }
    }

    /// "startBid" -> "start bid".
    static func words(_ field: String) -> String {
        var text = ""
        for character in field {
            if character.isUppercase { text += " " + character.lowercased() } else { text.append(character) }
        }
        return text
    }
}
