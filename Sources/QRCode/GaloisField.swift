/// Arithmetic in GF(2^8) as QR codes use it: elements are bytes, addition is XOR, and
/// multiplication is polynomial multiplication modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
///
/// Multiplication goes through exponent/logarithm tables of the generator α = 2 because the
/// Reed-Solomon division multiplies in a tight loop; the tables are built once.
enum GaloisField {
    /// The field's reducing polynomial, including the x^8 term.
    static let reducingPolynomial = 0x11D

    /// `exponents[i]` is α^i for i in 0..<255, repeated once more so that a sum of two
    /// logarithms (at most 508) can index it without a modulo.
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var value = 1
        for power in 0..<255 {
            table[power] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= reducingPolynomial }
        }
        for power in 255..<512 { table[power] = table[power - 255] }
        return table
    }()

    /// `logarithms[x]` is the i with α^i = x, for x in 1...255. Index 0 is unused: zero has no
    /// logarithm, and `multiply` handles it before looking anything up.
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for power in 0..<255 { table[Int(exponents[power])] = power }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
    }

    /// α^power, for any power ≥ 0.
    static func power(_ power: Int) -> UInt8 {
        exponents[power % 255]
    }
}
