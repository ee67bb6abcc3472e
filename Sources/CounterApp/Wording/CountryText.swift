import Localization

/// A country where the counter shows one (a bank's country, a shipping address): English shows the
/// ISO 3166 code as it always has ("DE"), Chinese the country's name ("德国"). A code the counter
/// does not know (typed by the shopper) is shown as it is.
public enum CountryText {
    /// The countries the counter names: the banks' (and the locale fallback's), and those of the
    /// express wallet's saved addresses. Each is a key of the catalogue.
    static let named: Set<String> = ["GB", "DE", "FR", "NL", "ES", "IE", "US", "RU"]

    /// `code` as the current language shows it; `code` itself when it is not one the counter names.
    public static func shown(_ code: String) -> String {
        named.contains(code) ? tr(code) : code
    }
}
