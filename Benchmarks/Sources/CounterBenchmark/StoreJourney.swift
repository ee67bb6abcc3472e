import CounterApp
import Foundation
import TerminalUI

/// Keystrokes per second headless through a full store journey: `Tapes/store/buy-with-4242.tape`
/// (a guest opens the store, puts two jars in the cart, pays with a typed test card, and comes
/// back from the receipt; no password hash on the way), played `rounds` times as `checkout play`
/// plays it, each on a new counter over a new database in memory.
///
/// Each play starts a counter (its services, every migration of the database), which is not a
/// keystroke: the same number of plays of a tape that only waits for the home screen is timed
/// too, and taken off. Both figures are printed.
func measureStoreJourney(tapesDirectory: String, rounds: Int) {
    let path = (tapesDirectory as NSString).appendingPathComponent("store/buy-with-4242.tape")
    // Its Expects are checked; its Snapshots, which read the goldens' files, are left out.
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
          let journey = try? TapeParser.parse(text.split(separator: "\n").filter { !$0.hasPrefix("Snapshot") }.joined(separator: "\n")),
          let start = try? TapeParser.parse("Expect \"Checkout Counter\"\n") else {
        print("journey: \(path) not found or unreadable")
        return
    }
    let keys = journey.lines.reduce(0) { count, line in
        switch line.command {
        case let .type(typed): count + typed.count
        case let .press(_, times): count + times
        default: count
        }
    }
    func play(_ tape: Tape) -> (seconds: Double, failed: Int) {
        var failed = 0
        let elapsed = seconds {
            for _ in 0..<rounds {
                let result = TapePlayer().play(tape, makeApplication: {
                    TapeWorld.makeApplication(forTape: text, database: ":memory:")()
                })
                if result.failure != nil { failed += 1 }
            }
        }
        return (elapsed, failed)
    }
    let whole = play(journey)
    let starts = play(start)
    let keysPlayed = Double(keys * rounds)
    print(String(format: "journey: buy-with-4242 x%d (%d keys each, %d failed): %.0f keystrokes/s with each counter's start, %.0f keystrokes/s without (starts %.1f ms each)",
                 rounds, keys, whole.failed, keysPlayed / whole.seconds, keysPlayed / max(whole.seconds - starts.seconds, 1e-9),
                 starts.seconds / Double(rounds) * 1_000))
}
