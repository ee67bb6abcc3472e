@_spi(Core) import CheckoutKit
import Clocks
import Foundation
import PaymentsCore
import ProgramSupport
import Testing

/// Two counters of one shop on one database (a SQLite file, or the throwaway PostgreSQL server):
/// a product added and a price changed at one are on the other's shelf and in its cart without
/// a restart (on the server, heard within a second as the sales are), and a sale parked at one
/// is resumed at the other.
@Suite struct CatalogueAcrossCountersTests {
    final class Counter {
        let clock = ManualClock()
        let timers: TimerQueue
        let services: CheckoutServices

        init(_ location: DatabaseLocation, keys: String, name: String) throws {
            timers = TimerQueue(clock: clock)
            var options = PaymentsServices.Options()
            options.passwordIterations = 1_000
            options.vaultKey = VaultKeyLocation(path: keys + "/vault.key", origin: .flag)
            let core = try PaymentsServices(database: location, clock: clock, scheduler: timers, ids: RandomIDGenerator(), options: options,
                                            migrations: CommerceMigrations.register)
            services = try CheckoutServices(core: core, counterName: name)
        }
    }

    private static func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private static func location(_ engine: ControllerEngine, in folder: String) throws -> DatabaseLocation {
        guard engine == .postgres else { return .file(folder + "/counter.sqlite") }
        try ThrowawayPostgres.skipWhereUnavailable()
        // A database of its own: a notification reaches every session of a database.
        let server = try ThrowawayPostgres.shared.get()
        return .server(url: try server.freshSchema(in: try server.freshDatabase("catalogue")))
    }

    /// What the other counter heard within a second (nothing is ever heard on a file).
    private static func heard(_ counter: Counter, _ engine: ControllerEngine) -> FleetNews {
        var news = FleetNews()
        let deadline = Date().addingTimeInterval(engine == .postgres ? 1 : 0)
        repeat {
            let more = counter.services.fleet.news()
            news.stock.formUnion(more.stock)
            if !news.stock.isEmpty { break }
            usleep(20_000)
        } while Date() < deadline
        return news
    }

    @Test(arguments: ControllerEngine.allCases)
    func aNewProductAndANewPriceReachTheOtherCounterWithoutARestart(_ engine: ControllerEngine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = try Self.location(engine, in: folder)
        let front = try Counter(location, keys: folder, name: "front")
        let back = try Counter(location, keys: folder, name: "back")
        _ = back.services.fleet.news()

        let added = try front.services.catalogue.add(NewProduct(name: "Heather honey", price: Self.euros(890), taxCategory: "food", stock: 10)).get()
        if engine == .postgres { #expect(Self.heard(back, engine).stock.contains(added.id), "heard as a sale is") }
        #expect(try back.services.commerce.catalog.products().contains { $0.id == added.id && $0.price == Self.euros(890) && $0.stock == 10 })
        let cart = try back.services.store.add(productID: added.id, quantity: 1)
        #expect(cart.total == Self.euros(890))

        _ = try front.services.catalogue.changePrice(of: "honey-acacia", to: Self.euros(690)).get()
        if engine == .postgres { #expect(Self.heard(back, engine).stock == ["honey-acacia"]) }
        #expect(try back.services.commerce.catalog.product(id: "honey-acacia")?.price == Self.euros(690))
        let priced = try back.services.store.add(productID: "honey-acacia", quantity: 1)
        #expect(priced.total == Self.euros(890 + 690), "the other counter's cart sells at the new price")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aSaleParkedAtOneCounterIsResumedAtTheOther(_ engine: ControllerEngine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parked-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = try Self.location(engine, in: folder)
        let front = try Counter(location, keys: folder, name: "front")
        let back = try Counter(location, keys: folder, name: "back")
        _ = try front.services.store.add(productID: "honey-clover", quantity: 2)
        let parked = try front.services.parking.park(as: "Anna").get()
        #expect(front.services.store.cart.isEmpty)
        #expect(try back.services.parking.parked().get().map(\.id) == [parked.id])
        let cart = try back.services.parking.resume(parked.id, mode: .intoEmptyCart).get()
        #expect(cart.quantity(of: "honey-clover") == 2 && back.services.store.cart.quantity(of: "honey-clover") == 2)
        #expect(throws: ParkingError.gone) { try front.services.parking.resume(parked.id, mode: .intoEmptyCart).get() }
    }
}
