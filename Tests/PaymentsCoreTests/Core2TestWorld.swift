import Clocks
import Foundation
import PaymentsCore

/// Issue 4's services wired on one manual clock and one in-memory database.
final class Core2World {
    let clock = ManualClock()
    let timers: TimerQueue
    let database = try! Core2Migrations.inMemoryDatabase()
    let ids = DatabaseSequenceIds()
    let events: TableEventLog
    let acquirer: StandInAcquirer
    let catalog: Catalog
    let carts: Carts
    let orders: Orders
    let bank: BankPayments
    let providers: BankProviders
    let subscriptions: Subscriptions
    let sources: PaymentSources
    let auctions: Auctions

    init() {
        timers = TimerQueue(clock: clock)
        events = TableEventLog(clock: clock)
        acquirer = StandInAcquirer(scheduler: timers)
        catalog = Catalog(database: database)
        carts = Carts(database: database, ids: ids, clock: clock, events: events)
        orders = Orders(database: database, carts: carts, charges: acquirer, ids: ids, clock: clock, events: events)
        bank = BankPayments(database: database, scheduler: timers, ids: ids, events: events)
        providers = BankProviders(database: database)
        subscriptions = Subscriptions(database: database, collector: RenewalCollector(charges: acquirer, bank: bank), ids: ids, clock: clock, events: events)
        sources = PaymentSources(database: database, scheduler: timers, charges: acquirer, ids: ids, events: events)
        auctions = Auctions(database: database, holds: acquirer, ids: ids, clock: clock, events: events)
    }

    func advance(_ duration: Duration) {
        timers.advance(clock, by: duration)
    }

    /// Starts something that answers through a completion, lets the loop run for `duration`,
    /// and returns the answer (nil if none came).
    func settle<T>(after duration: Duration = .seconds(1), _ start: (@escaping (T) -> Void) -> Void) -> T? {
        var answer: T?
        start { answer = $0 }
        advance(duration)
        return answer
    }

    func eventTypes(_ subject: String) -> [String] {
        (try? TableEventLog.eventTypes(in: database, subject: subject)) ?? []
    }

    func stock(_ productId: String) -> Int {
        (try? catalog.product(id: productId))??.stock ?? -1
    }

    static let day: TimeInterval = 86_400
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
    var value: Success? { try? get() }
}

/// Dates read back from the database may differ from computed ones in the last bits of a
/// double; a millisecond is far below anything a payment cares about.
func sameInstant(_ date: Date?, _ other: Date?) -> Bool {
    guard let date, let other else { return date == nil && other == nil }
    return abs(date.timeIntervalSince(other)) < 0.001
}

func sameInstant(_ date: Date?, _ iso: String) -> Bool {
    sameInstant(date, ISO8601DateFormatter().date(from: iso))
}
