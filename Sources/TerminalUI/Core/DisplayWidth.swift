/// How many terminal columns text takes.
///
/// Our own table rather than the C library's `wcwidth`: the C answer depends on the locale and
/// the libc version, and a tape must lay out the same on every machine. The table follows
/// Unicode's East Asian Width (Wide and Fullwidth = 2) and emoji presentation (= 2); combining
/// marks, joiners and variation selectors take no column of their own; control characters take
/// none and are never drawn.
public enum DisplayWidth {
    /// The columns one `Character` (a grapheme cluster) takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        // Fast path: nearly everything the counter draws is ASCII.
        if let ascii = character.asciiValue {
            return ascii < 0x20 || ascii == 0x7F ? 0 : 1
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first, !isControl(first) else { return 0 }
        // The base is the first scalar that takes a column; marks and joiners ride on it.
        guard let base = scalars.first(where: { !isZeroWidth($0) }) else { return 0 }
        if isWide(base.value) { return 2 }
        // U+FE0F asks for emoji presentation (❤️, ☺️, keycaps): terminals draw those two wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return 1
    }

    /// The columns a string takes: the sum of its characters' widths.
    public static func of(_ text: some StringProtocol) -> Int {
        if let width = widthOfPlainText(text) { return width }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of text made only of scalars that are each a character of one column (or a
    /// control, of none), counted without splitting the text into characters, which is most of
    /// the cost of drawing a line; nil when any scalar could be wide, take no column or join
    /// another into one character. What the counter draws is mostly such text: ASCII, Latin,
    /// `›`, `€`, `│`, arrows.
    static func widthOfPlainText(_ text: some StringProtocol) -> Int? {
        var total = 0
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: every byte is a character ("\r\n", one character, is two controls of none).
            for byte in text.utf8 where byte >= 0x20 && byte != 0x7F { total += 1 }
            return total
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if isControl(scalar) { continue }
            guard isPlainNarrow(value) else { return nil }
            total += 1
        }
        return total
    }

    /// Scalars of one column that never join a neighbour into one character without a scalar
    /// outside this set (a combining mark, a joiner, a variation selector): below the combining
    /// marks but the soft hyphen (a format character, of no column), general punctuation, the
    /// currency signs, arrows, box drawing and the geometric shapes before the two wide ones.
    static func isPlainNarrow(_ value: UInt32) -> Bool {
        switch value {
        case 0x20..<0x300: value != 0xAD
        case 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20CF, 0x2190...0x21FF, 0x2500...0x25FC: true
        default: false
        }
    }

    /// C0 and C1 controls and DEL: never drawn raw (they would move the real cursor).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0)
    }

    /// True for a character that must never reach the screen or a field's value.
    public static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isControl)
    }

    /// Scalars that take no column: combining marks, joiners, variation selectors, format controls.
    public static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if contains(zeroWidthRanges, v) { return true }
        // Beyond our table, trust the character database's categories for marks and formats.
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide or Fullwidth, or an emoji shown as a picture by default.
    public static func isWide(_ value: UInt32) -> Bool {
        // Everything below U+1100 is narrow; most text never reaches the binary search.
        value >= 0x1100 && contains(wideRanges, value)
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Sorted, non-overlapping.
    private static let zeroWidthRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F,   // combining diacritical marks
        0x0483...0x0489,
        0x0591...0x05BD,
        0x0610...0x061A,
        0x064B...0x065F,
        0x1160...0x11FF,   // Hangul Jamo medial vowels and final consonants (join the initial)
        0x1AB0...0x1AFF,
        0x1DC0...0x1DFF,
        0x200B...0x200F,   // zero-width space, ZWNJ, ZWJ, direction marks
        0x2028...0x202E,
        0x2060...0x2064,
        0x20D0...0x20FF,   // combining marks for symbols (keycap U+20E3)
        0xFE00...0xFE0F,   // variation selectors
        0xFE20...0xFE2F,
        0xFEFF...0xFEFF,   // byte order mark
        0xE0000...0xE007F, // tags (subdivision flags)
        0xE0100...0xE01EF, // variation selectors supplement
    ]

    /// Sorted, non-overlapping. East Asian Wide/Fullwidth blocks and emoji-presentation symbols.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x231A...0x231B,   // ⌚⌛
        0x2329...0x232A,
        0x23E9...0x23EC,
        0x23F0...0x23F0,
        0x23F3...0x23F3,
        0x25FD...0x25FE,
        0x2614...0x2615,
        0x2648...0x2653,
        0x267F...0x267F,
        0x2693...0x2693,
        0x26A1...0x26A1,
        0x26AA...0x26AB,
        0x26BD...0x26BE,
        0x26C4...0x26C5,
        0x26CE...0x26CE,
        0x26D4...0x26D4,
        0x26EA...0x26EA,
        0x26F2...0x26F3,
        0x26F5...0x26F5,
        0x26FA...0x26FA,
        0x26FD...0x26FD,
        0x2705...0x2705,
        0x270A...0x270B,
        0x2728...0x2728,
        0x274C...0x274C,
        0x274E...0x274E,
        0x2753...0x2755,
        0x2757...0x2757,
        0x2795...0x2797,
        0x27B0...0x27B0,
        0x27BF...0x27BF,
        0x2B1B...0x2B1C,
        0x2B50...0x2B50,
        0x2B55...0x2B55,
        0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, enclosed CJK
        0x3400...0x4DBF,   // CJK extension A
        0x4E00...0x9FFF,   // CJK unified ideographs
        0xA000...0xA4CF,   // Yi
        0xA960...0xA97F,   // Hangul Jamo extended A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x16FE0...0x16FE4,
        0x17000...0x18AFF, // Tangut
        0x1B000...0x1B2FF, // Kana supplement and extensions
        0x1F004...0x1F004, // 🀄
        0x1F0CF...0x1F0CF, // 🃏
        0x1F18E...0x1F18E,
        0x1F191...0x1F19A,
        0x1F1E6...0x1F1FF, // regional indicators: a pair is a flag
        0x1F200...0x1F202,
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x1F300...0x1F320, // weather, landscape
        0x1F32D...0x1F335,
        0x1F337...0x1F37C, // plants, food (🍯 is U+1F36F)
        0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E, // animals (🐝 is U+1F41D)
        0x1F440...0x1F440,
        0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E,
        0x1F550...0x1F567,
        0x1F57A...0x1F57A,
        0x1F595...0x1F596,
        0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F, // emoticons
        0x1F680...0x1F6C5, // transport
        0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6D7,
        0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB,
        0x1F7F0...0x1F7F0,
        0x1F90C...0x1F93A,
        0x1F93C...0x1F945,
        0x1F947...0x1F9FF,
        0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, // CJK extensions B and later
        0x30000...0x3FFFD,
    ]
}

extension Character {
    /// Terminal columns this character takes (0, 1 or 2). See `DisplayWidth`.
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension StringProtocol {
    /// Terminal columns this text takes. See `DisplayWidth`.
    public var displayWidth: Int { DisplayWidth.of(self) }
}
