import Testing
@testable import PaymentsCore

@Suite struct TrackDataTests {
    let track1 = "%B4242424242424242^LOVELACE/ADA^3012101000000000000000?"
    let track2 = ";4242424242424242=30121010000000000000?"

    @Test func bothTracks() throws {
        let card = try TrackData.parse(track1 + track2 + "\n")
        #expect(card.number.digits == "4242424242424242")
        #expect(card.expiry == (try Expiry(month: 12, year: 2030)))
        #expect(card.holderName == "Ada Lovelace")
    }

    @Test func eitherTrackAlone() throws {
        #expect(try TrackData.parse(track1).holderName == "Ada Lovelace")
        let second = try TrackData.parse(track2)
        #expect(second.holderName == nil)
        #expect(second.number.brand == .visa)
    }

    @Test func nameWithMiddleNameAndTitle() throws {
        let card = try TrackData.parse("%B5555555555554444^DOE/JANE A.MRS^2805201?")
        #expect(card.holderName == "Jane A Doe")
        #expect(card.number.brand == .mastercard)
    }

    @Test func checksLongitudinalRedundancyWhenSent() throws {
        let lrc = TrackData.longitudinalCheck(Substring(track2), trackOne: false)
        _ = try TrackData.parse(track2 + String(lrc))
        let wrong: Character = lrc == "0" ? "1" : "0"
        #expect(throws: TrackDataError.checksumMismatch) { try TrackData.parse(track2 + String(wrong)) }
    }

    @Test func garbledSwipes() {
        #expect(throws: TrackDataError.empty) { try TrackData.parse("  ") }
        #expect(throws: TrackDataError.missingStartSentinel) { try TrackData.parse("B4242424242424242^X/Y^3012?") }
        #expect(throws: TrackDataError.missingEndSentinel) { try TrackData.parse("%B4242424242424242^LOVELACE/ADA^30121") }
        #expect(throws: TrackDataError.unsupportedFormatCode("A")) { try TrackData.parse("%A4242424242424242^X/Y^3012?") }
        #expect(throws: TrackDataError.missingFieldSeparator) { try TrackData.parse("%B4242424242424242LOVELACE/ADA3012?") }
        #expect(throws: TrackDataError.missingFieldSeparator) { try TrackData.parse(";42424242424242423012?") }
        #expect(throws: TrackDataError.badNumber(.failedChecksum)) { try TrackData.parse(";4242424242424241=3012?") }
        #expect(throws: TrackDataError.badExpiry) { try TrackData.parse(";4242424242424242=3013?") }
        #expect(throws: TrackDataError.badExpiry) { try TrackData.parse(";4242424242424242=30?") }
        #expect(throws: TrackDataError.badName) { try TrackData.parse("%B4242424242424242^12345/678^3012?") }
        #expect(throws: TrackDataError.tracksDisagree) { try TrackData.parse(track1 + ";5555555555554444=3012?") }
    }

    @Test func aSwipeBecomesACardWithATypedCVC() throws {
        let now = ManualClockStart.date
        let card = try Card.validate(swiped: try TrackData.parse(track1), cvc: "123", now: now)
        #expect(card.holder.value == "Ada Lovelace" && card.number.lastFour == "4242")
        let expiredSwipe = try TrackData.parse(";4242424242424242=2601101?")
        do {
            _ = try Card.validate(swiped: expiredSwipe, cvc: "12", now: now)
            Issue.record("expected errors")
        } catch {
            #expect(error.expiry == .expired)
            #expect(error.cvc == .wrongLength(expected: 3))
            #expect(error.holder == .empty)   // track 2 carries no name: the form asks for it
        }
    }

    @Test func recognisesTheStartOfASwipe() {
        #expect(TrackData.looksLikeSwipe("%B42"))
        #expect(TrackData.looksLikeSwipe(";4"))
        #expect(!TrackData.looksLikeSwipe("4242"))
    }
}
