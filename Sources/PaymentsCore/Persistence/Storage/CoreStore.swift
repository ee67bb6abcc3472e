import GRDB

/// Where the core's transactions come from: the engine under the core, behind one shape.
public protocol CoreStore: AnyObject {
    var engine: StorageEngine { get }

    /// One transaction that may write; committed when `body` returns, rolled back when it throws.
    /// On PostgreSQL, a transaction the server aborts to let another go on (a serialization
    /// failure, a deadlock) runs `body` again whole: `body` must not keep anything it read in an
    /// attempt that failed, nor touch the world outside the transaction.
    func write<T>(_ body: (any CoreTransaction) throws -> T) throws -> T

    /// One transaction that reads a consistent snapshot and writes nothing.
    func read<T>(_ body: (any CoreTransaction) throws -> T) throws -> T

    /// The counter whose journal this store's write transactions append to (`Journal.attach`);
    /// nil: none, and nothing that must be journaled can be written.
    var journal: JournalWriter? { get set }
}
