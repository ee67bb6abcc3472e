import GRDB

/// Banks by country, with the seed's fallback: a preferred country that is unknown or has no
/// banks falls back to the locale's country.
public final class BankProviders {
    private let database: any DatabaseWriter

    public init(database: any DatabaseWriter) {
        self.database = database
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
        try database.read { db in
            try BankProviderRecord.filter(Column("country") == country.uppercased()).order(Column("position")).fetchAll(db).map(\.provider)
        }
    }

    public func countries() throws -> [String] {
        try database.read { db in try String.fetchAll(db, BankProviderRecord.select(Column("country")).distinct().order(Column("country"))) }
    }

    static func provider(_ db: Database, id: String) throws -> SimulatedBank? {
        try BankProviderRecord.fetchOne(db, key: id)?.provider
    }
}
