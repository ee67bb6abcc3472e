import GRDB

/// A few banks per country, each country with at least one that approves (seed 004).
enum BankSeed {
    static let providers: [(country: String, name: String, behaviour: BankBehaviour)] = [
        ("GB", "Albion Bank", .approves), ("GB", "Thames Mutual", .decoupled), ("GB", "Crown Savings", .rejects), ("GB", "Fogline Bank", .slow),
        ("DE", "Rhein Sparkasse", .approves), ("DE", "Nordbank Direkt", .redirects), ("DE", "Alpen Volksbank", .offline),
        ("FR", "Banque Lumiere", .approves), ("FR", "Credit Provence", .failsAuthorization), ("FR", "Societe Seine", .serverError),
        ("NL", "Tulp Bank", .approves), ("NL", "Polder Spaarbank", .decoupled),
        ("ES", "Banco Sol", .approves), ("ES", "Caja Mar", .rejects),
        ("IE", "Liffey Bank", .approves), ("IE", "Shamrock Credit", .slow),
    ]

    static func insert(_ db: Database) throws {
        for (position, provider) in providers.enumerated() {
            let slug = provider.name.lowercased().replacingOccurrences(of: " ", with: "-")
            try db.execute(
                sql: "INSERT INTO bank_providers (id, country, position, name, behaviour) VALUES (?, ?, ?, ?, ?)",
                arguments: ["\(provider.country.lowercased())-\(slug)", provider.country, position, provider.name, provider.behaviour.rawValue]
            )
        }
    }
}
