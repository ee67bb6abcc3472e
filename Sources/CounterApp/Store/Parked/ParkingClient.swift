import CheckoutKit
import Foundation

/// What parking a cart reaches: CheckoutKit's `ParkingController` on the counter's cart.
/// Closures, so a test can stand in for each.
public struct ParkingClient {
    public var park: (_ name: String) -> Result<ParkedSale, ParkingError>
    public var parked: () -> Result<[ParkedSale], ParkingError>
    public var resume: (_ id: String, _ mode: ResumeMode) -> Result<Cart, ParkingError>
    /// Nil: discarded.
    public var discard: (_ id: String) -> ParkingError?

    public init(park: @escaping (String) -> Result<ParkedSale, ParkingError>, parked: @escaping () -> Result<[ParkedSale], ParkingError>,
                resume: @escaping (String, ResumeMode) -> Result<Cart, ParkingError>, discard: @escaping (String) -> ParkingError?) {
        self.park = park
        self.parked = parked
        self.resume = resume
        self.discard = discard
    }

    /// Before the core is open: nothing can be read.
    public static var unavailable: ParkingClient {
        ParkingClient(park: { _ in .failure(.storage) }, parked: { .failure(.storage) }, resume: { _, _ in .failure(.storage) },
                      discard: { _ in .storage })
    }

    public static func live(_ parking: ParkingController) -> ParkingClient {
        ParkingClient(park: parking.park(as:), parked: parking.parked, resume: parking.resume(_:mode:), discard: { id in
            if case .failure(let error) = parking.discard(id) { return error }
            return nil
        })
    }
}
