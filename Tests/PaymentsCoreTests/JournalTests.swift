import Clocks
import Foundation
import GRDB
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The signed journal on both engines: the services journal every receipt, refund, void and Z
/// report in the chain of the counter that wrote it; anyone who drops the triggers and edits
/// one column of one entry (or deletes one, or re-signs the chain under a key of their own) is
/// named by the verifier and by the audit; processes appending to one chain at once on a server
/// never fork it.
@Suite struct JournalTests {
    typealias Ledger = LedgerAuditTests.Ledger

    /// The Ledger's world (payments, a refund, a bank payment, a capture, subscription periods),
    /// and then a void of the open hold and a Z report.
    private func journaled(_ backend: StorageBackend) throws -> (ledger: Ledger, counter: String) {
        let ledger = try Ledger(backend)
        let world = ledger.world
        let voided = world.settle(after: .seconds(2)) { world.auctions.voidHold(bidId: ledger.bid.id, idempotencyKey: "op-1", completion: $0) }
        #expect(voided?.value?.state == .voided, "\(String(describing: voided))")
        _ = try DayReports(store: world.core.store, clock: world.clock).close()
        return (ledger, world.commerce.instance.name)
    }

    private func entries(_ ledger: Ledger, _ counter: String) throws -> [JournalEntryRecord] {
        try ledger.world.core.store.read { tx in
            try tx.fetchAll(JournalEntryRecord.self, "SELECT \(JournalEntryRecord.columns) FROM journal_entries WHERE counter = ? ORDER BY seq", counter)
        }
    }

    private func verify(_ ledger: Ledger, _ verifier: JournalVerifier = JournalVerifier()) throws -> JournalVerification {
        try verifier.verify(ledger.world.core.store)
    }

    /// As anyone with the file (or the server's owner) can: the append-only triggers dropped.
    private func dropTriggers(_ ledger: Ledger) throws {
        let statements = switch ledger.world.core.store.engine {
        case .sqlite: ["DROP TRIGGER journal_entries_no_update", "DROP TRIGGER journal_entries_no_delete",
                       "DROP TRIGGER journal_keys_no_update", "DROP TRIGGER journal_keys_no_delete"]
        case .postgres: ["DROP TRIGGER journal_entries_no_update_or_delete ON journal_entries",
                         "DROP TRIGGER journal_keys_no_update_or_delete ON journal_keys"]
        }
        for statement in statements { try ledger.write(statement) }
    }

    @Test(arguments: StorageBackend.allCases)
    func everyReceiptRefundVoidAndZReportIsOneSignedEntryOfItsCountersChain(_ backend: StorageBackend) throws {
        let (ledger, counter) = try journaled(backend)
        let journal = try entries(ledger, counter)
        #expect(journal.map(\.seq) == Array(1...Int64(journal.count)), "numbered from 1 without a gap")
        let booked = try ledger.world.core.store.read { tx in
            try tx.rows("SELECT e.movement, o.number FROM ledger_entries e JOIN orders o ON o.id = e.order_id ORDER BY e.at, e.id")
                .map { (try $0.value(String.self, "movement"), try $0.value(String.self, "number")) }
        }
        let money = journal.filter { $0.kind == "receipt" || $0.kind == "refund" }
        #expect(money.count == booked.count, "one entry per ledger entry")
        #expect(Set(money.map(\.subject)) == Set(booked.map(\.1)), "each names its order")
        #expect(money.filter { $0.kind == "refund" }.count == booked.filter { $0.0 == "refund" }.count)
        #expect(journal.filter { $0.kind == "void" }.count == 1)
        #expect(journal.last?.kind == "zReport" && journal.last?.subject == "Z-1")
        #expect(journal.first?.previousHash == JournalEntryRecord.genesisHash)
        for (before, entry) in zip(journal, journal.dropFirst()) { #expect(entry.previousHash == before.hash) }
        let paidReceipt = try #require(journal.first { $0.subject == ledger.paid.number })
        #expect(paidReceipt.body.contains("\"lines\":[{") && paidReceipt.body.contains("\"last_four\":\"4242\""), "\(paidReceipt.body)")
        let verification = try verify(ledger)
        #expect(verification.problems == [])
        #expect(verification.chains.map(\.entries) == [journal.count])
        #expect(verification.chains.first?.keyFingerprint == ledger.world.core.store.journal?.fingerprint)
        #expect(try ledger.audit() == [])
    }

    /// One column of one entry changed by hand, and what the verifier must say of it.
    enum Tampering: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case body, at, kind, subject, seq, previousHash, hash, signature, counter
        var testDescription: String { rawValue }

        /// The statement, for the entry `(counter, seq)` as its two arguments.
        var sql: String {
            switch self {
            case .body: "UPDATE journal_entries SET body = replace(body, '\"amount_minor\":', '\"amount_minor\":1') WHERE counter = ? AND seq = ?"
            case .at: "UPDATE journal_entries SET at = at - 60000 WHERE counter = ? AND seq = ?"
            case .kind: "UPDATE journal_entries SET kind = 'noSale' WHERE counter = ? AND seq = ?"
            case .subject: "UPDATE journal_entries SET subject = 'HS-999999' WHERE counter = ? AND seq = ?"
            case .seq: "UPDATE journal_entries SET seq = seq + 1000 WHERE counter = ? AND seq = ?"
            case .previousHash: "UPDATE journal_entries SET previous_hash = hash WHERE counter = ? AND seq = ?"
            case .hash: "UPDATE journal_entries SET hash = previous_hash WHERE counter = ? AND seq = ?"
            case .signature:
                "UPDATE journal_entries SET signature = (SELECT j.signature FROM journal_entries j WHERE j.counter = journal_entries.counter AND j.seq = 1) WHERE counter = ? AND seq = ?"
            case .counter: "UPDATE journal_entries SET counter = 'till-elsewhere' WHERE counter = ? AND seq = ?"
            }
        }

        func expected(counter: String, seq: Int64) -> JournalProblem {
            switch self {
            case .body, .at, .kind, .subject, .hash: .hashDiffers(counter: counter, seq: seq)
            case .seq, .counter: .missingEntry(counter: counter, seq: seq, next: seq + 1)
            case .previousHash: .previousHashDiffers(counter: counter, seq: seq)
            case .signature: .signatureInvalid(counter: counter, seq: seq)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases, Tampering.allCases)
    func oneColumnOfOneEntryEditedByHandNamesThatEntry(_ backend: StorageBackend, _ tampering: Tampering) throws {
        let (ledger, counter) = try journaled(backend)
        try #require(try entries(ledger, counter).count > 3)
        // An auditor that verifies often remembers the signatures it checked (the simulator does).
        let remembered = JournalVerifier(memo: JournalMemo())
        #expect(try verify(ledger, remembered).problems == [])
        // The refusal stands until the triggers are gone.
        #expect(throws: (any Error).self) { try ledger.write(tampering.sql, [counter, Int64(2)]) }
        try dropTriggers(ledger)
        try ledger.write(tampering.sql, [counter, Int64(2)])
        let problems = try verify(ledger).problems
        #expect(problems.first { $0.counter == counter } == tampering.expected(counter: counter, seq: 2), "\(problems)")
        let rememberedProblems = try verify(ledger, remembered).problems
        #expect(rememberedProblems.first { $0.counter == counter } == tampering.expected(counter: counter, seq: 2),
                "a signature remembered as valid hides no entry edited since: \(rememberedProblems)")
        #expect(try ledger.audit().contains(.journalBroken(tampering.expected(counter: counter, seq: 2))))
    }

    /// The ledger entry a receipt or refund records.
    private func ledgerEntry(of entry: JournalEntryRecord) throws -> String {
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(entry.body.utf8)) as? [String: Any])
        return try #require(fields["entry"] as? String)
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeletedEntryIsNamedAsTheGapAndItsSaleAsNotJournaled(_ backend: StorageBackend) throws {
        let (ledger, counter) = try journaled(backend)
        let journal = try entries(ledger, counter)
        try dropTriggers(ledger)
        try ledger.write("DELETE FROM journal_entries WHERE counter = ? AND seq = 3", [counter])
        let sale = try ledgerEntry(of: journal[2])
        let ledgerCounter = try ledger.read(String.self, "SELECT counter FROM ledger_entries WHERE id = ?", sale) ?? ""
        #expect(try verify(ledger).problems == [.missingEntry(counter: counter, seq: 3, next: 4),
                                                .bookedButNotJournaled(counter: ledgerCounter, ledgerEntry: sale)])
        try ledger.write("DELETE FROM journal_entries WHERE counter = ? AND seq = 1", [counter])
        #expect(try verify(ledger).problems.first == .missingEntry(counter: counter, seq: 1, next: 2), "the first entry too")
    }

    /// Entries cut off at the end leave no gap in the chain: the books' entries they recorded
    /// are named instead.
    @Test(arguments: StorageBackend.allCases)
    func entriesCutOffAtTheEndAreToldByTheSalesTheyRecorded(_ backend: StorageBackend) throws {
        let (ledger, counter) = try journaled(backend)
        let journal = try entries(ledger, counter)
        let lastSale = try #require(journal.last { $0.kind == "receipt" || $0.kind == "refund" })
        try dropTriggers(ledger)
        try ledger.write("DELETE FROM journal_entries WHERE counter = ? AND seq >= ?", [counter, lastSale.seq])
        let verification = try verify(ledger)
        #expect(verification.chains.map(\.firstProblem) == [nil], "the chain that is left holds")
        #expect(verification.unjournaled.map(\.seq) == [nil] && verification.problems.count == 1, "\(verification.problems)")
        guard case let .bookedButNotJournaled(_, entry)? = verification.problems.first else { Issue.record("\(verification.problems)"); return }
        #expect(entry == (try ledgerEntry(of: lastSale)))
    }

    /// The attacker with the database but not the key: every entry edited as they like, the
    /// public key replaced by one of their own, every hash and signature made again. The chain
    /// holds by itself; the counter's key file, a printed fingerprint and the counter itself
    /// (which will not sign on under a key that is not its own) tell it.
    @Test(arguments: StorageBackend.allCases)
    func aChainReSignedUnderAReplacedKeyIsToldByTheKeyHeldApart(_ backend: StorageBackend) throws {
        let (ledger, counter) = try journaled(backend)
        let store = ledger.world.core.store
        let genuine = try #require(store.journal)
        let realPublicKey = try #require(try store.read { tx in try JournalKeyRecord.publicKey(tx, counter: counter) })
        try dropTriggers(ledger)
        let forger = JournalSigningKey.generate()
        try store.write { tx in
            let all = try tx.fetchAll(JournalEntryRecord.self, "SELECT \(JournalEntryRecord.columns) FROM journal_entries WHERE counter = ? ORDER BY seq", counter)
            var previous = JournalEntryRecord.genesisHash
            for var entry in all {
                if entry.seq == 1 { entry.body = entry.body.replacingOccurrences(of: "\"amount_minor\":", with: "\"amount_minor\":1") }
                entry.previousHash = previous
                let hash = entry.recomputedHash
                entry.hash = hash.hexString
                entry.signature = try forger.signature(for: hash)
                try tx.update(entry, key: ["counter", "seq"])
                previous = entry.hash
            }
            try tx.execute("UPDATE journal_keys SET public_key = ? WHERE counter = ?", forger.publicKeyHex, counter)
        }
        #expect(try verify(ledger).problems == [], "what the database alone can say")
        #expect(try verify(ledger).chains.first?.keyFingerprint == forger.fingerprint, "the fingerprint printed differs from the Z report's")
        let byKeyFile = try verify(ledger, JournalVerifier(checkedKeys: [counter: realPublicKey])).problems
        #expect(byKeyFile == [.keyReplaced(counter: counter, recorded: forger.fingerprint, held: genuine.fingerprint)])
        let byPrint = try verify(ledger, JournalVerifier(checkedFingerprints: [counter: genuine.fingerprint.uppercased()])).problems
        #expect(byPrint == [.keyReplaced(counter: counter, recorded: forger.fingerprint, held: genuine.fingerprint)])
        #expect(try verify(ledger, JournalVerifier(checkedFingerprints: [counter: forger.fingerprint])).problems == [])
        // The counter, restarted on the same storage, finds the key recorded is not its own.
        #expect(throws: JournalKeyError.self) { try Journal.checkKey(ledger.world.core.storage, counter: counter) }
    }

    /// The till's records, journaled by the till's own code in its transactions: the opening,
    /// a paid in, a paid out, a no-sale and the counted close, in order, each holding.
    @Test(arguments: StorageBackend.allCases)
    func theTillsOpeningMovementsAndCloseAreJournaled(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend, counterName: "till-1")
        let tills = Tills(store: world.core.store, clock: world.clock, ids: world.core.ids, counter: "till-1",
                          differenceLimit: Tills.defaultDifferenceLimit)
        let euros = { (minor: Int64) in Money(minorUnits: minor, currency: .eur) }
        _ = try tills.open(float: euros(10_000))
        _ = try tills.payIn(euros(500), reason: "change from the bank")
        _ = try tills.payOut(euros(1_200), reason: "window cleaner")
        _ = try tills.noSale(reason: "change for a customer")
        _ = try tills.close(count: [DenominationCount(CashDenomination(.note, 1_000), quantity: 9),
                                    DenominationCount(CashDenomination(.coin, 100), quantity: 3)],
                            note: "", leftIn: euros(9_300), approval: nil)
        let journal = try world.core.store.read { tx in
            try tx.fetchAll(JournalEntryRecord.self, "SELECT \(JournalEntryRecord.columns) FROM journal_entries WHERE counter = 'till-1' ORDER BY seq")
        }
        #expect(journal.map(\.kind) == ["tillOpened", "cashMovement", "cashMovement", "noSale", "tillClosed"])
        #expect(journal[2].body.contains("\"amount_minor\":-1200") && journal[2].body.contains("\"reason\":\"window cleaner\""), "\(journal[2].body)")
        #expect(journal[4].body.contains("\"counted_minor\":9300") && journal[4].body.contains("\"expected_minor\":9300"), "\(journal[4].body)")
        #expect(try JournalVerifier().verify(world.core.store).problems == [])
    }

    @Test func aStoreNoCounterIsAttachedToRefusesToJournal() throws {
        let store = try StoreLocation.sqlite(path: try temporaryDirectory() + "/counter.sqlite").openStore(commerce: true)
        #expect(throws: JournalError.noSigningKey) {
            try store.write { tx in try Journal.append(tx, kind: .noSale, subject: "drawer", body: JournalBody(["reason": "change"]), at: Date()) }
        }
    }

    /// Eight connections of one counter (its name and key) appending at once to its chain, on
    /// a server or on one file, take turns: one chain, numbered 1 to 160, every entry holding,
    /// beside another counter's chain of its own.
    @Test(arguments: StorageBackend.allCases)
    func concurrentAppendsToOneChainNeverForkIt(_ backend: StorageBackend) throws {
        let location = try backend.freshStore()
        let keys = JournalKeyring(.inMemory)
        let stores = try (0..<8).map { _ in try location.openStore(commerce: true) }
        for store in stores { try Journal.attach(store, counter: "till-1", keys: keys, at: Date(milliseconds: 1_000)) }
        let other = try location.openStore(commerce: true)
        try Journal.attach(other, counter: "till-2", keys: keys, at: Date(milliseconds: 1_000))
        let boxed = Boxed(stores + [other])
        let outcomes = runTogether(9) { index in
            for round in 0..<20 {
                try boxed.stores[index].write { tx in
                    try Journal.append(tx, kind: .cashMovement, subject: "round-\(round)", body: JournalBody(["by": .integer(Int64(index))]),
                                       at: Date(milliseconds: Int64(2_000 + round)))
                }
            }
        }
        for outcome in outcomes { if case let .failure(error) = outcome { Issue.record("\(error)") } }
        let verification = try JournalVerifier().verify(other)
        #expect(verification.problems == [])
        #expect(verification.chains.map(\.counter) == ["till-1", "till-2"])
        #expect(verification.chains.map(\.entries) == [160, 20], "each counter its own chain")
    }

    @Test func theCanonicalBodySortsKeysAndEscapesOnlyWhatJSONMust() {
        let body = JournalBody(["b": 2, "a": .list(["x\"y", "tab\there", "é"]), "nothing": nil, "c": .fields(["z": 1, "Z": 0])])
        #expect(body.canonicalText == #"{"a":["x\"y","tab\u0009here","é"],"b":2,"c":{"Z":0,"z":1}}"#)
        #expect(JournalValue.time(Date(milliseconds: 1_764_336_954_123)).canonicalText == "\"2025-11-28T13:35:54.123Z\"")
    }

    @Test func theKeyFileIsPrivateMadeOnceAndNamedAfterTheCounter() throws {
        let directory = try temporaryDirectory()
        let location = JournalKeyLocation(place: .directory(directory))
        let path = try #require(location.path(forCounter: "till 1/front"))
        #expect(path == directory + "/journal-till_1_front.key")
        let first = try JournalKeyring(location).key(forCounter: "till 1/front", mayCreate: true)
        let again = try JournalKeyring(location).key(forCounter: "till 1/front", mayCreate: false)
        #expect(first.publicKeyHex == again.publicKeyHex)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(throws: JournalKeyError.missing(counter: "till-2", expectedAt: directory + "/journal-till-2.key")) {
            try JournalKeyring(location).key(forCounter: "till-2", mayCreate: false)
        }
    }
}

private final class Boxed: @unchecked Sendable {
    let stores: [any CoreStore]
    init(_ stores: [any CoreStore]) { self.stores = stores }
}
