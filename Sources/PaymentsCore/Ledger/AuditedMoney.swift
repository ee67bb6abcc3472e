extension Money {
    /// An amount as the audit reads it from a row: an unknown currency code is still shown (with
    /// cents), since the audit reports damage rather than refusing to read it.
    static func audited(_ minorUnits: Int64, _ code: String) -> Money {
        Money(minorUnits: minorUnits, currency: Currency(code: code) ?? Currency(code: code, exponent: 2))
    }
}
