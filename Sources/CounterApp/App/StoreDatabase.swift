import CheckoutKit
import Clocks

extension CounterApplication {
    /// The services over the database the command line names: a path, `:memory:`, or nil for
    /// the default file in the user's data directory (XDG). The shop's settings are those in
    /// force where the factory is made (`ShopInForce`: a tape's, `checkout play --shop FILE`'s).
    public static func services(database argument: String?, counterName: String? = nil) -> ServicesFactory {
        let shop = ShopInForce.settings
        return { clock, timers in try CounterCore.services(database: argument, counterName: counterName, shop: shop, clock: clock, scheduler: timers) }
    }

    /// The services over a core the command line opened beforehand (so that a database that
    /// cannot be opened stops the counter before the terminal is taken). Call the factory once.
    /// `log` takes the core's lines: every committed payment state and settler action, redacted.
    public static func services(core: CounterCore, log: ((String) -> Void)? = nil) -> ServicesFactory {
        { clock, timers in try core.services(clock: clock, scheduler: timers, log: log) }
    }
}
