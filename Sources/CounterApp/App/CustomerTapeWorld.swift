import CheckoutKit
import Foundation

/// A tape's shopper, signed in before the tape begins, from its `# world:` line:
///
///     # world: customer cards=4242424242424242,4000000000000341 pin=2468
///
/// `customer` signs Ada in, `cards=` saves those cards for her (the first is the default), and
/// `pin=` then locks her saved payments behind that PIN. It exists for what no screen does: the
/// store has no screen that sets a payments PIN, which the auction's unlock step needs.
/// Used by `checkout play` and the tests alike.
public struct CustomerTapeWorld: Equatable, Sendable {
    public static let email = "ada@example.com"
    public static let password = "honey-2026"
    public static let holder = "Ada Lovelace"

    public let cards: [String]
    public let pin: String?

    /// Nil when the tape's world has no `customer` (or the tape has no world line).
    public init?(tapeText: String) {
        guard let words = TapeWorld.words(ofTape: tapeText), words.contains("customer") else { return nil }
        cards = words.filter { $0.hasPrefix("cards=") }.flatMap { $0.dropFirst("cards=".count).split(separator: ",").map(String.init) }
        pin = words.first { $0.hasPrefix("pin=") }.map { String($0.dropFirst("pin=".count)) }
    }

    /// Signs Ada up (and so in), saves her cards, and sets her PIN.
    public func apply(to services: CheckoutServices) throws {
        _ = try services.account.signUp(email: Self.email, password: Self.password)
        for number in cards {
            let card = try services.cards.tokenize(number: number, expiry: "12/30", cvc: "123", holder: Self.holder)
            _ = try services.account.saveCard(card)
        }
        if let pin { try services.account.setPIN(pin) }
    }

    /// The counter's services on `database`, with this world applied once they open.
    public func services(database: String?, counterName: String? = nil) -> CounterApplication.ServicesFactory {
        let open = CounterApplication.services(database: database, counterName: counterName)
        return { clock, timers in
            let services = try open(clock, timers)
            try apply(to: services)
            return services
        }
    }
}
