import Clocks
import Foundation

/// Parked sales (issue 36): a staffed counter puts its cart aside under a short name, the cart
/// empties for the next customer, and any counter of the shop (a fleet shares them) resumes it
/// into its own cart or discards it. Each is a row signed by who did it and journaled in the
/// same transaction. A parked sale reserves nothing: its jars are checked when the resumed cart
/// is paid. The ones still parked when a counter closes its day are listed on the Z report.
public final class ParkedSales {
    private let store: any CoreStore
    private let carts: Carts
    private let clock: Clock
    private let ids: IDGenerator
    private let events: EventRecording
    /// The counter as the books name it (nil: a counter without a name).
    public let counter: String?

    public static let maximumNameLength = 20

    public init(store: any CoreStore, carts: Carts, clock: Clock, ids: IDGenerator, events: EventRecording, counter: String?) {
        self.store = store
        self.carts = carts
        self.clock = clock
        self.ids = ids
        self.events = events
        self.counter = counter
    }

    /// The name as it will be kept, or why it cannot be (before anything is read).
    public static func checkedName(_ typed: String) throws(ParkingError) -> String {
        let name = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .nameMissing }
        guard name.count <= maximumNameLength else { throw .nameTooLong }
        return name
    }

    /// The session key of the cart a parked sale keeps while it waits (no counter's session).
    static func cartKey(of parkedId: String) -> String { "parked:\(parkedId)" }

    /// Parks the session's cart under `name` and empties it.
    public func park(_ sessionKey: String, as typed: String, signature: StaffSignature?) throws(ParkingError) -> ParkedSale {
        let name = try Self.checkedName(typed)
        let id = ids.next("park")
        let now = clock.now
        return try run { tx in
            let cart = try self.carts.existingCart(tx, sessionKey: sessionKey)
            guard !cart.isEmpty else { throw ParkingError.emptyCart }
            if try tx.exists("""
                SELECT 1 FROM orders o WHERE o.session_key = ? AND o.state = 'pendingPayment'
                  AND EXISTS (SELECT 1 FROM stock_reservations r WHERE r.order_id = o.id)
                """, sessionKey) { throw ParkingError.paymentInProgress }
            if try tx.exists("SELECT 1 FROM parked_sales WHERE name_key = ? AND state = ?", ParkedSaleRecord.key(name), ParkedSaleState.parked) {
                throw ParkingError.nameTaken
            }
            let columns = SignatureColumns.columns(of: signature)
            let record = ParkedSaleRecord(id: id, name: name, nameKey: ParkedSaleRecord.key(name), state: .parked, counter: self.counter, parkedAt: now,
                                          totalMinor: cart.total.minorUnits, currency: cart.currency.code, items: cart.itemCount,
                                          staffId: columns.0, staffName: columns.1, approvedById: columns.2, approvedByName: columns.3)
            try tx.insert(record)
            for (position, line) in cart.lines.enumerated() {
                try tx.insert(ParkedSaleLineRecord(parkedId: id, position: position, productId: line.product.id, name: line.product.name,
                                                   unitMinor: line.product.price.minorUnits, quantity: line.quantity))
            }
            // The cart itself waits with the sale: its label prices and discounts come back with it.
            try self.carts.moveContents(tx, from: sessionKey, to: Self.cartKey(of: id))
            let sale = try record.sale(tx)
            try Journal.recordParked(tx, sale)
            return sale
        }
    }

    /// The sales parked now, oldest first, whichever counter parked them.
    public func parked() throws(ParkingError) -> [ParkedSale] {
        try run(write: false) { tx in try Self.parked(tx) }
    }

    /// Puts a parked sale's jars into the session's cart, at the shelf's prices, as `mode` says;
    /// answers the cart as it is then.
    public func resume(_ parkedId: String, into sessionKey: String, mode: ResumeMode, signature: StaffSignature?) throws(ParkingError) -> Cart {
        let now = clock.now
        return try run { tx in
            let record = try self.lockedParked(tx, parkedId)
            let sale = try record.sale(tx)
            let cart = try self.carts.existingCart(tx, sessionKey: sessionKey)
            if !cart.isEmpty {
                switch mode {
                case .intoEmptyCart: throw ParkingError.cartNotEmpty(items: cart.itemCount)
                case .replacingCart: try Carts.empty(tx, sessionKey: sessionKey, events: self.events)
                case .addingToCart: break
                }
            }
            let kept = try self.carts.existingCart(tx, sessionKey: Self.cartKey(of: record.id))
            do {
                if try self.carts.existingCart(tx, sessionKey: sessionKey).isEmpty, !kept.isEmpty {
                    // Into an empty cart: the parked cart as it was, discounts and label prices too.
                    try self.carts.moveContents(tx, from: Self.cartKey(of: record.id), to: sessionKey)
                } else {
                    // Added to jars already in a cart (or parked before sales kept their cart): the
                    // jars at the shelf's prices; the parked sale's discounts are not carried over.
                    for line in sale.lines {
                        try self.carts.add(tx, productId: line.productId, quantity: line.quantity, for: sessionKey, checkingStock: false)
                    }
                    try Carts.empty(tx, sessionKey: Self.cartKey(of: record.id), events: self.events)
                }
            } catch let error as CartError { throw ParkingError.cart(error) }
            try self.end(tx, record, .resumed, sessionKey: sessionKey, at: now, signature: signature)
            try Journal.recordParkingEnded(tx, sale, outcome: .resumed, counter: self.counter, mode: mode, signature: signature, at: now)
            return try self.carts.cart(tx, sessionKey: sessionKey)
        }
    }

    /// Lets a parked sale go: the customer did not come back.
    public func discard(_ parkedId: String, signature: StaffSignature?) throws(ParkingError) {
        let now = clock.now
        try run { tx in
            let record = try self.lockedParked(tx, parkedId)
            let sale = try record.sale(tx)
            try Carts.empty(tx, sessionKey: Self.cartKey(of: record.id), events: self.events)
            try self.end(tx, record, .discarded, sessionKey: nil, at: now, signature: signature)
            try Journal.recordParkingEnded(tx, sale, outcome: .discarded, counter: self.counter, mode: nil, signature: signature, at: now)
        }
    }

    /// The sales still parked, oldest first (a Z report's list; none on a database without them).
    static func parked(_ tx: any CoreTransaction) throws -> [ParkedSale] {
        guard try ParkedSaleRecord.tableExists(tx) else { return [] }
        return try tx.fetchAll(ParkedSaleRecord.self, "SELECT * FROM parked_sales WHERE state = ? ORDER BY parked_at, \(tx.engine.bytewise("id"))",
                               ParkedSaleState.parked).map { try $0.sale(tx) }
    }

    // MARK: Private

    /// The parked sale, its row locked on a server: two counters resuming it at once take turns,
    /// and the second finds it gone.
    private func lockedParked(_ tx: any CoreTransaction, _ id: String) throws -> ParkedSaleRecord {
        guard let record = try tx.fetchOne(ParkedSaleRecord.self, "SELECT * FROM parked_sales WHERE id = ?\(tx.engine.forUpdate)", id),
              record.state == .parked else { throw ParkingError.gone }
        return record
    }

    private func end(_ tx: any CoreTransaction, _ record: ParkedSaleRecord, _ outcome: ParkedSaleOutcome, sessionKey: String?, at: Date,
                     signature: StaffSignature?) throws {
        try tx.execute("UPDATE parked_sales SET state = ? WHERE id = ?", outcome == .resumed ? ParkedSaleState.resumed : .discarded, record.id)
        let columns = SignatureColumns.columns(of: signature)
        try tx.insert(ParkedSaleEndingRecord(parkedId: record.id, outcome: outcome, sessionKey: sessionKey, counter: counter, at: at,
                                             staffId: columns.0, staffName: columns.1, approvedById: columns.2, approvedByName: columns.3))
    }

    private func run<T>(write: Bool = true, _ body: (any CoreTransaction) throws -> T) throws(ParkingError) -> T {
        do {
            return write ? try store.write(body) : try store.read(body)
        } catch let error as ParkingError {
            throw error
        } catch StorageError.duplicate {
            // Two counters parking under one name at once: the index let one through.
            throw .nameTaken
        } catch {
            throw .storage
        }
    }
}
