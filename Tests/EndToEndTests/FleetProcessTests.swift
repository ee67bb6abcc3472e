import Foundation
import PostgresClient
import ProgramSupport
import TerminalTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A fleet of real `checkout` processes on one PostgreSQL server (issue 17): each plays a
/// shopper's tape headless (`checkout play --db URL`), all at once, and the server's tables and
/// `checkout audit` say what happened.
@Suite(.serialized) struct FleetProcessTests {
    /// A shopper who wants one jar of Manuka honey and pays for it by card. Where the jar has
    /// gone by then, the keys after the refusal change nothing that matters to the check.
    static let buyOneManuka = """
        Expect "Checkout Counter"
        Press Enter
        Expect "Manuka honey"
        Press 3
        Press Enter
        Press c
        Press Enter
        Press Enter
        Type "Jane Doe"
        Press Tab
        Type "4242424242424242"
        Press Tab
        Type "1230"
        Press Tab
        Type "123"
        Press Enter
        Press Enter
        Sleep 3s
        """

    struct Fleet {
        let url: String
        let place: StorageCommandLineTests.Place
        let tape: String
        var key: String { place.root + "/fleet.key" }

        init() throws {
            try ThrowawayPostgres.skipWhereUnavailable()
            url = try ThrowawayPostgres.freshTestSchema()
            place = try StorageCommandLineTests.Place()
            tape = place.root + "/buy-one-manuka.tape"
            try FleetProcessTests.buyOneManuka.write(toFile: tape, atomically: true, encoding: .utf8)
            let migrated = try StorageCommandLineTests.run(["migrate", "--db", url], place: place)
            #expect(migrated.status == 0, "\(migrated.error)")
        }

        /// Counters playing the tape at the same moment; `kill` of them are killed (-9) a random
        /// moment after they start. Returns each one's exit status.
        func race(_ count: Int, killing kill: Int = 0) throws -> [Int32] {
            let processes = try (1...count).map { till in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: try CheckoutBinary.path())
                process.arguments = ["play", tape, "--db", url, "--vault-key", key, "--counter", "till-\(till)"]
                process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": place.configHome]) { $1 }
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
            // The first counter binds the fleet's vault key; the others find it.
            try processes.forEach { try $0.run() }
            for process in processes.prefix(kill) {
                usleep(UInt32.random(in: 200_000...900_000))
                Glibc.kill(process.processIdentifier, SIGKILL)
            }
            processes.forEach { $0.waitUntilExit() }
            return processes.map(\.terminationStatus)
        }

        func number(_ sql: String) throws -> Int64 {
            try PostgresConnection(url: url).query("SELECT n FROM (\(sql)) AS q(n)").first.map { try $0.int64("n") } ?? -1
        }

        /// `checkout export` of every day, read back as CSV records keyed by the header's names.
        func export() throws -> [[String: String]] {
            let result = try StorageCommandLineTests.run(["export", "--db", url, "--from", "1970-01-01", "--to", "2100-12-31"], place: place)
            #expect(result.status == 0, "\(result.error)")
            let rows = try CSVReader.records(result.output)
            guard let header = rows.first else { return [] }
            return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        }

        func audit() throws -> StorageCommandLineTests.Outcome {
            try StorageCommandLineTests.run(["audit", "--db", url], place: place)
        }
    }

    @Test func eightCountersRacingForTheLastThreeJarsSellEachOnce() throws {
        let fleet = try Fleet()
        #expect(try fleet.number("SELECT stock FROM products WHERE id = 'honey-manuka'") == 3)
        let statuses = try fleet.race(8)
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
        #expect(try fleet.number("SELECT stock FROM products WHERE id = 'honey-manuka'") == 0)
        #expect(try fleet.number("""
            SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE o.state = 'paid' AND l.product_id = 'honey-manuka'
            """) == 3, "each jar sold once")
        #expect(try fleet.number("SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") == fleet.number("SELECT COUNT(*) FROM orders WHERE state = 'paid'"),
                "one charge an order paid")
        #expect(try fleet.number("SELECT COUNT(*) FROM charges WHERE status = 'pending'") == 0)
        let audit = try fleet.audit()
        #expect(audit.status == 0, "\(audit.output)\(audit.error)")
    }

    /// The accounts of a fleet come from the server in one export: each counter's order under its
    /// name, each with its card payment, and never a card number.
    @Test func theExportOfAFleetNamesTheCounterOfEachOrder() throws {
        let fleet = try Fleet()
        #expect(try fleet.race(3) == [0, 0, 0])
        let records = try fleet.export()
        let orders = records.filter { $0["record"] == "order" }
        #expect(orders.count == 3)
        #expect(Set(orders.compactMap { $0["counter"] }) == ["till-1", "till-2", "till-3"], "\(orders)")
        #expect(orders.allSatisfy { $0["state"] == "paid" })
        let payments = records.filter { $0["record"] == "payment" }
        // Each payment as the books hold it: the card's, on the order that is paid, by the counter that took it.
        #expect(payments.count == 3 && payments.allSatisfy { $0["state"] == "paid" && $0["card_last4"] == "4242" && $0["method"] == "card" },
                "\(payments)")
        #expect(Set(payments.compactMap { $0["counter"] }) == ["till-1", "till-2", "till-3"])
        #expect(!records.contains { $0.values.contains { $0.contains("4242424242424242") } })
    }

    /// `checkout audit` and `checkout export` only read a server: pointed at an empty one, they
    /// refuse it as no counter's database and leave it empty (no tables made, nothing migrated).
    @Test func theToolsNeitherMigrateNorWriteAServer() throws {
        try ThrowawayPostgres.skipWhereUnavailable()
        let url = try ThrowawayPostgres.freshTestSchema()
        let place = try StorageCommandLineTests.Place()
        for tool in [["audit", "--db", url], ["export", "--db", url, "--from", "2026-01-01", "--to", "2026-12-31"]] {
            let result = try StorageCommandLineTests.run(tool, place: place)
            #expect(result.status == 2, "\(tool[0]): \(result.output)\(result.error)")
            #expect(result.error.contains("is not a checkout counter database"), "\(tool[0]): \(result.error)")
        }
        let tables = try PostgresConnection(url: url).query("""
            SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()
            """).first?.int64("n")
        #expect(tables == 0)
    }

    /// The real binary at a terminal hears    /// The real binary at a terminal hears another counter's sale: its shelves change on screen
    /// within a second or two, nobody pressing a key (the loop waits on the server's socket).
    @Test func aCounterAtATerminalSeesAnotherCountersSaleOnItsShelves() throws {
        let fleet = try Fleet()
        let session = try TmuxSession(command: [try CheckoutBinary.path(), "--db", fleet.url, "--vault-key", fleet.key, "--counter", "till-1"],
                                      environment: ["XDG_CONFIG_HOME": fleet.place.configHome])
        try session.waitFor("Honey Store", timeout: 20)
        try session.send("Enter")
        let manuka = { (screen: String) in screen.split(separator: "\n").first { $0.contains("Manuka honey") }.map(String.init) ?? "" }
        let before = manuka(try session.waitFor("Manuka honey", timeout: 10))
        #expect(before.contains(" 3 in stock"), "\(before)")
        #expect(try fleet.race(1) == [0], "another counter bought the jar")
        let deadline = Date().addingTimeInterval(5)
        var after = before
        while Date() < deadline, !after.contains(" 2 in stock") {
            usleep(100_000)
            after = manuka(try session.screen())
        }
        #expect(after.contains(" 2 in stock"), "the shelves on screen: \(after)")
        try session.send("q")
    }

    /// The server dies while the bank decides a payment at a real counter, and comes back: the
    /// screen never says "not paid" for a payment that may have gone through, and once the server
    /// is back the counter settles it by itself, once, with the jar and the money agreeing.
    @Test func theServerRestartedMidPaymentIsSettledOnceByTheCounter() throws {
        let server = try ThrowawayPostgres.ownServer()
        defer { server.stop() }
        let url = try server.freshDatabase("restart")
        let place = try StorageCommandLineTests.Place()
        let key = place.root + "/fleet.key"
        #expect(try StorageCommandLineTests.run(["migrate", "--db", url], place: place).status == 0)
        let session = try TmuxSession(command: [try CheckoutBinary.path(), "--db", url, "--vault-key", key, "--counter", "till-1"],
                                      environment: ["XDG_CONFIG_HOME": place.configHome])
        try session.waitFor("Honey Store", timeout: 20)
        try session.send("Enter")
        try session.waitFor("Manuka honey", timeout: 10)
        for key in ["3", "Enter", "c", "Enter", "Enter"] { try session.send(key) }
        try session.waitFor("Name on card", timeout: 10)
        try session.typeCard(holder: "Jane Doe")
        let watcher = try PostgresConnection(url: url)
        let number = { (sql: String) throws -> Int64 in try watcher.query("SELECT n FROM (\(sql)) AS q(n)").first.map { try $0.int64("n") } ?? -1 }
        // Enter leaves the code for the last field, then pays.
        try session.send("Enter")
        try session.send("Enter")
        // The crash comes once the payment's intent is on the server, while the bank (0.8 s)
        // has not answered yet.
        let asked = Date().addingTimeInterval(10)
        while Date() < asked, try number("SELECT COUNT(*) FROM charges WHERE status = 'pending'") == 0 { usleep(10_000) }
        let paying = try session.screen()
        try #require(try number("SELECT COUNT(*) FROM charges WHERE status = 'pending'") == 1, "the payment began: \(paying)")
        try server.crash()
        usleep(1_500_000)
        let meanwhile = try session.screen()
        #expect(!meanwhile.contains("Not paid"), "a payment that may have gone through: \(meanwhile)")
        #expect(meanwhile.contains("cannot be reached") || meanwhile.contains("do not know yet"), "\(meanwhile)")
        try server.start()
        // The counter tries the server again after 2, 4, 8 s, then settles what was in flight.
        let database = { try PostgresConnection(url: url) }
        let settled = { (sql: String) throws -> Int64 in try database().query("SELECT n FROM (\(sql)) AS q(n)").first.map { try $0.int64("n") } ?? -1 }
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline, (try? settled("SELECT COUNT(*) FROM orders WHERE state = 'paid'")) != 1 { usleep(500_000) }
        let after = try session.screen()
        #expect(try settled("SELECT COUNT(*) FROM orders WHERE state = 'paid'") == 1, "the bank said yes: \(after)")
        #expect(try settled("SELECT COUNT(*) FROM charges") == 1, "charged once")
        #expect(try settled("SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") == 1)
        #expect(try settled("SELECT COUNT(*) FROM orders WHERE state = 'pendingPayment'") == 0)
        #expect(try settled("SELECT stock FROM products WHERE id = 'honey-manuka'") == 2, "the jar sold once")
        #expect(try session.waitFor("Payment approved", timeout: 10).contains("Payment approved"), "the screen turns by itself")
        let audit = try StorageCommandLineTests.run(["audit", "--db", url], place: place)
        #expect(audit.status == 0, "\(audit.output)\(audit.error)")
        try session.send("q")
    }

    @Test func aCounterKilledMidPaymentIsSettledByTheNextToStartAndNothingIsDoubled() throws {
        let fleet = try Fleet()
        _ = try fleet.race(4, killing: 2)
        // Whatever the killed counters left open is theirs no more: a counter starting now settles it.
        let restart = try fleet.race(1)
        #expect(restart == [0])
        #expect(try fleet.number("SELECT COUNT(*) FROM charges WHERE status = 'pending'") == 0)
        let sold = try fleet.number("""
            SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE o.state = 'paid' AND l.product_id = 'honey-manuka'
            """)
        #expect(try sold + fleet.number("SELECT stock FROM products WHERE id = 'honey-manuka'") == 3, "a jar sold or on the shelf, never both, never neither")
        #expect(try fleet.number("SELECT COUNT(*) FROM charges WHERE status = 'succeeded'") == fleet.number("SELECT COUNT(*) FROM orders WHERE state = 'paid'"))
        let audit = try fleet.audit()
        #expect(audit.status == 0, "\(audit.output)\(audit.error)")
    }
}
