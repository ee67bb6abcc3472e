import Testing
@testable import QRCode

/// Mode choice, bit streams, version choice and the too-long error.
struct EncodingTests {
    func bitString(_ buffer: BitBuffer) -> String {
        String(buffer.bits.map { $0 ? "1" : "0" })
    }

    @Test func mostCompactModeForTheWholeText() {
        #expect(Segment(text: "0123456789").mode == .numeric)
        #expect(Segment(text: "HELLO WORLD 12.50 $%*+-./:").mode == .alphanumeric)
        #expect(Segment(text: "Hello").mode == .byte)  // lower case is not alphanumeric
        #expect(Segment(text: "").mode == .numeric)
        #expect(Segment(text: "支付").characterCount == 6)  // UTF-8 bytes, not characters
    }

    @Test func numericGroupsOfThreeDigits() {
        // ISO/IEC 18004 example: 012 345 67.
        #expect(bitString(Segment(text: "01234567").payload) == "0000001100" + "0101011001" + "1000011")
        #expect(bitString(Segment(text: "8").payload) == "1000")
    }

    @Test func alphanumericPairs() {
        // ISO/IEC 18004 example: AC, -4, 2.
        #expect(bitString(Segment(text: "AC-42").payload) == "00111001110" + "11100111001" + "000010")
    }

    @Test func characterCountWidthGrowsWithVersion() {
        #expect(EncodingMode.numeric.characterCountBits(version: 9) == 10)
        #expect(EncodingMode.numeric.characterCountBits(version: 10) == 12)
        #expect(EncodingMode.alphanumeric.characterCountBits(version: 26) == 11)
        #expect(EncodingMode.alphanumeric.characterCountBits(version: 27) == 13)
        #expect(EncodingMode.byte.characterCountBits(version: 9) == 8)
        #expect(EncodingMode.byte.characterCountBits(version: 40) == 16)
    }

    @Test func padBytesAlternateAfterTheTerminator() {
        let data = QRCode.dataCodewords(segment: Segment(text: "1"), version: SymbolVersion(1), correction: .high)
        // 0001 0000000001 0001 0000 → 0x10 0x04 0x40, then pad bytes.
        #expect(data == [0x10, 0x04, 0x40, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    @Test func smallestVersionThatFits() throws {
        // 1-M holds 14 bytes, 2-M 26: 16 bytes need version 2.
        #expect(try QRCode.encode("abcdefghijklmn").version == 1)
        #expect(try QRCode.encode("abcdefghijklmno").version == 2)
        // Numeric packs tighter: 1-M holds 34 digits.
        #expect(try QRCode.encode(String(repeating: "7", count: 34)).version == 1)
        #expect(try QRCode.encode(String(repeating: "7", count: 35)).version == 2)
        // A higher level needs a larger symbol for the same text.
        #expect(try QRCode.encode("abcdefghijklmn", correction: .high).version == 2)
        let code = try QRCode.encode("wxp://f2f0a1b2c3d4e5f6")
        #expect(code.size == 17 + 4 * code.version)
    }

    @Test func largestInputsFitVersion40() throws {
        #expect(try QRCode.encode(String(repeating: "a", count: 2953), correction: .low).version == 40)
        #expect(try QRCode.encode(String(repeating: "9", count: 7089), correction: .low).version == 40)
        #expect(try QRCode.encode(String(repeating: "Z", count: 4296), correction: .low).version == 40)
        #expect(try QRCode.encode(String(repeating: "a", count: 1273), correction: .high).version == 40)
    }

    @Test func tooLongForVersion40() {
        #expect(throws: QREncodingError.dataTooLong(bitCount: 4 + 16 + 2954 * 8, capacityBits: 2956 * 8, correction: .low)) {
            try QRCode.encode(String(repeating: "a", count: 2954), correction: .low)
        }
        #expect(throws: QREncodingError.self) {
            try QRCode.encode(String(repeating: "9", count: 7090), correction: .low)
        }
        #expect(throws: QREncodingError.self) {
            try QRCode.encode(String(repeating: "a", count: 1274), correction: .high)
        }
        // Typed throws: the error needs no cast.
        do throws(QREncodingError) {
            _ = try QRCode.encode(String(repeating: "x", count: 3000))
            Issue.record("expected an error")
        } catch {
            guard case .dataTooLong(_, let capacity, let correction) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(capacity == 2334 * 8 && correction == .medium)
        }
    }

    @Test func minimumVersionOutOfRange() {
        #expect(throws: QREncodingError.invalidVersion(41)) {
            try QRCode.encode("1", minimumVersion: 41)
        }
        #expect(throws: QREncodingError.invalidVersion(0)) {
            try QRCode.encode("1", minimumVersion: 0)
        }
    }

    @Test func outsideTheSymbolIsLight() throws {
        let code = try QRCode.encode("1")
        #expect(!code[-1, 0] && !code[0, -1] && !code[code.size, 0] && !code[0, code.size])
        #expect(code[0, 0])
    }
}
