/// The Honey Store's four jars, written by the first run's migration (seed 001).
enum HoneySeed {
    static func insert(_ tx: any CoreTransaction) throws {
        let jars: [(id: String, name: String, description: String, cents: Int64, stock: Int, label: String)] = [
            ("honey-acacia", "Acacia honey", "Pale, clear and mild; stays liquid for months. 250 g jar.", 650, 12, "ACACIA"),
            ("honey-clover", "Clover honey", "The classic breakfast honey, creamy and sweet. 250 g jar.", 590, 20, "CLOVER"),
            ("honey-manuka", "Manuka honey", "Dark, rich and rare, from New Zealand's manuka bush. 250 g jar.", 2400, 3, "MANUKA"),
            ("honey-wildflower", "Wildflower honey", "Many meadows in one jar; every harvest tastes different. 250 g jar.", 720, 8, "WILD"),
        ]
        for (position, jar) in jars.enumerated() {
            let image = Self.image(label: jar.label)
            try tx.execute("INSERT INTO products (id, position, name, description, price_minor, currency, stock, image) VALUES (?, ?, ?, ?, ?, 'EUR', ?, ?)",
                           jar.id, position, jar.name, jar.description, jar.cents, jar.stock, image)
        }
    }

    /// A jar's text art with a label of up to seven letters (a longer one is cut).
    static func image(label: String) -> String {
        let padded = String(label.uppercased().prefix(7)).padding(toLength: 7, withPad: " ", startingAt: 0)
        return "  _______\n |~~~~~~~|\n |\(padded)|\n |  ~~~  |\n |_______|"
    }
}
