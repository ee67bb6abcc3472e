import Clocks
import Foundation
import GRDB
@testable import PaymentsCore

/// One counter of a fleet with its bank payments, sources, subscriptions and day reports, on a
/// connection of its own: `LastJarRaceTests.FleetCounter` (cards, carts, orders) with the
/// services `Commerce` adds for these, built on its store. (`PaymentsServices` and `Commerce`
/// cannot open on a server yet: they open a `CoreDatabase`.)
final class ExternalPaymentsCounter {
    let fleet: LastJarRaceTests.FleetCounter
    let bank: BankPayments
    let providers: BankProviders
    let sources: PaymentSources
    let subscriptions: Subscriptions
    let reports: DayReports
    let customers: CustomerService
    let methods: PaymentMethodService

    var store: any CoreStore { fleet.store }
    var clock: ManualClock { fleet.clock }

    /// - Parameter keys: the vault key, the same on every counter of a fleet (a saved card is
    ///   charged by whichever counter renews its subscription).
    init(_ location: StoreLocation, keys: VaultKeys) throws {
        fleet = try LastJarRaceTests.FleetCounter(location, keys: keys)
        let ids = RandomIDGenerator(), log = CoreLog(), events = CoreEventRecorder(clock: fleet.clock)
        let gateway = ChargeServiceGateway(charges: fleet.chargeService, repository: fleet.charges, scheduler: fleet.timers)
        bank = BankPayments(store: fleet.store, scheduler: fleet.timers, ids: ids, events: events)
        providers = BankProviders(store: fleet.store)
        sources = PaymentSources(store: fleet.store, scheduler: fleet.timers, charges: gateway, ids: ids, events: events)
        subscriptions = Subscriptions(store: fleet.store, collector: RenewalCollector(charges: gateway, bank: bank), orders: fleet.orders, ids: ids,
                                      scheduler: fleet.timers, events: events)
        reports = DayReports(store: fleet.store, clock: fleet.clock)
        customers = CustomerService(repository: StoredCustomers(store: fleet.store, clock: fleet.clock), hasher: PasswordHasher(iterations: 1_000),
                                    clock: fleet.clock, ids: ids, log: log)
        methods = PaymentMethodService(repository: StoredPaymentMethods(store: fleet.store, clock: fleet.clock), customers: customers,
                                       vault: fleet.vault, clock: fleet.clock, ids: ids, log: log)
    }

    func advance(_ duration: Duration) {
        fleet.timers.advance(fleet.clock, by: duration)
    }

    /// Starts something that answers through a completion, lets the loop run for `duration`,
    /// and returns the answer (nil if none came).
    func settle<T>(after duration: Duration = .seconds(3), _ start: (@escaping (T) -> Void) -> Void) -> T? {
        var answer: T?
        start { answer = $0 }
        advance(duration)
        return answer
    }

    func card(_ number: String = "4242424242424242") throws -> Card {
        try Card.validate(number: number, expiry: "12/30", cvc: "123", holder: "Ada Lovelace", now: clock.now)
    }

    /// A new customer with an approving card saved: both ids.
    func savedCard(email: String) throws -> (customerId: String, methodId: String) {
        let customer = try customers.signUp(email: email, password: "honey1234")
        return (customer.id, try methods.save(card: try card(), for: customer.id).method.id)
    }

    /// A mandate authorised at an approving bank.
    func authorisedMandate(maximum: Money) throws -> BankResourceHandle {
        let mandate = try bank.createMandate(maximumAmount: maximum, reference: "honey subscription")
        let answer = settle { bank.processMandate(identifier: mandate.identifier, token: mandate.resourceToken, providerId: "gb-albion-bank", completion: $0) }
        guard answer == .success(.authorized) else { throw StorageError.corrupt("mandate not authorised: \(String(describing: answer))") }
        return mandate
    }

    /// Counts rows on this counter's connection.
    func count(_ sql: String, _ arguments: (any DatabaseValueConvertible)?...) throws -> Int {
        try store.read { tx in try tx.rows(sql, arguments).first?.value(Int.self, at: 0) ?? 0 }
    }
}
