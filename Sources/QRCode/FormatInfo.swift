/// The two small BCH-protected fields a reader decodes before anything else.
enum FormatInfo {
    /// BCH(15,5) generator x^10 + x^8 + x^5 + x^4 + x^2 + x + 1.
    static let formatGenerator = 0b101_0011_0111
    /// XORed onto the format bits so that they are never all zero (which would look like no
    /// format information at all).
    static let formatMask = 0b101_0100_0001_0010

    /// BCH(18,6) generator x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1.
    static let versionGenerator = 0b1_1111_0010_0101

    /// The 15 format bits: 2 bits of correction level and 3 of mask pattern, 10 BCH check bits,
    /// then masked. Bit 14 is the first (most significant) bit.
    static func formatBits(correction: QRErrorCorrection, mask: Int) -> Int {
        precondition((0..<8).contains(mask))
        let data = correction.formatBits << 3 | mask
        return (data << 10 | remainder(of: data << 10, generator: formatGenerator, degree: 10)) ^ formatMask
    }

    /// The 18 version bits for versions 7 and up: 6 bits of version number and 12 BCH check
    /// bits, unmasked.
    static func versionBits(version: Int) -> Int {
        precondition(version >= 7 && version <= 40)
        return version << 12 | remainder(of: version << 12, generator: versionGenerator, degree: 12)
    }

    /// Polynomial remainder over GF(2): bits are coefficients, subtraction is XOR.
    private static func remainder(of value: Int, generator: Int, degree: Int) -> Int {
        var rest = value
        var shift = Int.bitWidth - rest.leadingZeroBitCount - 1 - degree
        while shift >= 0 {
            if (rest >> (shift + degree)) & 1 == 1 { rest ^= generator << shift }
            shift -= 1
        }
        return rest
    }
}
