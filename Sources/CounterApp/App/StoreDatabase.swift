import CheckoutKit
import Clocks

extension CounterApplication {
    /// The services over the database the command line names: a path, `:memory:`, or nil for
    /// the default file in the user's data directory (XDG).
    public static func services(database argument: String?) -> ServicesFactory {
        let location = DatabaseLocation(argument: argument ?? DatabaseLocation.defaultPath())
        // In memory (tapes): sequential ids, so payment codes and their QR codes replay to the frame.
        let ids: () -> IDGenerator = { location == .inMemory ? SequentialIDGenerator() : RandomIDGenerator() }
        return { clock, timers in try CheckoutServices(database: location, clock: clock, scheduler: timers, ids: ids()) }
    }

    /// The services over storage the command line opened beforehand (so that a database that
    /// cannot be opened stops the counter before the terminal is taken). Call the factory once.
    /// `log` takes the core's lines: every committed payment state and settler action, redacted.
    public static func services(storage: CoreStorage, log: ((String) -> Void)? = nil) -> ServicesFactory {
        let inMemory = storage.database.location == .inMemory
        return { clock, timers in
            let ids: IDGenerator = inMemory ? SequentialIDGenerator() : RandomIDGenerator()
            var options = PaymentsServices.Options()
            if let log {
                options.logSink = log
                options.logsEvents = true
            }
            return try CheckoutServices(core: PaymentsServices(storage: storage, clock: clock, scheduler: timers, ids: ids, options: options))
        }
    }
}
