import Testing
@testable import QRCode

struct GaloisFieldTests {
    @Test func powersOfTwoWrapThroughTheReducingPolynomial() {
        #expect(GaloisField.power(7) == 0x80)
        #expect(GaloisField.power(8) == 0x1D)  // x^8 = x^4 + x^3 + x^2 + 1
        #expect(GaloisField.power(255) == 1)
        #expect(Set((0..<255).map(GaloisField.power)).count == 255)  // α generates the group
    }

    @Test func multiplicationMatchesShiftAndReduce() {
        // Reference: carry-less multiplication reduced bit by bit, without tables.
        func slowMultiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
            var product = 0
            for bit in 0..<8 where (Int(b) >> bit) & 1 == 1 { product ^= Int(a) << bit }
            for bit in stride(from: 15, through: 8, by: -1) where (product >> bit) & 1 == 1 {
                product ^= 0x11D << (bit - 8)
            }
            return UInt8(product)
        }
        for a in stride(from: 0, through: 255, by: 7) {
            for b in stride(from: 0, through: 255, by: 11) {
                #expect(GaloisField.multiply(UInt8(a), UInt8(b)) == slowMultiply(UInt8(a), UInt8(b)))
            }
        }
    }
}

struct ReedSolomonTests {
    @Test func generatorPolynomialOfDegreeSeven() {
        // g(x) for 7 parity codewords, as exponents of α in ISO/IEC 18004 annex A:
        // x^7 + α^87 x^6 + α^229 x^5 + α^146 x^4 + α^149 x^3 + α^238 x^2 + α^102 x + α^21.
        let exponents = [87, 229, 146, 149, 238, 102, 21]
        #expect(ReedSolomon(parityCount: 7).generator == exponents.map(GaloisField.power))
    }

    /// The well-known "HELLO WORLD" symbol at 1-M: its data codewords and their 10 parity
    /// codewords.
    @Test func helloWorldOneM() {
        let segment = Segment(text: "HELLO WORLD")
        let data = QRCode.dataCodewords(segment: segment, version: SymbolVersion(1), correction: .medium)
        #expect(data == [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17])
        #expect(ReedSolomon(parityCount: 10).parity(for: data) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test func codewordsAreMultiplesOfTheGenerator() {
        // A codeword (data followed by parity) evaluates to zero at every root α^i of g(x).
        let data: [UInt8] = Array("wxp://f2f0a1b2c3d4e5f6".utf8)
        let parityCount = 18
        let codeword = data + ReedSolomon(parityCount: parityCount).parity(for: data)
        for root in 0..<parityCount {
            let x = GaloisField.power(root)
            let value = codeword.reduce(UInt8(0)) { GaloisField.multiply($0, x) ^ $1 }
            #expect(value == 0, "not zero at α^\(root)")
        }
    }

    @Test func interleavingTakesColumnsAcrossBlocks() {
        // 5-Q: two blocks of 15 data codewords, then two of 16; 18 parity codewords each.
        let structure = SymbolVersion(5).blockStructure(.quartile)
        #expect(structure.blockCount == 4 && structure.shortBlockCount == 2 && structure.shortBlockDataLength == 15)
        let data = (0..<structure.dataCodewords).map { UInt8($0) }
        let result = structure.interleave(data: data)
        #expect(result.count == 134)
        // Block starts are 0, 15, 30, 46: first column, second column, …
        #expect(Array(result.prefix(8)) == [0, 15, 30, 46, 1, 16, 31, 47])
        // The last data column only exists in the two long blocks.
        #expect(Array(result[56..<60]) == [14, 29, 44, 60])
        #expect(Array(result[60..<62]) == [45, 61])
    }
}
