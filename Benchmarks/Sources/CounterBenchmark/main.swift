// The counter's screens, headless, in release: tapes replayed per second, and the catalog
// screen over 100,000 products (memory, per-key latency of scrolling and of type-ahead filtering).
//
//     swift run -c release --package-path Benchmarks CounterBenchmark [--products N] [--tapes DIR] [--rounds N]
//
// Wall time with the system's monotonic clock: the benchmark is a program about the counter,
// not part of it, so it may.
@_spi(Core) import CheckoutKit
import Clocks
import CounterApp
import Foundation
import GRDB
@_spi(Testing) import PaymentsCore
import TerminalUI

var products = 100_000
var tapesDirectory = "Tapes"
var rounds = 3
var onlyCatalog = false
var journeys = 100
var onlyJourneys = false
/// Tapes and the store journey only: the catalog is measured in a process of its own, so that
/// its RSS is not the tapes' leftovers.
var onlyTapes = false
/// The catalog's database: a file, as a counter keeps it (the default), or in memory, where the
/// whole database is resident and counts in the RSS.
var catalogInMemory = false
var iterator = CommandLine.arguments.dropFirst().makeIterator()
while let argument = iterator.next() {
    switch argument {
    case "--products": products = Int(iterator.next() ?? "") ?? products
    case "--tapes": tapesDirectory = iterator.next() ?? tapesDirectory
    case "--rounds": rounds = Int(iterator.next() ?? "") ?? rounds
    case "--only-catalog": onlyCatalog = true
    case "--only-tapes": onlyTapes = true
    case "--catalog-in-memory": catalogInMemory = true
    case "--journeys": journeys = Int(iterator.next() ?? "") ?? journeys
    case "--only-journeys": onlyJourneys = true
    default:
        print("usage: CounterBenchmark [--products N] [--tapes DIR] [--rounds N] [--only-catalog | --only-tapes] [--catalog-in-memory] [--journeys N] [--only-journeys]")
        exit(2)
    }
}

func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
    return kb / 1024
}

func seconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

// MARK: Tapes per second

let tapePaths: [String] = {
    var found: [String] = []
    let walker = FileManager.default.enumerator(atPath: tapesDirectory)
    while let path = walker?.nextObject() as? String {
        if path.hasSuffix(".tape") { found.append((tapesDirectory as NSString).appendingPathComponent(path)) }
    }
    return found.sorted()
}()
if !tapePaths.isEmpty && !onlyCatalog && !onlyJourneys {
    var played = 0
    var failed = 0
    let elapsed = seconds {
        for _ in 0..<rounds {
            for path in tapePaths {
                let text = try? String(contentsOfFile: path, encoding: .utf8)
                let status = TapePlayer().run(tapeAt: path, makeApplication: TapeWorld.makeApplication(forTape: text, database: ":memory:"),
                                              print: { _ in })
                played += 1
                if status != 0 { failed += 1 }
            }
        }
    }
    print(String(format: "tapes: %d played (%d tapes x %d rounds, %d failed) in %.2f s: %.1f tapes/s", played, tapePaths.count, rounds, failed, elapsed, Double(played) / elapsed))
    measureStoreJourney(tapesDirectory: tapesDirectory, rounds: 20 * rounds)
}

// MARK: Keystrokes through a store journey

// A guest's purchase, as keys, from the shelf to the receipt and back to the shelf (as
// Tapes/store/buy-with-4242.tape): a jar, the cart, the card typed, paid; the acquirer's
// simulated two seconds pass on the manual clock. Issue 18's goal: 5,000 keys a second.
if journeys > 0 && !onlyCatalog {
    var journeyServices: CheckoutServices?
    let counter = CounterApplication(makeServices: { clock, timers in
        let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator())
        // Enough jars on the shelf for every journey.
        try services.core.database.queue.write { db in try db.execute(sql: "UPDATE products SET stock = 1000000") }
        journeyServices = services
        return services
    })
    let terminal = HeadlessTerminal(application: counter, size: Size(columns: 80, rows: 24))
    terminal.send(.enter)
    let typed = { (text: String) in text.map { Key.character($0) } }
    let toPay: [Key] = [.character("4"), .character("+"), .enter, .character("c"), .enter, .enter]
        + typed("Jane Doe") + [.tab] + typed("4242424242424242") + [.tab] + typed("1230") + [.tab] + typed("123") + [.enter, .enter]
    var keys = 0
    // Where a key's time goes: the counter handling it (reducers, effects, the core), drawing
    // the frame, and the timers (the acquirer's answer) with the frame after them.
    var handling = 0.0, drawing = 0.0, timing = 0.0
    func press(_ key: Key) {
        handling += seconds { counter.handle(.key(key)) }
        drawing += seconds { terminal.render() }
        keys += 1
    }
    let elapsed = seconds {
        for _ in 0..<journeys {
            for key in toPay { press(key) }
            timing += seconds { terminal.advance(by: .seconds(2)) }
            press(.enter)
        }
    }
    let paid = (try? journeyServices?.core.database.queue.read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM orders WHERE state = 'paid'")
    }) ?? nil
    guard paid == journeys, terminal.text.contains("Cart empty") else {
        print("the journey went astray: \(paid ?? -1) of \(journeys) orders paid; the screen:\n\(terminal.text)")
        exit(1)
    }
    print(String(format: "journeys: %d purchases, %d keys in %.2f s: %.0f keys/s (%.3f ms a key: handling %.3f, drawing %.3f, timers %.3f)",
                 journeys, keys, elapsed, Double(keys) / elapsed, elapsed * 1_000 / Double(keys),
                 handling * 1_000 / Double(keys), drawing * 1_000 / Double(keys), timing * 1_000 / Double(keys)))
}
if onlyJourneys { exit(0) }

// MARK: The catalog over many products

if onlyTapes { exit(0) }

let atStart = residentMegabytes()
let catalogPath = NSTemporaryDirectory() + "counter-benchmark-\(getpid()).sqlite"
defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: catalogPath + suffix) } }
let app = CounterApplication(makeServices: { clock, timers in
    let services = try CheckoutServices(database: catalogInMemory ? .inMemory : .file(catalogPath), clock: clock, scheduler: timers,
                                        ids: SequentialIDGenerator())
    try services.core.database.queue.write { db in
        let statement = try db.makeStatement(sql: """
            INSERT INTO products (id, position, name, description, price_minor, currency, stock, image)
            VALUES (?, ?, ?, ?, ?, 'EUR', ?, '')
            """)
        let flowers = ["Acacia", "Clover", "Heather", "Lavender", "Linden", "Manuka", "Orange blossom", "Rapeseed", "Sunflower", "Thyme"]
        for index in 0..<products {
            try statement.execute(arguments: ["bench-\(index)", 100 + index, "\(flowers[index % flowers.count]) honey no. \(index)",
                                              "A jar of benchmark honey.", 500 + index % 1_000, 1 + index % 20])
        }
    }
    return services
})
let terminal = HeadlessTerminal(application: app, size: Size(columns: 80, rows: 24))
let before = residentMegabytes()
let open = seconds { terminal.send(.enter) }
guard terminal.text.contains("honey no.") else {
    print("the catalog did not open:\n\(terminal.text)")
    exit(1)
}
let after = residentMegabytes()
let whereKept = catalogInMemory ? "in memory" : "on file"
print(String(format: "catalog: %d products (database \(whereKept)); RSS %.1f MB at start, %.1f MB with the counter up (home screen), %.1f MB with the catalog open (+%.1f MB); opening took %.2f ms",
             products, atStart, before, after, after - before, open * 1_000))

var downs: [Double] = []
for _ in 0..<200 { downs.append(seconds { terminal.send(.down) }) }
var pages: [Double] = []
for _ in 0..<50 { pages.append(seconds { terminal.send(.pageDown) }) }
print(String(format: "catalog scroll: Down median %.2f ms (p95 %.2f, max %.2f), PgDn median %.2f ms (p95 %.2f) per key, event to frame",
             median(downs) * 1_000, percentile(downs, 0.95) * 1_000, (downs.max() ?? 0) * 1_000,
             median(pages) * 1_000, percentile(pages, 0.95) * 1_000))

// From the top, Up goes to the last of 100,000 lines. The catalog is opened afresh to be at
// the top: Home moves there only since the paging keys (issue 18), and this figure is
// compared with builds from before them.
terminal.send(.escape)
terminal.send(.enter)
let wrap = seconds { terminal.send(.up) }
print(String(format: "catalog: Up from the first line to the last: %.2f ms", wrap * 1_000))

let slash = seconds { terminal.send(.character("/")) }
var filterKeys: [Double] = []
for character in "lavender honey no. 4" { filterKeys.append(seconds { terminal.send(.character(character)) }) }
var erase: [Double] = []
for _ in 0..<5 { erase.append(seconds { terminal.send(.backspace) }) }
print(String(format: "catalog type-ahead: '/' %.2f ms; first letter %.2f ms; letters after it median %.2f ms (max %.2f) over %d keys; Backspace median %.2f ms; RSS now %.1f MB",
             slash * 1_000, filterKeys[0] * 1_000, median(Array(filterKeys.dropFirst())) * 1_000,
             (filterKeys.dropFirst().max() ?? 0) * 1_000, filterKeys.count - 1, median(erase) * 1_000, residentMegabytes()))
terminal.send(.escape)
// One and two letters: those a trigram index cannot serve (issue 18). Rare letters matching
// nothing ("q", "zz"), two common letters whose pair is rare ("yn"), a letter in every name
// ("e"), each typed fresh after `/`; "qqq" for a trigram beside them.
var short: [String] = []
for text in ["q", "zz", "qqq", "yn", "e"] {
    terminal.send(.character("/"))
    var keys: [Double] = []
    for character in text { keys.append(seconds { terminal.send(.character(character)) }) }
    terminal.send(.escape)
    short.append("'\(text)' " + keys.map { String(format: "%.2f", $0 * 1_000) }.joined(separator: " "))
}
print("catalog type-ahead, one key at a time (ms): " + short.joined(separator: ", "))

// The ends of the list and a page at a time (PgUp, PgDn, Home, End).
let end = seconds { terminal.send(.key(.end)) }
var pagesUp: [Double] = []
for _ in 0..<20 { pagesUp.append(seconds { terminal.send(.key(.pageUp)) }) }
let home = seconds { terminal.send(.key(.home)) }
print(String(format: "catalog ends: End %.2f ms, PgUp median %.2f ms (max %.2f) from there, Home %.2f ms",
             end * 1_000, median(pagesUp) * 1_000, (pagesUp.max() ?? 0) * 1_000, home * 1_000))
