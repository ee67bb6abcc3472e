/// The server's built-in type OIDs a counter's columns use (`pg_type.oid`, fixed since 8.x).
public enum PostgresType {
    public static let boolean: UInt32 = 16
    public static let bytea: UInt32 = 17
    public static let bigint: UInt32 = 20
    public static let smallint: UInt32 = 21
    public static let integer: UInt32 = 23
    public static let real: UInt32 = 700
    public static let doublePrecision: UInt32 = 701
    /// What `SUM` of integers answers.
    public static let numeric: UInt32 = 1700
}
