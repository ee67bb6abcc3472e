import GRDB

extension StoredRow {
    /// A column's value, of the type the violation it goes into names: the audit's checks read
    /// many columns straight into `LedgerViolation`s. A missing column or a value of another
    /// type is an error (`StorageError.corrupt`), never a default.
    func audited<Value: DatabaseValueConvertible>(_ column: String) throws -> Value {
        try value(Value.self, column)
    }
}
