import CheckoutKit
import Clocks
import PaymentsCore

extension CounterApplication {
    /// The services over the database the command line names: a path, `:memory:`, or nil for
    /// the default file in the user's data directory (XDG).
    public static func services(database argument: String?) -> ServicesFactory {
        let location = DatabaseLocation(argument: argument ?? DatabaseLocation.defaultPath())
        // In memory (tapes): sequential ids, so payment codes and their QR codes replay to the frame.
        let ids: () -> IDGenerator = { location == .inMemory ? SequentialIDGenerator() : RandomIDGenerator() }
        return { clock, timers in try CheckoutServices(database: location, clock: clock, scheduler: timers, ids: ids()) }
    }
}
