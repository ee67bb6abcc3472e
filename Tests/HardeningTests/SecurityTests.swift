import CheckoutKit
import Clocks
import CounterApp
import Foundation
import TerminalTestSupport
import GRDB
@_spi(Testing) import PaymentsCore
import TerminalUI
import Testing

/// Card numbers, CVCs, passwords and PINs, after every tape and across restarts.
@Suite("Security checks")
struct SecurityTests {
    static var repositoryRoot: URL { CheckoutBinary.repositoryRoot }

    /// Every test card of the README, as typed and as grouped on a card.
    static let cardNumbers = [
        "4242424242424242", "4000000000000002", "4000000000009995", "4000000000009987", "4000000000000069",
        "4000000000000127", "4000000000000119", "4000002760003184", "4000000000003220", "4000008260003178",
        "4000000000000341", "4000000000000259", "5555555555554444", "378282246310005", "6011111111111117",
        "3566002020360505", "6200000000000005", "30569309020004",
    ]
    static var cardForms: [String] {
        cardNumbers.flatMap { number -> [String] in
            let digits = Array(number)
            let groups = number.count == 15 ? [4, 6, 5] : number.count == 14 ? [4, 6, 4] : [4, 4, 4, 4]
            var spaced = ""
            var index = 0
            for size in groups {
                if !spaced.isEmpty { spaced += " " }
                spaced += String(digits[index..<index + size])
                index += size
            }
            return [number, spaced]
        }
    }

    static func tapes() -> [String] {
        let root = repositoryRoot.appendingPathComponent("Tapes")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".tape") { found.append(root.appendingPathComponent(path).path) }
        }
        return found.sorted()
    }

    final class LogBox { var lines: [String] = [] }

    /// The test's vault key: in a directory beside the database's, as the config directory is
    /// beside the data directory (never in the runner's own config directory).
    static func keyPath(forDatabase path: String) -> String {
        (path as NSString).deletingLastPathComponent + "-config/vault.key"
    }

    /// A counter on a database FILE, the core's log captured.
    static func counter(database: String, clock: ManualClock = ManualClock(), log: LogBox) -> HeadlessTerminal {
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.logSink = { log.lines.append($0) }
        options.vaultKey = VaultKeyLocation(path: keyPath(forDatabase: database), origin: .flag)
        let app = CounterApplication(makeServices: { clock, timers in
            try CheckoutServices(database: .file(database), clock: clock, scheduler: timers, ids: RandomIDGenerator(), options: options)
        })
        return HeadlessTerminal(application: app, clock: clock)
    }

    /// The tape's commands that drive the counter (expectations and snapshots are not the point here).
    static func step(_ command: TapeCommand) -> MonkeyStep? {
        switch command {
        case let .type(text): .type(text)
        case let .swipe(data): .burst(data)
        case let .press(key, count): .press(key, count: count)
        case let .sleep(duration): .sleep(milliseconds: Int64(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000))
        case let .resize(size): .resize(size)
        case let .click(point): .click(point)
        default: nil
        }
    }

    @Test("after every tape: no full card number or CVC in the database, its WAL, the log or a screen without a card form; the vault key is 0600",
          arguments: SecurityTests.tapes())
    func tapeLeavesNoSecrets(tape path: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counter-security-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("counter.sqlite").path
        let log = LogBox()
        let terminal = Self.counter(database: database, log: log)
        let tape = try TapeParser.parse(contentsOfFile: path)
        let name = (path as NSString).lastPathComponent
        for line in tape.lines {
            guard terminal.exitStatus == nil else { break }
            guard let step = Self.step(line.command) else { terminal.settle(); continue }
            step.perform(on: terminal)
            // A screen that is not the card form itself shows no full card number.
            let screen = terminal.text
            if !screen.contains("Card number") {
                for number in Self.cardForms where screen.contains(number) {
                    Issue.record("\(name) line \(line.number): \(number) on a screen without the card form:\n\(screen)")
                }
            }
        }
        terminal.settle()
        // While the counter still runs, so the WAL is there to read.
        for suffix in ["", "-wal", "-shm"] {
            guard let data = FileManager.default.contents(atPath: database + suffix) else { continue }
            let bytes = [UInt8](data)
            for number in Self.cardForms {
                #expect(!Self.contains(bytes, Array(number.utf8)), "\(name): \(number) in counter.sqlite\(suffix)")
            }
        }
        let logged = log.lines.joined(separator: "\n")
        for number in Self.cardForms { #expect(!logged.contains(number), "\(name): \(number) in the log") }
        // CVCs: no column can hold one, and no event or log line names one.
        let queue = try DatabaseQueue(path: database)
        try queue.read { db in
            let columns = try String.fetchAll(db, sql: "SELECT c.name FROM sqlite_master t, pragma_table_info(t.name) c WHERE t.type = 'table'")
            #expect(!columns.contains { $0.lowercased().contains("cvc") || $0.lowercased().contains("cvv") || $0.lowercased().contains("security_code") })
            let payloads = try String.fetchAll(db, sql: "SELECT payload FROM events").joined()
            // ("incorrect_cvc" is a decline reason, not a code.)
            #expect(!payloads.lowercased().contains("\"cvc\":") && !payloads.lowercased().contains("\"cvv\":"), "\(name): an event stores a CVC")
        }
        try queue.close()
        #expect(!logged.lowercased().contains("cvc="), "\(name): the log prints a CVC")
        #expect(!FileManager.default.fileExists(atPath: database + ".vaultkey"), "\(name): a vault key beside the data")
        let attributes = try FileManager.default.attributesOfItem(atPath: Self.keyPath(forDatabase: database))
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(name): the vault key file is \(String((attributes[.posixPermissions] as? Int) ?? 0, radix: 8))")
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && Array(haystack[index..<index + needle.count]) == needle { return true }
            index += 1
        }
        return false
    }

    @Test("the scan finds a card number when one is there")
    func scanCanFail() {
        #expect(Self.contains(Array("xx4242424242424242yy".utf8), Array("4242424242424242".utf8)))
        #expect(Self.cardForms.contains("3782 822463 10005"))
    }

    static func core(_ path: String, clock: ManualClock) throws -> PaymentsServices {
        var options = PaymentsServices.Options()
        options.acquirerLatency = .zero
        options.vaultKey = VaultKeyLocation(path: keyPath(forDatabase: path), origin: .flag)
        return try PaymentsServices(database: .file(path), clock: clock, scheduler: TimerQueue(clock: clock), options: options)
    }

    @Test("passwords and PINs are stored only as slow salted hashes; a PIN lockout survives a restart")
    func passwordsPINsAndLockout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counter-security-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("counter.sqlite").path
        let clock = ManualClock()
        var core: PaymentsServices? = try Self.core(path, clock: clock)
        let a = try core!.customers.signUp(email: "a@example.com", password: "same-password-1")
        let b = try core!.customers.signUp(email: "b@example.com", password: "same-password-1")
        try core!.customers.setPIN("4321", for: a.id)
        for _ in 0..<3 { _ = try? core!.customers.unlockPayments(a.id, pin: "0000") }
        #expect(core!.customers.isPaymentsLocked(a.id))
        let rows = try core!.database.queue.read { db in try Row.fetchAll(db, sql: "SELECT id, password_hash, pin_hash FROM customers ORDER BY email") }
        let hashes: [String] = rows.map { $0["password_hash"] }
        #expect(hashes[0] != hashes[1], "the same password hashes alike: no salt")
        for hash in hashes {
            #expect(!hash.contains("same-password-1"))
            #expect((PasswordHasher.iterations(of: hash) ?? 0) >= 100_000, "\(hash.prefix(30)) is not a slow hash")
        }
        let pin: String? = rows[0]["pin_hash"]
        #expect(pin.map { !$0.contains("4321") && (PasswordHasher.iterations(of: $0) ?? 0) >= 100_000 } == true, "\(pin ?? "nil")")
        try core!.close()
        core = nil

        // A new process on the same file: still locked, even with the right PIN.
        let again = try Self.core(path, clock: clock)
        #expect(again.customers.isPaymentsLocked(a.id))
        #expect(throws: (any Error).self) { try again.customers.unlockPayments(a.id, pin: "4321") }
        #expect(!again.customers.isPaymentsLocked(b.id))
        try again.close()
    }

    @Test("a customer can neither see nor pay with another customer's saved card")
    func savedCardsStayWithTheirOwner() throws {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        var options = PaymentsServices.Options()
        options.acquirerLatency = .zero
        options.passwordIterations = 1_000
        let core = try PaymentsServices(database: .inMemory, clock: clock, scheduler: timers, options: options)
        let a = try core.customers.signUp(email: "a@example.com", password: "password-a1")
        let b = try core.customers.signUp(email: "b@example.com", password: "password-b1")
        let card = try Card.validate(number: "4242424242424242", expiry: "12/30", cvc: "123", holder: "A", now: clock.now)
        let saved = try core.paymentMethods.save(card: card, for: a.id)
        _ = saved
        let methodID = try core.paymentMethods.list(for: a.id).first!.id
        #expect(try core.paymentMethods.list(for: b.id).isEmpty)
        #expect(throws: (any Error).self) { try core.paymentMethods.method(methodID, for: b.id) }
        #expect(throws: (any Error).self) { try core.paymentMethods.remove(methodID, for: b.id) }
        var outcome: Result<Charge, ChargeError>?
        core.charges.create(ChargeRequest(amount: Money(minorUnits: 500, currency: .eur), source: .paymentMethod(methodID),
                                          customerID: b.id, idempotencyKey: "steal-1")) { outcome = $0 }
        while timers.fireDue() > 0 {}
        timers.advance(clock, by: .seconds(5))
        if case .success(let charge)? = outcome, charge.status == .succeeded {
            Issue.record("b paid with a's card: \(charge.id)")
        }
        #expect(outcome != nil)
        let succeeded = try core.database.queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") }
        #expect(succeeded == 0)
        try core.close()
    }
}
