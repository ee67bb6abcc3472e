import Clocks
import CounterApp
import Foundation
import TerminalUI

/// SplitMix64: a tiny, fully deterministic PRNG, so a seed replays the same steps on any machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One step of the monkey. Every step is also a tape command, so a failing run is a tape that
/// `checkout play` replays (`Type` is typed with the tape's 50 ms between keys, `Swipe` and
/// pastes arrive as one burst, as a `Swipe`).
enum MonkeyStep {
    case press(Key, count: Int)
    case type(String)
    case burst(String)
    case sleep(milliseconds: Int64)
    case resize(Size)
    case click(Point)

    var tapeLine: String {
        switch self {
        case let .press(key, count): "Press \(Self.tapeName(key))" + (count > 1 ? " \(count)" : "")
        case let .type(text): "Type \(Self.quoted(text))"
        case let .burst(text): "Swipe \(Self.quoted(text))"
        case let .sleep(ms): "Sleep \(ms)ms"
        case let .resize(size): "Resize \(size.columns)x\(size.rows)"
        case let .click(point): "Click \(point.x) \(point.y)"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    static func tapeName(_ key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case let .character(c): String(c)
        case let .control(c): "Ctrl+\(c)"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift+Tab"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .insert: "Insert"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case let .function(n): "F\(n)"
        }
    }

    /// The key a typed character arrives as (as `HeadlessTerminal` maps it for tapes).
    static func key(for character: Character) -> Key {
        switch character {
        case "\n", "\r", "\r\n": .enter
        case "\t": .tab
        default: .character(character)
        }
    }

    /// Plays the step exactly as `TapePlayer` plays the matching command.
    func perform(on terminal: HeadlessTerminal) {
        switch self {
        case let .press(key, count):
            for _ in 0..<count where terminal.exitStatus == nil { terminal.send(key) }
        case let .type(text):
            for (index, character) in text.enumerated() {
                if terminal.exitStatus != nil { break }
                if index > 0 { terminal.advance(by: .milliseconds(50)) }
                terminal.send(Self.key(for: character))
            }
        case let .burst(text):
            for character in text where terminal.exitStatus == nil {
                terminal.send(Self.key(for: character))
            }
        case let .sleep(ms):
            terminal.advance(by: .milliseconds(ms))
        case let .resize(size):
            terminal.resize(to: size)
        case let .click(point):
            terminal.send(.mouse(.left, at: point))
        }
    }
}

/// Draws steps weighted toward what the counter's screens use.
struct Monkey {
    var random: SplitMix64
    var size = Size(columns: 80, rows: 24)

    /// A journey under way: steps a shopper would take, so the monkey reaches the payments.
    var planned: [MonkeyStep] = []

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Back to the home screen, then a known way into a flow; the monkey carries on from there.
    mutating func journey() -> [MonkeyStep] {
        let home: [MonkeyStep] = [.press(.escape, count: 8)]
        let card = pick(Self.cards)
        switch below(6) {
        case 0, 1:
            // The store: a jar or two, the cart, the card form, pay.
            return home + [.press(.character("1"), count: 1), .press(.character(Character(String(1 + below(4)))), count: 1),
                           .press(.character("+"), count: below(3)), .press(.enter, count: 1), .press(.character("c"), count: 1),
                           .press(.enter, count: 1), .press(.enter, count: 1), .type("Jane Doe"), .press(.tab, count: 1), .type(card),
                           .press(.tab, count: 1), .type("1230"), .press(.tab, count: 1), .type(card.hasPrefix("37") ? "1234" : "123"),
                           .press(.enter, count: 2), .sleep(milliseconds: 1_000), .type("123456"), .press(.enter, count: 1),
                           .sleep(milliseconds: 2_000)]
        case 2:
            // The other ways to pay: the picker's numbered methods (express, bank, wallet).
            return home + [.press(.character("1"), count: 1), .press(.character("1"), count: 1), .press(.enter, count: 1),
                           .press(.character("c"), count: 1), .press(.enter, count: 1),
                           .press(.character(Character(String(2 + below(3)))), count: 1), .press(.character("t"), count: 1),
                           .press(.down, count: below(4)), .press(.enter, count: 1), .press(.character("c"), count: 1),
                           .sleep(milliseconds: 5_000)]
        case 3:
            // An account: sign up (or in) from the store.
            return home + [.press(.character("1"), count: 1), .press(.character("a"), count: 1),
                           .press(.character(Character(String(1 + below(2)))), count: 1), .type("jane@example.com"),
                           .press(.tab, count: 1), .type("honey2026"), .press(.tab, count: 1), .type("honey2026"),
                           .press(.enter, count: 1)]
        case 4:
            // The auctions: a listing, the join flow.
            return home + [.press(.character("2"), count: 1), .press(.enter, count: 1 + below(3)), .type("1234"),
                           .press(.enter, count: 1), .sleep(milliseconds: 1_000)]
        default:
            // The account's own screens: saved cards, orders, subscriptions.
            return home + [.press(.character("1"), count: 1), .press(.character("a"), count: 1),
                           .press(.character(Character(String(1 + below(5)))), count: 1)]
        }
    }

    static let cards = [
        "4242424242424242", "4242 4242 4242 4242", "4000000000000002", "4000000000009995", "4000002760003184",
        "4000000000003220", "4000008260003178", "4000000000000341", "4000000000000259", "5555555555554444",
        "378282246310005", "6011111111111117", "4000000000000127", "1234567812345678",
    ]
    static let words = [
        "12/30", "1230", "123", "1234", "123456", "000000", "Jane Doe", "jane@example.com", "a@b.co", "password123",
        "hunter2hunter2", "1234", "SW1A 1AA", "10 Downing St", "London", "honey", "clover", "0", "99", "100", "-1",
        "9223372036854775807", "Zoë Ångström", "e\u{301}\u{301}\u{301}", "🍯🐝👩‍👩‍👧‍👦", "漢字テスト", "\u{202E}evil", "x\ty\nz",
    ]
    static let swipes = [
        "%B4242424242424242^DOE/JANE^30121010000000000000?;4242424242424242=30121010000000000000?",
        "%B4000000000000002^ROE/RICHARD^2812101?;4000000000000002=2812101?",
        "%B5555555555554444^^?;5555555555554444=?",
        "%B^^?;=?", "%Bgarbage", ";4242424242424242=3012?",
    ]
    static let navigation: [Key] = [.up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace,
                                    .pageUp, .pageDown, .home, .end, .delete]
    /// Letters without `q`/`Q` (quitting ends the run; the quit paths have their own tests).
    static let letters = Array("abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ?/+-.,@ ")

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }

    mutating func next() -> MonkeyStep {
        if !planned.isEmpty { return planned.removeFirst() }
        if below(100) < 3 {
            planned = journey()
            return planned.removeFirst()
        }
        let roll = below(1000)
        switch roll {
        case 0..<330: return .press(pick(Self.navigation), count: below(10) < 8 ? 1 : 1 + below(5))
        case 330..<480: return .press(.character(Character(String(below(10)))), count: 1)
        case 480..<560: return .press(.character(pick(Self.letters)), count: 1)
        case 560..<640: return .type(pick(Self.cards))
        case 640..<720: return .type(pick(Self.words))
        case 720..<745: return .burst(pick(Self.swipes))
        case 745..<765: return .burst(longPaste())
        case 765..<780:
            // Control keys other than Ctrl+C (quit) and Ctrl+Z/Ctrl+\ (signals at a real terminal).
            let letters = Array("abdefghijklmnoprstuvwxy")
            return .press(.control(pick(letters)), count: 1)
        case 780..<790: return .press(.function(1 + below(12)), count: 1)
        case 790..<850:
            // Jumps of hours and days are rarer: a day of a screen's 1 s ticker costs seconds in debug.
            let long = below(200)
            if long == 0 { return .sleep(milliseconds: 3 * 86_400_000) }
            if long < 4 { return .sleep(milliseconds: 86_400_000) }
            if long < 14 { return .sleep(milliseconds: 3_600_000) }
            let choices: [Int64] = [10, 50, 200, 800, 1_000, 5_000, 30_000, 60_000, 600_000]
            return .sleep(milliseconds: pick(choices))
        case 850..<880:
            let sizes = [Size(columns: 20, rows: 8), Size(columns: 80, rows: 24), Size(columns: 300, rows: 100),
                         Size(columns: 40, rows: 12), Size(columns: 100, rows: 30), Size(columns: 79, rows: 23)]
            size = below(3) == 0 ? Size(columns: 20 + below(281), rows: 8 + below(93)) : pick(sizes)
            return .resize(size)
        case 880..<920: return .click(Point(x: below(max(1, size.columns)), y: below(max(1, size.rows))))
        default: return .press(.enter, count: 1)
        }
    }

    /// Up to 400 characters of mixed text (10 KB pastes are `BadInputTests`' own: at 300x100 in debug they take a minute): long runs, tabs/newlines, wide and combining characters.
    mutating func longPaste() -> String {
        let pieces = ["A", "0", "9", " ", "\t", "\n", "é", "e\u{301}", "🍯", "漢", "\u{200B}", "\"", "\\", "%", "^", "=", "?"]
        let length = pick([16, 100, 400])
        var text = ""
        for _ in 0..<length { text += pick(pieces) }
        return text
    }
}
