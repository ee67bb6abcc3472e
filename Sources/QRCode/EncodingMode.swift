/// The data modes this encoder writes. The whole text goes into one segment in the most
/// compact mode that can represent all of it: mixing modes within one symbol would save a few
/// bits for long mixed texts, but payment codes are short and uniform.
enum EncodingMode: Sendable, Equatable {
    /// Digits 0-9: three digits in 10 bits.
    case numeric
    /// Digits, upper-case A-Z and ` $%*+-./:`: two characters in 11 bits.
    case alphanumeric
    /// Any bytes; text is written as UTF-8.
    case byte

    /// The 4-bit mode indicator that starts a segment.
    var indicator: Int {
        switch self {
        case .numeric: 0b0001
        case .alphanumeric: 0b0010
        case .byte: 0b0100
        }
    }

    /// Width of the character-count field, which grows with the symbol size.
    func characterCountBits(version: Int) -> Int {
        let sizeClass = version <= 9 ? 0 : (version <= 26 ? 1 : 2)
        switch self {
        case .numeric: return [10, 12, 14][sizeClass]
        case .alphanumeric: return [9, 11, 13][sizeClass]
        case .byte: return [8, 16, 16][sizeClass]
        }
    }

    /// The alphanumeric table, in code order: a character's code is its offset here.
    static let alphanumericCharacters: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")

    static let alphanumericCodes: [UInt8: Int] = {
        var codes: [UInt8: Int] = [:]
        for (code, character) in alphanumericCharacters.enumerated() {
            codes[character.asciiValue!] = code
        }
        return codes
    }()

    /// The most compact mode for all of `bytes` (the text's UTF-8).
    static func mostCompact(for bytes: [UInt8]) -> EncodingMode {
        if bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return .numeric }
        if bytes.allSatisfy({ alphanumericCodes[$0] != nil }) { return .alphanumeric }
        return .byte
    }
}

/// One mode segment: the mode, how many characters it holds, and its payload bits (without the
/// mode indicator and count, whose widths depend on the version chosen later).
struct Segment: Sendable, Equatable {
    let mode: EncodingMode
    let characterCount: Int
    let payload: BitBuffer

    /// Encodes `text` in the most compact single mode.
    init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    init(bytes: [UInt8]) {
        let mode = EncodingMode.mostCompact(for: bytes)
        var payload = BitBuffer()
        switch mode {
        case .numeric:
            // Groups of three digits as a 10-bit number; a last group of two takes 7 bits, of one 4.
            var index = 0
            while index < bytes.count {
                let group = bytes[index..<min(index + 3, bytes.count)]
                let value = group.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                payload.append(value, length: group.count * 3 + 1)
                index += 3
            }
        case .alphanumeric:
            // Pairs as 45·first + second in 11 bits; a last single character takes 6.
            var index = 0
            while index < bytes.count {
                let first = EncodingMode.alphanumericCodes[bytes[index]]!
                if index + 1 < bytes.count {
                    let second = EncodingMode.alphanumericCodes[bytes[index + 1]]!
                    payload.append(first * 45 + second, length: 11)
                } else {
                    payload.append(first, length: 6)
                }
                index += 2
            }
        case .byte:
            for byte in bytes { payload.append(Int(byte), length: 8) }
        }
        self.mode = mode
        self.characterCount = bytes.count
        self.payload = payload
    }

    /// Bits this segment takes in a symbol of `version`, or nil when its character count does
    /// not fit in that version's count field.
    func bitLength(version: Int) -> Int? {
        let countBits = mode.characterCountBits(version: version)
        guard characterCount < 1 << countBits else { return nil }
        return 4 + countBits + payload.count
    }

    /// Mode indicator, character count and payload, for a symbol of `version`.
    func bits(version: Int) -> BitBuffer {
        var buffer = BitBuffer()
        buffer.append(mode.indicator, length: 4)
        buffer.append(characterCount, length: mode.characterCountBits(version: version))
        buffer.append(contentsOf: payload)
        return buffer
    }
}
