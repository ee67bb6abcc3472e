/// Each language's plural rule, as gettext's `Plural-Forms` header writes it and as the counter
/// applies it: which of a translation's forms goes with a count.
extension Language {
    /// The `Plural-Forms` header of the language's PO file.
    public var pluralForms: String {
        switch self {
        case .english: "nplurals=2; plural=(n != 1);"
        case .simplifiedChinese: "nplurals=1; plural=0;"
        }
    }

    /// How many forms a plural translation has.
    public var pluralFormCount: Int {
        switch self {
        case .english: 2
        case .simplifiedChinese: 1
        }
    }

    /// The form for `count`: English "1 item" (0) and "2 items", "0 items" (1); Chinese has one
    /// form for every count (件 does not change).
    public func pluralIndex(for count: Int) -> Int {
        switch self {
        case .english: count == 1 ? 0 : 1
        case .simplifiedChinese: 0
        }
    }
}
