import CheckoutKit
import Localization

/// The shop's settings in force for a run: whose name, address and VAT number head its
/// receipts, and which time zone every date on a screen or a receipt is shown in. A task-local
/// value bound once around a run, as the language is (`checkout` binds what `--shop FILE` says;
/// a tape or a test runs with the defaults, in UTC, the same on every machine).
public enum ShopInForce {
    @TaskLocal public static var settings = ShopSettings(timeZone: .gmt)

    /// Runs `body` with `shop` in force, its time zone for every date shown.
    public static func with<T>(_ shop: ShopSettings, _ body: () throws -> T) rethrows -> T {
        try $settings.withValue(shop) { try DateText.$timeZone.withValue(shop.timeZone, operation: body) }
    }
}
