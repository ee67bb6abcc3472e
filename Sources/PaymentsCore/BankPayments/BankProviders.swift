/// Banks by country, with the seed's fallback: a preferred country that is unknown or has no
/// banks falls back to the locale's country.
public final class BankProviders {
    private let store: any CoreStore

    public init(store: any CoreStore) {
        self.store = store
    }

    /// The country actually used and its banks. `localeCountry` is e.g. `Locale.current.region`,
    /// passed in so the core never reads the machine's settings itself.
    public func providers(preferredCountry: String?, localeCountry: String) throws -> (country: String, providers: [SimulatedBank]) {
        if let preferred = preferredCountry?.uppercased() {
            let banks = try providers(in: preferred)
            if !banks.isEmpty { return (preferred, banks) }
        }
        let fallback = localeCountry.uppercased()
        return (fallback, try providers(in: fallback))
    }

    public func providers(in country: String) throws -> [SimulatedBank] {
        try store.read { tx in
            try tx.fetchAll(BankProviderRecord.self, "SELECT * FROM bank_providers WHERE country = ? ORDER BY position", country.uppercased())
                .map(\.provider)
        }
    }

    public func countries() throws -> [String] {
        try store.read { tx in
            try tx.fetchValues(String.self, "SELECT country FROM bank_providers GROUP BY country ORDER BY \(tx.engine.bytewise("country"))")
        }
    }

    static func provider(_ tx: any CoreTransaction, id: String) throws -> SimulatedBank? {
        try tx.fetchOne(BankProviderRecord.self, "SELECT * FROM bank_providers WHERE id = ?", id)?.provider
    }
}
