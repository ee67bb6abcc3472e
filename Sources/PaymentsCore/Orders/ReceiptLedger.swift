import Clocks
import Foundation
import GRDB

/// Which paid orders owe a printed receipt, and which have had theirs: so that every order paid
/// at a counter with a receipt printer gets exactly one, also when the counter was stopped
/// between the payment and the printing (the next start prints it).
///
/// A counter that prints registers its instance (`registerPrinter`) before it takes any
/// payment. An order owes a receipt when it is paid (or was, and has been refunded since) and
/// the instance that took its payment (`orders.owner`) was one of this host's printing
/// counters; it has had it once `markPrinted` says so. The rule needs nothing written at payment
/// time: an order the settler finds paid after a restart owes its receipt like any other.
/// Counters without a printer, and other hosts' counters on a shared database, owe nothing here.
///
/// Additive: two tables of its own, migrated by its own migrator (`receipts-v1`), which the
/// other migrators of the file ignore.
public final class ReceiptLedger {
    private let store: any CoreStore
    private let clock: Clock
    private let instanceId: String
    /// The counter's name as its Z reports carry it (empty: none): it prints its own Z reports.
    private let counter: String

    /// Takes the core's store; its tables are made here if the store lacks them.
    public init(store: any CoreStore, clock: Clock, instanceId: String, counter: String? = nil) throws {
        self.store = store
        self.clock = clock
        self.instanceId = instanceId
        self.counter = counter ?? ""
        try Self.migrate(store)
    }

    /// SQLite: the receipts' own migrator on the file. A server: its tables mirrored from what
    /// that migrator builds after the commerce's (`PostgresSchemaMirror`), as every table is.
    private static func migrate(_ store: any CoreStore) throws {
        var migrator = DatabaseMigrator()
        if let sqlite = store as? SQLiteCoreStore {
            register(in: &migrator)
            try migrator.migrate(sqlite.writer)
        } else if let server = store as? PostgresCoreStore {
            CoreMigrations.register(in: &migrator)
            CommerceMigrations.register(in: &migrator)
            register(in: &migrator)
            try PostgresCoreMigrations.migrate(server.connection, mirroring: migrator)
        } else {
            throw StorageError.unsupported("the receipts on \(store.engine)")
        }
    }

    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("receipts-v1-printers-and-prints") { db in
            try db.execute(sql: """
                CREATE TABLE receipt_printers (instance_id TEXT PRIMARY KEY, registered_at DOUBLE NOT NULL);
                CREATE TABLE receipt_prints (order_number TEXT PRIMARY KEY, first_printed_at DOUBLE NOT NULL,
                  last_printed_at DOUBLE NOT NULL, copies INTEGER NOT NULL DEFAULT 0);
                CREATE INDEX receipts_orders_by_owner ON orders(owner, updated_at);
                """)
        }
        // Times in milliseconds, as everywhere else in the file (see `MillisecondTimesMigration`).
        migrator.registerMigration("receipts-v2-times-in-milliseconds") { db in
            for table in millisecondTables { try MillisecondTimesMigration.rebuild(table, in: db) }
        }
        // The back office's printouts (a refund's or a void's receipt, a Z report), by a key of
        // their own, so that each is printed once however often its answer comes.
        migrator.registerMigration("receipts-v3-documents") { db in
            try db.execute(sql: "CREATE TABLE receipt_documents (key TEXT PRIMARY KEY, printed_at INTEGER NOT NULL)")
        }
    }

    /// The receipts' tables as they are after `receipts-v2-times-in-milliseconds`.
    static let millisecondTables = [
        MillisecondTimesMigration.Table(name: "receipt_printers", columns: "instance_id TEXT PRIMARY KEY, registered_at INTEGER NOT NULL",
                                        times: ["registered_at"]),
        MillisecondTimesMigration.Table(name: "receipt_prints", columns: """
            order_number TEXT PRIMARY KEY, first_printed_at INTEGER NOT NULL, last_printed_at INTEGER NOT NULL,
            copies INTEGER NOT NULL DEFAULT 0
            """, times: ["first_printed_at", "last_printed_at"]),
    ]

    /// This counter prints: the orders it takes payment for from now on owe a receipt.
    public func registerPrinter() throws {
        // Registered once: a counter started again keeps the moment it first printed.
        try store.write { tx in
            try tx.execute("INSERT INTO receipt_printers (instance_id, registered_at) VALUES (?, ?) ON CONFLICT (instance_id) DO NOTHING",
                           instanceId, clock.now.milliseconds)
        }
    }

    /// How far back an order still owes its receipt: a counter started again after a week away
    /// does not print last week's (the operator reprints any). It also bounds what each look
    /// costs, read once a second: the orders of the last week, by an index.
    public static let owedWindow: TimeInterval = 7 * 24 * 3600

    /// Paid orders of this host's printing counters whose receipt has not been printed, oldest first.
    public func owed() throws -> [PaidOrderReceipt] {
        let since = clock.now.addingTimeInterval(-Self.owedWindow).milliseconds
        return try store.read { tx in
            let numbers = try tx.fetchValues(String.self, """
                SELECT o.number FROM receipt_printers p JOIN orders o ON o.owner = p.instance_id
                WHERE p.instance_id IN (SELECT p2.instance_id FROM receipt_printers p2 JOIN counter_instances i ON i.id = p2.instance_id
                                        WHERE i.host = (SELECT host FROM counter_instances WHERE id = ?))
                AND o.updated_at >= ? AND o.updated_at >= p.registered_at
                AND \(Self.notByItsIndex("o.state", tx)) IN ('paid', 'refunded')
                AND NOT EXISTS (SELECT 1 FROM receipt_prints r WHERE r.order_number = o.number)
                ORDER BY o.updated_at, \(tx.engine.bytewise("o.number"))
                """, instanceId, since)
            return try numbers.compactMap { try Self.receipt(tx, number: $0) }
        }
    }

    /// SQLite's planner is told to find the orders by the owner's index and the window, not by
    /// state (nearly every order is paid), with a unary "+" on the column; the server's planner
    /// weighs its own statistics, and has no "+" for text.
    private static func notByItsIndex(_ column: String, _ tx: any CoreTransaction) -> String {
        tx.engine == .sqlite ? "+\(column)" : column
    }

    /// The receipt of any order that was paid (for a reprint); nil for an unknown or unpaid order.
    public func receipt(orderNumber: String) throws -> PaidOrderReceipt? {
        try store.read { tx in try Self.receipt(tx, number: orderNumber) }
    }

    /// The receipt of the order a cart (`sessionKey`) paid last: what the screen shows once a
    /// payment made elsewhere (a bank, a wallet, the express sheet) ends. Nil when none is paid.
    public func latestPaid(sessionKey: String) throws -> PaidOrderReceipt? {
        try store.read { tx in
            let number = try tx.fetchValue(String.self, """
                SELECT number FROM orders WHERE session_key = ? AND state = 'paid'
                ORDER BY updated_at DESC, \(tx.engine.bytewise("number")) DESC LIMIT 1
                """, sessionKey)
            return try number.flatMap { try Self.receipt(tx, number: $0) }
        }
    }

    /// The receipt this host's printers printed last (for "print the last receipt" after a restart).
    public func lastPrinted() throws -> PaidOrderReceipt? {
        try store.read { tx in
            let number = try tx.fetchValue(String.self, """
                SELECT r.order_number FROM receipt_prints r JOIN orders o ON o.number = r.order_number
                JOIN counter_instances i ON i.id = o.owner
                WHERE i.host = (SELECT host FROM counter_instances WHERE id = ?)
                ORDER BY r.first_printed_at DESC, \(tx.engine.bytewise("r.order_number")) DESC LIMIT 1
                """, instanceId)
            return try number.flatMap { try Self.receipt(tx, number: $0) }
        }
    }

    /// The receipt came out (a `copy` reprinted by the operator, or the first one). One
    /// statement: two counters noting the same receipt at once make one row, their copies added.
    public func markPrinted(orderNumber: String, copy: Bool) throws {
        let now = clock.now.milliseconds
        try store.write { tx in
            try tx.execute("""
                INSERT INTO receipt_prints (order_number, first_printed_at, last_printed_at, copies) VALUES (?, ?, ?, ?)
                ON CONFLICT (order_number) DO UPDATE SET last_printed_at = excluded.last_printed_at,
                  copies = receipt_prints.copies + excluded.copies
                """, orderNumber, now, now, copy ? 1 : 0)
        }
    }

    /// This counter's Z reports made since it first printed whose printout has not come out (the
    /// printer could not be written when the day was closed), oldest first.
    public func reportsAwaitingPrint() throws -> [DayReport] {
        try store.read { tx in
            let bodies = try tx.fetchValues(String.self, """
                SELECT d.body FROM day_reports d
                WHERE d.to_at >= (SELECT MIN(registered_at) FROM receipt_printers WHERE instance_id = ?)
                  AND (d.counter IS NULL OR d.counter = ?)
                ORDER BY d.number
                """, instanceId, counter)
            // A day a Z report: few rows, read whole; the key is the report's own (`DayReport.printKey`).
            return try bodies.map { try JSONDecoder().decode(DayReport.self, from: Data($0.utf8)) }.filter { report in
                try report.printKey.map { key in try !Self.documentPrinted(tx, key: key) } ?? false
            }
        }
    }

    /// Refunds and voids this host's printing counters asked for, whose money moved and whose
    /// receipt has not come out, oldest first: the back office prints each when its answer comes,
    /// and what the settler finished after a stop (or after the screen stopped waiting) is owed
    /// here, so that each gets its receipt once, as a paid order does. The same window as `owed`.
    public func owedDocuments() throws -> [OwedDocument] {
        let since = clock.now.addingTimeInterval(-Self.owedWindow).milliseconds
        return try store.read { tx in
            // SQLite's "CROSS JOIN" keeps this host's printers outside, into each table by its
            // requester index, never a scan of every refund or void, once a second; the server's
            // planner orders joins itself (and its CROSS JOIN takes no condition).
            let into = tx.engine == .sqlite ? "CROSS JOIN" : "JOIN"
            let rows = try tx.rows("""
                WITH printers AS (
                  SELECT p.instance_id, p.registered_at FROM receipt_printers p JOIN counter_instances i ON i.id = p.instance_id
                  WHERE i.host = (SELECT host FROM counter_instances WHERE id = ?))
                SELECT kind, id, subject FROM (
                  SELECT 'refund' AS kind, r.id AS id, r.order_id AS subject, r.updated_at AS happened_at FROM printers p
                    \(into) order_refunds r ON r.requested_by = p.instance_id
                    WHERE r.state = 'refunded' AND r.updated_at >= ? AND r.updated_at >= p.registered_at
                    AND NOT EXISTS (SELECT 1 FROM receipt_documents d WHERE d.key = 'refund-' || r.id)
                  UNION ALL
                  SELECT 'void', v.id, v.bid_id, v.updated_at FROM printers p
                    \(into) hold_voids v ON v.requested_by = p.instance_id
                    WHERE v.state = 'voided' AND v.updated_at >= ? AND v.updated_at >= p.registered_at
                    AND NOT EXISTS (SELECT 1 FROM receipt_documents d WHERE d.key = 'void-' || v.id)
                ) documents ORDER BY happened_at, \(tx.engine.bytewise("id"))
                """, instanceId, since, since)
            return try rows.map { row in
                let id = try row.value(String.self, "id")
                return try row.value(String.self, "kind") == "refund" ? .refund(id: id, orderId: try row.value(String.self, "subject")) : .void(id: id)
            }
        }
    }

    /// Whether the document printed once under `key` has come out.
    public func documentPrinted(key: String) throws -> Bool {
        try store.read { tx in try Self.documentPrinted(tx, key: key) }
    }

    private static func documentPrinted(_ tx: any CoreTransaction, key: String) throws -> Bool {
        try tx.exists("SELECT 1 FROM receipt_documents WHERE key = ?", key)
    }

    /// The document printed once under `key` came out.
    public func markDocumentPrinted(key: String) throws {
        try store.write { tx in
            try tx.execute("INSERT INTO receipt_documents (key, printed_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", key, clock.now.milliseconds)
        }
    }

    static func receipt(_ tx: any CoreTransaction, number: String) throws -> PaidOrderReceipt? {
        guard let stored = try tx.fetchOne(OrderRecord.self, "SELECT * FROM orders WHERE number = ?", number) else { return nil }
        let order = try stored.order(tx)
        guard order.state == .paid || order.state == .refunded else { return nil }
        let printed = try tx.fetchOne(ReceiptPrintRecord.self, "SELECT * FROM receipt_prints WHERE order_number = ?", number)
        // The times are the books': when the money was taken, and each refund when it went back
        // (the order's own row changes with every refund).
        let entries = try MoneyLedger.entries(tx, orderId: order.id)
        let paidAt = entries.first { $0.movement != .refund }?.at ?? order.createdAt
        let refunds = entries.filter { $0.movement == .refund }.map {
            PaidOrderReceipt.Refund(amount: Money(minorUnits: -$0.amount.minorUnits, currency: $0.amount.currency), at: $0.at)
        }
        let parts = try splitParts(tx, entries)
        return PaidOrderReceipt(order: order, tender: try parts.last?.tender ?? tender(tx, kind: stored.paymentKind, reference: stored.chargeId),
                                paidAt: paidAt, printedAt: printed?.firstPrintedAt, copies: printed?.copies ?? 0, refunds: refunds, parts: parts)
    }

    /// A split's tenders (issue 35), from its payment entries, oldest first; none for one tender.
    static func splitParts(_ tx: any CoreTransaction, _ entries: [LedgerEntry]) throws -> [PaidOrderReceipt.Part] {
        let payments = entries.filter { $0.movement != .refund }
        guard payments.count > 1 else { return [] }
        return try payments.map { entry in
            let tender: PaidOrderReceipt.Tender = switch entry.answersTo.kind {
            case .cashPayment: try CashPaymentRecord.stored(tx, id: entry.answersTo.id).map { .cash(try $0.tendered()) } ?? .unknown
            case .charge: try cardTender(tx, reference: entry.answersTo.id)
            default: .unknown
            }
            return PaidOrderReceipt.Part(tender: tender, amount: entry.amount)
        }
    }

    /// How the order was paid, as much as a receipt may say: a card only by brand and last four.
    static func tender(_ tx: any CoreTransaction, kind: ExternalPaymentKind?, reference: String?) throws -> PaidOrderReceipt.Tender {
        guard let reference else { return .unknown }
        switch kind {
        case .bank:
            return try bankTender(tx, reference: reference)
        case .wallet:
            return .wallet(type: try tx.fetchOne(SourceRecord.self, "SELECT * FROM sources WHERE id = ?", reference)?.type.rawValue ?? "")
        case .subscription:
            // A period is paid by a saved card or drawn on a mandate: the payment's own row says which.
            if try tx.exists("SELECT 1 FROM bank_resources WHERE id = ?", reference) { return try bankTender(tx, reference: reference) }
            return try cardTender(tx, reference: reference)
        case .express, .auction, nil:
            return try cardTender(tx, reference: reference)
        case .cash:
            return try CashPaymentRecord.stored(tx, id: reference).map { .cash(try $0.tendered()) } ?? .unknown
        }
    }

    /// A bank payment or mandate draw, by its bank's name (a draw is made at the mandate's bank).
    private static func bankTender(_ tx: any CoreTransaction, reference: String) throws -> PaidOrderReceipt.Tender {
        let bank = try tx.fetchOne(BankResourceRecord.self, "SELECT * FROM bank_resources WHERE id = ?", reference)?.providerId
            .flatMap { try tx.fetchOne(BankProviderRecord.self, "SELECT * FROM bank_providers WHERE id = ?", $0) }
        return .bank(name: bank?.name)
    }

    private static func cardTender(_ tx: any CoreTransaction, reference: String) throws -> PaidOrderReceipt.Tender {
        guard let card = try tx.fetchOne(ChargeRow.self, "SELECT * FROM charges WHERE id = ?", reference) else { return .unknown }
        let onReceipt = CardOnReceipt(brand: card.brand, lastFour: card.lastFour)
        return .card(brand: onReceipt.brandName, lastFour: onReceipt.lastFour)
    }
}

/// What a receipt shows of a paid order.
public struct PaidOrderReceipt: Hashable, Sendable {
    public enum Tender: Hashable, Sendable {
        case card(brand: String, lastFour: String)
        /// A bank payment, with the bank's name when it is known.
        case bank(name: String?)
        /// A wallet source: `wechat`, `alipay`.
        case wallet(type: String)
        /// Notes and coins: what was due, tendered, and the change.
        case cash(CashTendered)
        case unknown
    }

    /// Money given back for the order, when it went back.
    public struct Refund: Hashable, Sendable {
        public let amount: Money
        public let at: Date
    }

    public let order: Order
    public let tender: Tender
    /// When its money was taken (the books' payment entry); its placing for an order from before the books.
    public let paidAt: Date
    /// Nil while the receipt is owed.
    public let printedAt: Date?
    /// Copies the operator reprinted.
    public let copies: Int
    /// Its refunds, oldest first (the books' refund entries).
    public var refunds: [Refund] = []
    /// Every tender of an order paid in parts (split tender), oldest first; empty when one
    /// tender paid it all (`tender`). `tender` is then the last part's.
    public var parts: [Part] = []

    /// One part of a split: its tender (cash with what was tendered and the change) and amount.
    public struct Part: Hashable, Sendable {
        public let tender: Tender
        public let amount: Money
    }

    /// Whether cash went into the till for it (the drawer opens when it is taken).
    public var tookCash: Bool {
        ([tender] + parts.map(\.tender)).contains { if case .cash = $0 { true } else { false } }
    }
}

extension PaidOrderReceipt {
    /// A cash sale's receipt as it is taken: nothing printed yet, nothing refunded.
    public init(cashSale sale: CashSale, at paidAt: Date) {
        self.init(order: sale.order, tender: .cash(sale.cash), paidAt: paidAt, printedAt: nil, copies: 0)
    }
}

/// A refund's or a void's receipt owed by this host's printing counters (`owedDocuments`).
public enum OwedDocument: Hashable, Sendable {
    case refund(id: String, orderId: String)
    case void(id: String)

    /// The key it is printed once under (`markDocumentPrinted`).
    public var printKey: String {
        switch self {
        case .refund(let id, _): Self.refundKey(id)
        case .void(let id): Self.voidKey(id)
        }
    }

    public static func refundKey(_ refundId: String) -> String { "refund-\(refundId)" }
    public static func voidKey(_ voidId: String) -> String { "void-\(voidId)" }
}
