import Testing
@testable import PaymentsCore

@Suite struct VaultTests {
    @Test func tokenShowsOnlyWhatAReceiptMay() throws {
        let h = try Harness()
        let token = try h.token()
        #expect(token.id == "tok_000001")
        #expect(token.brand == .visa && token.lastFour == "4242")
        #expect(token.expiresAt.timeIntervalSince(token.createdAt) == 300)
    }

    @Test func validAt4Minutes59ExpiredAtExactly5Minutes() throws {
        let h = try Harness()
        let early = try h.token()
        let onTheDot = try h.token()
        h.clock.advance(by: .seconds(299))
        #expect(try h.core.vault.describe(early.id).id == early.id)
        _ = try h.core.vault.redeem(early.id)                       // 4:59: still good
        h.clock.advance(by: .seconds(1))
        #expect(throws: VaultError.tokenExpired) { try h.core.vault.redeem(onTheDot.id) }   // 5:00: expired
        h.clock.advance(by: .seconds(1))
        #expect(throws: VaultError.tokenExpired) { try h.core.vault.redeem(onTheDot.id) }   // 5:01
    }

    @Test func singleUseAndUnknownAreDistinct() throws {
        let h = try Harness()
        let token = try h.token()
        _ = try h.core.vault.redeem(token.id)
        #expect(throws: VaultError.tokenAlreadyUsed) { try h.core.vault.redeem(token.id) }
        #expect(throws: VaultError.unknownToken) { try h.core.vault.redeem("tok_nope") }
    }

    @Test func refusesAnExpiredCard() throws {
        let h = try Harness()
        let card = try h.card(expiry: "11/26")
        h.clock.advance(by: .days(10))   // into December 2026
        #expect(throws: VaultError.cardExpired) { try h.core.vault.tokenize(card) }
    }

    @Test func fingerprintsAreKeyedAndStable() throws {
        let a = VaultKeys.ephemeral(), b = VaultKeys.ephemeral()
        let number = try CardNumber("4242424242424242")
        #expect(a.fingerprint(number) == a.fingerprint(number))
        #expect(a.fingerprint(number) != b.fingerprint(number))
        #expect(a.fingerprint(number).count == 64)
        #expect(try a.unseal(try a.seal(number)) == number)
        #expect(throws: (any Error).self) { try b.unseal(try a.seal(number)) }
    }
}

@Suite struct RedactionTests {
    @Test func panLikeRunsAreRedacted() {
        #expect(Redaction.redact("card 4242424242424242 ok") == "card [redacted …4242] ok")
        #expect(Redaction.redact("card 4242 4242 4242 4242.") == "card [redacted …4242].")
        #expect(Redaction.redact("4242-4242-4242-4242") == "[redacted …4242]")
        #expect(Redaction.redact("€12.50 on 2026-11-22, order 000123") == "€12.50 on 2026-11-22, order 000123")
    }

    @Test func theLogRedacts() {
        var lines: [String] = []
        let log = CoreLog { lines.append($0) }
        log.info("oops 5555 5555 5555 4444")
        #expect(lines == ["oops [redacted …4444]"])
    }
}
