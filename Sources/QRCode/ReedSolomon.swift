/// The systematic Reed-Solomon code QR symbols use: the parity codewords are the remainder of
/// the data polynomial, shifted up by the parity length, divided by the generator polynomial
/// g(x) = (x - α^0)(x - α^1)…(x - α^(n-1)).
struct ReedSolomon: Sendable {
    /// Coefficients of g(x) from the highest power down, without the leading 1 (g is monic), so
    /// `generator.count` is the number of parity codewords it produces.
    let generator: [UInt8]

    init(parityCount: Int) {
        precondition(parityCount >= 1 && parityCount <= 254, "QR codes use 7...30 parity codewords")
        // Start from g(x) = 1 and multiply in (x - α^i) one factor at a time. In GF(2^8)
        // subtraction is addition, so each factor is (x + α^i). Coefficients are kept with the
        // highest power first, leading 1 included while building.
        var coefficients: [UInt8] = [1]
        for i in 0..<parityCount {
            let root = GaloisField.power(i)
            var product = [UInt8](repeating: 0, count: coefficients.count + 1)
            for (index, coefficient) in coefficients.enumerated() {
                product[index] ^= coefficient  // times x
                product[index + 1] ^= GaloisField.multiply(coefficient, root)  // times α^i
            }
            coefficients = product
        }
        generator = Array(coefficients.dropFirst())
    }

    /// The parity codewords for `data`: the remainder of data(x)·x^n mod g(x), by long division.
    func parity(for data: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            // The coefficient that leaves the register is the one to cancel with g(x).
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            if factor == 0 { continue }
            for index in generator.indices {
                remainder[index] ^= GaloisField.multiply(generator[index], factor)
            }
        }
        return remainder
    }
}
