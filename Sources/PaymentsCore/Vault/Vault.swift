import Clocks
import Foundation

/// A one-time card token (PAYMILL's rule): valid for 5 minutes, usable once. It shows only
/// what a receipt may show; the card itself stays inside the vault, in memory.
public struct CardToken: Hashable, Sendable {
    public let id: String
    public let brand: CardBrand
    public let lastFour: String
    public let expiry: Expiry
    public let holder: String
    public let createdAt: Date
    /// The first instant at which the token is no longer valid (created + 5 minutes).
    public let expiresAt: Date
}

public enum VaultError: Error, Hashable, Sendable {
    case unknownToken
    case tokenAlreadyUsed
    case tokenExpired
    case cardExpired
}

/// Turns cards into one-time tokens. Tokens live in memory only: they carry the number and the
/// CVC for the few minutes between the card form and the charge, like a processor's short-lived
/// token. A used or expired token forgets its card at once; its id is remembered (for a day) only
/// so that a second use is told apart from an unknown token.
public final class Vault {
    public static let tokenLifetime: Duration = .minutes(5)
    /// How long a spent token's id is remembered to say "already used" rather than "unknown".
    static let spentTokenMemory: Duration = .days(1)

    private struct Entry {
        let token: CardToken
        var card: Card?        // nil once used or expired
        var used: Bool
    }

    private let clock: Clock
    private let ids: IDGenerator
    let keys: VaultKeys
    private var entries: [String: Entry] = [:]
    private var lastSweep: Date?

    public init(clock: Clock, ids: IDGenerator, keys: VaultKeys) {
        self.clock = clock; self.ids = ids; self.keys = keys
    }

    public func tokenize(_ card: Card) throws(VaultError) -> CardToken {
        forgetOldEntries()
        let now = clock.now
        if card.expiry.isExpired(at: now) { throw .cardExpired }
        let token = CardToken(id: ids.next("tok"), brand: card.number.brand, lastFour: card.number.lastFour, expiry: card.expiry,
                              holder: card.holder.value, createdAt: now, expiresAt: now.addingTimeInterval(Vault.tokenLifetime.timeInterval))
        entries[token.id] = Entry(token: token, card: card, used: false)
        return token
    }

    /// What a token stands for, without using it up.
    public func describe(_ tokenID: String) throws(VaultError) -> CardToken {
        try check(tokenID).token
    }

    /// The token's card, leaving the token unused (a card check asks the bank before the card is
    /// saved, and only a saved card uses the token up).
    func card(_ tokenID: String) throws(VaultError) -> Card {
        // A live, unused token always holds its card; one without is as good as expired.
        guard let card = try check(tokenID).card else { throw .tokenExpired }
        return card
    }

    /// Uses the token up and hands over its card. Valid strictly before `expiresAt`: at exactly
    /// 5:00 after tokenizing it has expired.
    func redeem(_ tokenID: String) throws(VaultError) -> Card {
        let entry = try check(tokenID)
        entries[tokenID]?.used = true
        entries[tokenID]?.card = nil
        // A live, unused token always holds its card; one without is as good as expired.
        guard let card = entry.card else { throw .tokenExpired }
        return card
    }

    private func check(_ tokenID: String) throws(VaultError) -> Entry {
        guard let entry = entries[tokenID] else { throw .unknownToken }
        if entry.used { throw .tokenAlreadyUsed }
        if clock.now >= entry.token.expiresAt {
            entries[tokenID]?.card = nil
            throw .tokenExpired
        }
        return entry
    }

    /// Drops cards from expired tokens and forgets day-old ids. At most once a minute of clock
    /// time: sweeping on every tokenize would make a busy counter quadratic.
    private func forgetOldEntries() {
        let now = clock.now
        if let lastSweep, now.timeIntervalSince(lastSweep) < 60 { return }
        lastSweep = now
        let horizon = now.addingTimeInterval(-Vault.spentTokenMemory.timeInterval)
        for (id, entry) in entries {
            if entry.token.createdAt < horizon { entries[id] = nil }
            else if now >= entry.token.expiresAt { entries[id]?.card = nil }
        }
    }
}
