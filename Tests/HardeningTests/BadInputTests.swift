@_spi(Core) import CheckoutKit
import Clocks
import CounterApp
import Foundation
import TerminalTestSupport
import GRDB
import PaymentsCore
import TerminalUI
import Testing

/// Bad input in every field, headless: 10 KB pastes, control characters, combining characters
/// and emoji, quantities and prices at the edge of the money range.
@Suite("Bad input, headless")
struct BadInputTests {
    static func counter() -> HeadlessTerminal {
        HeadlessTerminal(application: CounterApplication(makeServices: CounterApplication.services(database: ":memory:")))
    }

    /// The keys from the home screen to a screen whose focused field takes text.
    static let fields: [(name: String, keys: [Key], text: String)] = [
        ("card holder", [.enter, .character("1"), .enter, .character("c"), .enter, .enter], "Name on card"),
        ("card number", [.enter, .character("1"), .enter, .character("c"), .enter, .enter, .tab], "Card number"),
        ("card expiry", [.enter, .character("1"), .enter, .character("c"), .enter, .enter, .tab, .tab], "Card number"),
        ("card CVC", [.enter, .character("1"), .enter, .character("c"), .enter, .enter, .tab, .tab, .tab], "Card number"),
        ("sign-up email", [.enter, .character("a"), .character("2")], "Create your account"),
        ("sign-up password", [.enter, .character("a"), .character("2"), .tab], "Create your account"),
    ]

    static let tenKilobytes: String = {
        let pieces = ["Honey ", "🍯", "e\u{301}", "漢字", "\u{1b}[31m", "\u{0}", "\u{7}", "\r", "\u{7f}", "\u{202E}", "4242 ", "\t"]
        var text = ""
        var index = 0
        while text.utf8.count < 10_240 { text += pieces[index % pieces.count]; index += 1 }
        return text
    }()

    @Test("10 KB pasted into every text field: the screen fits, the counter answers, Esc leaves",
          arguments: BadInputTests.fields.map(\.name))
    func pasteIntoEveryField(field: String) throws {
        let route = Self.fields.first { $0.name == field }!
        let terminal = Self.counter()
        for key in route.keys { terminal.send(key) }
        #expect(terminal.text.contains(route.text), "\(field): not on the field's screen:\n\(terminal.text)")
        terminal.send(.paste(Self.tenKilobytes))
        #expect(FuzzInvariants.frameProblem(terminal) == nil, "\(field): \(FuzzInvariants.frameProblem(terminal) ?? "")")
        for size in [Size(columns: 20, rows: 8), Size(columns: 300, rows: 100), Size(columns: 80, rows: 24)] {
            terminal.resize(to: size)
            #expect(FuzzInvariants.frameProblem(terminal) == nil, "\(field) at \(size)")
        }
        // Typed too, a key at a time (a keyboard-wedge reader gone wild): 2 KB keeps debug runs short.
        for character in Self.tenKilobytes.prefix(2_048) { terminal.send(.character(character)) }
        #expect(FuzzInvariants.frameProblem(terminal) == nil, "\(field) after typing")
        for _ in 0..<6 { terminal.send(.escape) }
        #expect(terminal.exitStatus == nil)
        #expect(terminal.text.contains("Checkout Counter"))
    }

    @Test("control characters, combining characters and emoji in a card holder's name never reach the screen raw")
    func namesWithControlAndCombiningCharacters() {
        let terminal = Self.counter()
        for key in Self.fields[0].keys { terminal.send(key) }
        terminal.type("Zoë \u{1b}[2J\u{7}e\u{301}\u{301}\u{301} 🍯👩‍👩‍👧‍👦 漢字")
        #expect(FuzzInvariants.frameProblem(terminal) == nil, "\(FuzzInvariants.frameProblem(terminal) ?? "")")
        #expect(!terminal.text.contains("\u{1b}"))
    }

    @Test("quantities and prices at the edge: at most 99 of a jar, totals never overflow")
    func moneyAtTheEdge() throws {
        let terminal = Self.counter()
        terminal.send(.enter)
        terminal.send(.character("1"))
        for _ in 0..<150 { terminal.send(.character("+")) }
        terminal.send(.enter)
        let app = terminal.application as! CounterApplication
        #expect(app.state.session.cart.lines.allSatisfy { $0.quantity <= Cart.maximumQuantity })
        #expect(FuzzInvariants.cartProblem(app) == nil)
        // The money type refuses to overflow rather than wrap.
        let most = Money(minorUnits: .max, currency: .eur)
        #expect(throws: (any Error).self) { try most.adding(Money(minorUnits: 1, currency: .eur)) }
        #expect(throws: (any Error).self) { try most.multiplied(by: 2) }
        var cart = Cart(currency: .eur)
        let dear = Product(id: "dear", name: "Dear honey", detail: "", price: Money(minorUnits: .max / 2, currency: .eur))
        try cart.add(dear)
        #expect(throws: (any Error).self) { try cart.setQuantity(of: dear, to: 3) }
        #expect(cart.total.minorUnits == .max / 2)
    }
}

/// Bad input into the real binary in a real terminal: bytes that are not UTF-8, terminals without
/// colours or too small, a missing or broken theme, and databases that are corrupt, locked,
/// read-only or in a missing directory. Each gets a clear message and a way on; nothing already
/// saved is lost.
@Suite("Bad input, real terminal", .serialized)
struct BadInputTerminalTests {
    final class Scratch {
        let directory: URL
        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("counter-bad-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    /// Where these tests' vault keys live: never the runner's own config directory.
    static let configHome = NSTemporaryDirectory() + "counter-bad-input-config"

    static func start(_ arguments: [String], term: String = "xterm-256color", columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
        try TmuxSession(command: [try CheckoutBinary.path()] + arguments, columns: columns, rows: rows,
                        environment: ["TERM": term, "XDG_CONFIG_HOME": configHome])
    }

    /// A database that cannot be opened stops the counter before the terminal is taken (start
    /// the session wide enough for the path to fit on one line): the message names the file, the alternate screen was never shown, and the status is 3.
    static func expectStoppedAtStart(_ session: TmuxSession, saying words: String, file: String, timeout: TimeInterval = 10) throws {
        #expect(try session.waitForExit(timeout: timeout) == 3)
        let screen = try session.screen()
        #expect(screen.contains(words) && screen.contains(file), "\(screen)")
        #expect(!screen.contains("Honey Store"), "the counter opened anyway:\n\(screen)")
        #expect(try session.paneVariable("alternate_on") == "0")
    }

    /// `q` quits with status 0 and no stack trace was printed. With jars in the cart, `q` asks
    /// first (on a database file a staffed counter keeps a guest's cart: "Your cart stays at this
    /// counter for next time."), and `y` answers.
    static func quit(_ session: TmuxSession, cartHasJars: Bool = false) throws {
        try session.send("q")
        if cartHasJars {
            let asked = try session.waitFor("Quit the counter?")
            #expect(asked.contains("Your cart stays at this counter for next time."), "\(asked)")
            try session.send("y")
        }
        #expect(try session.waitForExit() == 0)
        let screen = try session.screen()
        for trace in ["Fatal error", "Stack dump", "Backtrace", "Illegal instruction", "Segmentation"] {
            #expect(!screen.contains(trace), "\(screen)")
        }
    }

    @Test("bytes that are not UTF-8, on the home screen and in the card form")
    func invalidUTF8() throws {
        let scratch = try Scratch()
        let session = try Self.start(["--db", scratch.path("c.sqlite")])
        try session.waitFor("Honey Store")
        try TmuxSession.tmux(["send-keys", "-t", session.name, "-H", "ff", "fe", "c3", "28", "80", "e2", "82", "f0", "9f"])
        try session.send("Enter")
        // The Enter right after an unfinished sequence (f0 9f) arrives: the broken sequence is
        // dropped, not the key that broke it (curses' own wide read lost it one run in two).
        try session.waitFor("Acacia honey", timeout: 5)
        try session.putOneAcaciaJarInTheCartAndCheckOut()
        try session.send("Enter")
        try session.waitFor("Name on card")
        try TmuxSession.tmux(["send-keys", "-t", session.name, "-H", "4a", "ff", "c3", "28", "e2", "82", "80", "80", "6f"])
        try session.type("e")
        // J, then garbage the name field refuses (ff, a broken c3, a stray 80) or does not take
        // in a name ("(" and "€"), then o and e: the letters all arrive, in order. Waiting for
        // them, not for the form, which was on screen before the bytes were read.
        let screen = try session.waitFor("Name on card  Joe")
        #expect(screen.contains("Joe"), "\(screen)")
        try session.send("Escape")
        try session.send("Escape")
        try session.send("Escape")
        try session.send("Escape")
        try session.waitFor("Checkout Counter")
        try Self.quit(session, cartHasJars: true)
    }

    @Test("terminals without colours: TERM=vt100 draws the home screen; q exits 0")
    func vt100() throws {
        let session = try Self.start(["--db", ":memory:"], term: "vt100")
        try session.waitFor("Honey Store")
        try Self.quit(session)
    }

    /// TERM=dumb cannot move the cursor: no screen can be drawn, so the counter says so, names
    /// the way on (another terminal, or the accessible line mode) and ends with status 1.
    @Test("TERM=dumb: a clear message and a way on")
    func dumbTerminal() throws {
        let session = try Self.start(["--db", ":memory:"], term: "dumb")
        #expect(try session.waitForExit() == 1)
        let shown = try session.screen()
        #expect(shown.contains("TERM=dumb") && shown.contains("cannot move the cursor"), "\(shown)")
        #expect(shown.contains("checkout --accessible"), "\(shown)")
    }

    @Test("a theme that is missing or broken: a message naming the file, and the default theme")
    func badThemes() throws {
        let scratch = try Scratch()
        let bad = scratch.path("bad.toml")
        try "text = \"not a colour\"\n[colours]\nbogus = 12\n".write(toFile: bad, atomically: true, encoding: .utf8)
        for (theme, message) in [("/nonexistent/theme.toml", "Theme not used"), (bad, "Theme not used")] {
            let session = try Self.start(["--db", ":memory:", "--theme", theme])
            let screen = try session.waitFor("Honey Store")
            #expect(screen.contains("Theme not used") && screen.contains(message), "\(screen)")
            // The notice takes the first key; then the counter is as usual.
            try session.send("Escape")
            try Self.quit(session)
        }
    }

    @Test("a terminal too small says so, and draws once it is big enough")
    func tooSmall() throws {
        let session = try Self.start(["--db", ":memory:"], columns: 20, rows: 8)
        try session.waitFor("too small")
        try session.resize(columns: 80, rows: 24)
        try session.waitFor("Honey Store")
        try Self.quit(session)
    }

    /// A database with one order, made by the core, to see that nothing of it is lost.
    static func savedDatabase(_ path: String) throws {
        let clock = ManualClock()
        var options = PaymentsServices.Options()
        options.passwordIterations = 1_000
        options.vaultKey = VaultKeyLocation.resolve(flag: nil, environment: ["XDG_CONFIG_HOME": configHome])
        let services = try CheckoutServices(database: .file(path), clock: clock, scheduler: TimerQueue(clock: clock), options: options)
        _ = try services.core.customers.signUp(email: "kept@example.com", password: "kept-password-1")
        try services.core.close()
    }

    static func customers(_ path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM customers") ?? -1 }
    }

    @Test("a corrupt database file: the counter stops at start naming the file, and the file is left as it was")
    func corruptDatabase() throws {
        let scratch = try Scratch()
        let path = scratch.path("corrupt.sqlite")
        var generator = SplitMix64(seed: 42)
        let bytes = Data((0..<8_192).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let session = try Self.start(["--db", path], columns: 240)
        try Self.expectStoppedAtStart(session, saying: "not a counter database", file: path)
        #expect(FileManager.default.contents(atPath: path) == bytes, "the corrupt file was overwritten")
    }

    @Test("a database another process holds locked past the busy timeout: the counter stops at start, and nothing saved is lost")
    func lockedDatabase() throws {
        let scratch = try Scratch()
        let path = scratch.path("locked.sqlite")
        try Self.savedDatabase(path)
        // Another process holds it: `BEGIN EXCLUSIVE` in a Python sqlite3 connection (GRDB will
        // not leave a transaction open across an access, and another counter is another process).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(20)
            """, path]
        let pipe = Pipe()
        holder.standardOutput = pipe
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        let said = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        #expect(said.contains("locked"))
        let session = try Self.start(["--db", path], columns: 240)
        // Held for 20 s, past the 10 s busy timeout: the counter stops, saying who to ask.
        try Self.expectStoppedAtStart(session, saying: "held by another process", file: path, timeout: 30)
        holder.terminate()
        holder.waitUntilExit()
        #expect(try Self.customers(path) == 1)
    }

    @Test("a read-only database file: the counter stops at start naming the file, the file unchanged", .enabled(if: getuid() != 0, "root writes to read-only files"))
    func readOnlyDatabase() throws {
        let scratch = try Scratch()
        let path = scratch.path("readonly.sqlite")
        try Self.savedDatabase(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = FileManager.default.contents(atPath: path)
        let session = try Self.start(["--db", path], columns: 240)
        try Self.expectStoppedAtStart(session, saying: "cannot be written", file: path)
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}
