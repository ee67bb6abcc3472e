import Foundation
import PaymentsCore

/// Parked sales at this counter (`ParkedSales`): the counter's cart (the session's) parked
/// under a name, the shop's parked sales listed, one resumed into the cart or discarded. Signed
/// by `signer()`, who is serving (nil: a shop without staff).
public final class ParkingController {
    private let parkedSales: ParkedSales
    private let session: CounterSession
    /// Who is serving, for the rows' signatures (the staff sign-in sets it; nil until then).
    public var signer: () -> StaffSignature? = { nil }

    init(core: PaymentsServices, commerce: Commerce, session: CounterSession) {
        parkedSales = ParkedSales(store: core.store, carts: commerce.carts, clock: core.clock, ids: core.ids,
                                  events: CoreEventRecorder(clock: core.clock), counter: commerce.counterName)
        self.session = session
    }

    /// The name as it would be kept, or why not: the field says so before anything is written.
    public static func checkName(_ typed: String) -> ParkingError? {
        do { _ = try ParkedSales.checkedName(typed); return nil } catch { return error }
    }

    public static var maximumNameLength: Int { ParkedSales.maximumNameLength }

    /// Parks the counter's cart; answers the sale parked (the cart is empty after it).
    public func park(as name: String) -> Result<ParkedSale, ParkingError> {
        answer { () throws(ParkingError) in try parkedSales.park(session.cartKey, as: name, signature: signer()) }
    }

    public func parked() -> Result<[ParkedSale], ParkingError> { answer { () throws(ParkingError) in try parkedSales.parked() } }

    /// Resumes a parked sale into the counter's cart; answers the cart as it is then.
    public func resume(_ id: String, mode: ResumeMode) -> Result<Cart, ParkingError> {
        answer { () throws(ParkingError) in try parkedSales.resume(id, into: session.cartKey, mode: mode, signature: signer()) }
    }

    public func discard(_ id: String) -> Result<Void, ParkingError> { answer { () throws(ParkingError) in try parkedSales.discard(id, signature: signer()) } }

    private func answer<T>(_ body: () throws(ParkingError) -> T) -> Result<T, ParkingError> {
        do { return .success(try body()) } catch { return .failure(error) }
    }
}
