import Foundation

/// A value sent as a statement parameter, in PostgreSQL's text format (the server converts it
/// to the column's type, so `$1` needs no cast where the column says what it is).
public protocol PostgresBindable {
    var postgresText: String { get }
}

extension String: PostgresBindable { public var postgresText: String { self } }
extension Int: PostgresBindable { public var postgresText: String { String(self) } }
extension Int32: PostgresBindable { public var postgresText: String { String(self) } }
extension Int64: PostgresBindable { public var postgresText: String { String(self) } }
extension Bool: PostgresBindable { public var postgresText: String { self ? "true" : "false" } }

extension Data: PostgresBindable {
    /// `bytea`'s hex form: `\x` and two hex digits a byte.
    public var postgresText: String { "\\x" + map { String(format: "%02x", $0) }.joined() }
}
