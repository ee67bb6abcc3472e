/// What a keyboard-wedge card reader typed, parsed: magnetic stripe track 1
/// (`%B<PAN>^<SURNAME/GIVEN>^<YYMM><service code>...?`) and/or track 2 (`;<PAN>=<YYMM>...?`).
/// The stripe carries no CVC; the form still asks for it. Expiry is not checked against the
/// clock here (the form does that, with its own error); only its shape is.
public struct SwipedCard: Hashable, Sendable {
    public let number: CardNumber
    public let expiry: Expiry
    /// "Given Surname" from track 1; nil when only track 2 was read.
    public let holderName: String?
}

public enum TrackDataError: Error, Equatable, Sendable {
    case empty
    case missingStartSentinel
    case missingEndSentinel
    case unsupportedFormatCode(Character)
    case missingFieldSeparator
    case badNumber(CardNumberError)
    case badExpiry
    case badName
    case checksumMismatch
    case tracksDisagree
}

public enum TrackData {
    /// Whether typed text looks like the start of a swipe rather than a typed number, so a form
    /// can switch to collecting swipe keystrokes.
    public static func looksLikeSwipe(_ text: String) -> Bool {
        text.hasPrefix("%B") || text.hasPrefix("%b") || (text.hasPrefix(";") && text.dropFirst().first?.isASCIIDigit == true)
    }

    public static func parse(_ raw: String) throws(TrackDataError) -> SwipedCard {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { throw .empty }
        guard let first = text.first, first == "%" || first == ";" else { throw .missingStartSentinel }

        var track1: (number: CardNumber, name: String, expiry: Expiry)?
        var track2: (number: CardNumber, expiry: Expiry)?
        var rest = Substring(text)
        while let sentinel = rest.first {
            if sentinel.isWhitespace { rest.removeFirst(); continue }
            guard sentinel == "%" || sentinel == ";" else { throw .missingStartSentinel }
            guard let end = rest.firstIndex(of: "?") else { throw .missingEndSentinel }
            let track = rest[rest.startIndex...end]
            rest = rest[rest.index(after: end)...]
            // A reader may send the longitudinal redundancy check right after the end sentinel.
            if let lrc = rest.first, lrc != "%", lrc != ";", !lrc.isWhitespace {
                guard lrc == longitudinalCheck(track, trackOne: sentinel == "%") else { throw .checksumMismatch }
                rest.removeFirst()
            }
            if sentinel == "%" { track1 = try parseTrack1(track) } else { track2 = try parseTrack2(track) }
        }
        switch (track1, track2) {
        case let (one?, two?):
            guard one.number == two.number, one.expiry == two.expiry else { throw .tracksDisagree }
            return SwipedCard(number: one.number, expiry: one.expiry, holderName: one.name)
        case let (one?, nil): return SwipedCard(number: one.number, expiry: one.expiry, holderName: one.name)
        case let (nil, two?): return SwipedCard(number: two.number, expiry: two.expiry, holderName: nil)
        case (nil, nil): throw .empty
        }
    }

    /// `%B<PAN>^<NAME>^<YYMM><service>...?`
    private static func parseTrack1(_ track: Substring) throws(TrackDataError) -> (CardNumber, String, Expiry) {
        let body = track.dropFirst().dropLast()
        guard let code = body.first else { throw .missingFieldSeparator }
        guard code == "B" || code == "b" else { throw .unsupportedFormatCode(code) }
        let fields = body.dropFirst().split(separator: "^", omittingEmptySubsequences: false)
        guard fields.count >= 3 else { throw .missingFieldSeparator }
        let number = try cardNumber(fields[0])
        let name = try holderName(fields[1])
        let expiry = try expiry(fields[2].prefix(4))
        return (number, name, expiry)
    }

    /// `;<PAN>=<YYMM><service>...?`
    private static func parseTrack2(_ track: Substring) throws(TrackDataError) -> (CardNumber, Expiry) {
        let body = track.dropFirst().dropLast()
        guard let separator = body.firstIndex(where: { $0 == "=" || $0 == "D" }) else { throw .missingFieldSeparator }
        let number = try cardNumber(body[..<separator])
        let expiry = try expiry(body[body.index(after: separator)...].prefix(4))
        return (number, expiry)
    }

    private static func cardNumber(_ text: Substring) throws(TrackDataError) -> CardNumber {
        do { return try CardNumber(String(text)) } catch { throw .badNumber(error) }
    }

    private static func expiry(_ yymm: Substring) throws(TrackDataError) -> Expiry {
        guard yymm.count == 4, yymm.allSatisfy(\.isASCIIDigit),
              let year = Int(yymm.prefix(2)), let month = Int(yymm.suffix(2)),
              let expiry = try? Expiry(month: month, year: 2000 + year) else { throw .badExpiry }
        return expiry
    }

    /// "DOE/JANE A.MRS" -> "Jane A Doe": given names first, each word capitalised, title dropped.
    private static func holderName(_ field: Substring) throws(TrackDataError) -> String {
        let parts = field.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        var given = parts.count == 2 ? String(parts[1]) : ""
        if let dot = given.firstIndex(of: ".") { given = String(given[..<dot]) }  // ".MR" title suffix
        let surname = String(parts[0])
        let words = (given + " " + surname).split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { throw .badName }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
        guard (try? HolderName(name)) != nil else { throw .badName }
        return name
    }

    /// The LRC of a track: XOR of every character's code in the track's character set (6-bit
    /// from space for track 1, 4-bit from "0" for track 2), sentinels included.
    static func longitudinalCheck(_ track: Substring, trackOne: Bool) -> Character {
        let base: UInt8 = trackOne ? 0x20 : 0x30
        let mask: UInt8 = trackOne ? 0x3F : 0x0F
        var lrc: UInt8 = 0
        for byte in track.utf8 { lrc ^= (byte &- base) & mask }
        return Character(Unicode.Scalar(lrc + base))
    }
}
