import CLibPQ
#if canImport(Glibc)
import Glibc
#endif

/// libpq, loaded the first time a counter connects to a server rather than when the counter
/// starts: the library brings twenty more (TLS, Kerberos, LDAP...) that the dynamic linker would
/// otherwise map and resolve before every first frame, for counters that keep their data in a
/// file and never use them (issue 18's start-up profile).
///
/// `CLibPQ` gives the types and constants of `libpq-fe.h`; the functions come from `dlsym`.
struct LibPQ {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer

    let connectdb: @convention(c) (UnsafePointer<CChar>?) -> Connection?
    let finish: @convention(c) (Connection?) -> Void
    let reset: @convention(c) (Connection?) -> Void
    let status: @convention(c) (Connection?) -> ConnStatusType
    let transactionStatus: @convention(c) (Connection?) -> PGTransactionStatusType
    let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
    let socket: @convention(c) (Connection?) -> Int32
    let setNoticeProcessor: @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let exec: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?
    let execParams: @convention(c) (Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
                                    UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Result?
    let resultStatus: @convention(c) (Result?) -> ExecStatusType
    let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let clear: @convention(c) (Result?) -> Void
    let nfields: @convention(c) (Result?) -> Int32
    let ntuples: @convention(c) (Result?) -> Int32
    /// Never NULL for a column and row in range (libpq's documentation), as the three below.
    let fname: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>
    let ftype: @convention(c) (Result?, Int32) -> Oid
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>
    let cmdTuples: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>
    let cmdStatus: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?
    let consumeInput: @convention(c) (Connection?) -> Int32
    let notifies: @convention(c) (Connection?) -> UnsafeMutablePointer<PGnotify>?
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The library, or why it could not be loaded (said when a server URL is given, not before).
    static let shared: Swift.Result<LibPQ, PostgresError> = load()

    static func get() throws -> LibPQ { try shared.get() }

    private static func load() -> Swift.Result<LibPQ, PostgresError> {
        // The soname Debian's libpq5 installs (the -dev package's libpq.so is only a link to it).
        guard let handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(PostgresError(sqlState: nil, message: "PostgreSQL's client library could not be loaded (Debian: libpq5): \(reason)"))
        }
        func function<F>(_ name: String, as type: F.Type) throws(PostgresError) -> F {
            guard let symbol = dlsym(handle, name) else {
                throw PostgresError(sqlState: nil, message: "PostgreSQL's client library has no \(name): too old a libpq")
            }
            return unsafeBitCast(symbol, to: type)
        }
        do throws(PostgresError) {
            return .success(LibPQ(
                connectdb: try function("PQconnectdb", as: (@convention(c) (UnsafePointer<CChar>?) -> Connection?).self),
                finish: try function("PQfinish", as: (@convention(c) (Connection?) -> Void).self),
                reset: try function("PQreset", as: (@convention(c) (Connection?) -> Void).self),
                status: try function("PQstatus", as: (@convention(c) (Connection?) -> ConnStatusType).self),
                transactionStatus: try function("PQtransactionStatus", as: (@convention(c) (Connection?) -> PGTransactionStatusType).self),
                errorMessage: try function("PQerrorMessage", as: (@convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?).self),
                socket: try function("PQsocket", as: (@convention(c) (Connection?) -> Int32).self),
                setNoticeProcessor: try function("PQsetNoticeProcessor",
                                                 as: (@convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?).self),
                exec: try function("PQexec", as: (@convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?).self),
                execParams: try function("PQexecParams", as: (@convention(c) (Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
                                                                               UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
                                                                               UnsafePointer<Int32>?, Int32) -> Result?).self),
                resultStatus: try function("PQresultStatus", as: (@convention(c) (Result?) -> ExecStatusType).self),
                resultErrorField: try function("PQresultErrorField", as: (@convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?).self),
                clear: try function("PQclear", as: (@convention(c) (Result?) -> Void).self),
                nfields: try function("PQnfields", as: (@convention(c) (Result?) -> Int32).self),
                ntuples: try function("PQntuples", as: (@convention(c) (Result?) -> Int32).self),
                fname: try function("PQfname", as: (@convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>).self),
                ftype: try function("PQftype", as: (@convention(c) (Result?, Int32) -> Oid).self),
                getisnull: try function("PQgetisnull", as: (@convention(c) (Result?, Int32, Int32) -> Int32).self),
                getvalue: try function("PQgetvalue", as: (@convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>).self),
                cmdTuples: try function("PQcmdTuples", as: (@convention(c) (Result?) -> UnsafeMutablePointer<CChar>).self),
                cmdStatus: try function("PQcmdStatus", as: (@convention(c) (Result?) -> UnsafeMutablePointer<CChar>?).self),
                consumeInput: try function("PQconsumeInput", as: (@convention(c) (Connection?) -> Int32).self),
                notifies: try function("PQnotifies", as: (@convention(c) (Connection?) -> UnsafeMutablePointer<PGnotify>?).self),
                freemem: try function("PQfreemem", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)))
        } catch {
            return .failure(error)
        }
    }
}
