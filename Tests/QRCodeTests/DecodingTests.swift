import Testing
@testable import QRCode

/// Round trips through a real decoder: encode, render, let zbarimg read it back.
@Suite
struct DecodingTests {
    static let walletCodes = [
        "wxp://f2f0a1b2c3d4e5f6",
        "https://pay.example/checkout/src_000042?amount=1250&currency=EUR",
    ]

    @Test("wallet payment codes decode", arguments: walletCodes)
    func walletPaymentCode(_ text: String) throws {
        let code = try QRCode.encode(text)
        #expect(try Zbar.decode(pbm: code.pbm()) == text)
    }

    @Test("the terminal's half-block picture decodes, both ways round", arguments: [false, true])
    func halfBlockPicture(invert: Bool) throws {
        let text = Self.walletCodes[1]
        let lines = try QRCode.encode(text).halfBlockLines(invert: invert)
        #expect(try Zbar.decode(halfBlockLines: lines, foregroundIsDark: !invert) == text)
    }

    @Test("numeric, alphanumeric and byte texts decode", arguments: [
        ("12345678901234567890", EncodingMode.numeric),
        ("0", .numeric),
        ("HELLO WORLD", .alphanumeric),
        ("SRC_42", .byte),  // '_' is not in the alphanumeric set
        ("PAY:EUR 12.50 $%*+-./", .alphanumeric),
        ("微信支付 12.50 EUR", .byte),
        ("Café €5 ✓", .byte),
    ])
    func modes(_ text: String, mode: EncodingMode) throws {
        #expect(Segment(text: text).mode == mode)
        #expect(try Zbar.decode(pbm: QRCode.encode(text).pbm()) == text)
    }

    @Test("each correction level decodes", arguments: QRErrorCorrection.allCases)
    func correctionLevel(_ correction: QRErrorCorrection) throws {
        let text = Self.walletCodes[1]
        let code = try QRCode.encode(text, correction: correction)
        #expect(code.correction == correction)
        #expect(try Zbar.decode(pbm: code.pbm()) == text)
    }

    @Test("full symbols of the versions the brief names decode", arguments: [
        (1, QRErrorCorrection.medium), (2, .medium), (7, .medium), (10, .medium),
        (20, .medium), (40, .medium), (40, .low), (40, .high),
    ])
    func namedVersion(_ version: Int, correction: QRErrorCorrection) throws {
        let text = textFilling(version: version, correction: correction)
        let code = try QRCode.encode(text, correction: correction)
        #expect(code.version == version)
        #expect(try Zbar.decode(pbm: code.pbm(scale: 3)) == text)
    }

    /// Every version filled to capacity, cycling the levels, so that each block structure and
    /// alignment layout is read back by a decoder at least once.
    @Test("every version, filled to capacity, decodes", arguments: 1...40)
    func everyVersion(_ version: Int) throws {
        let correction = QRErrorCorrection.allCases[version % 4]
        let text = textFilling(version: version, correction: correction)
        let code = try QRCode.encode(text, correction: correction)
        #expect(code.version == version)
        #expect(try Zbar.decode(pbm: code.pbm(scale: 2)) == text)
    }

    @Test("a short text raised to a minimum version decodes")
    func minimumVersion() throws {
        let code = try QRCode.encode("wxp://f2f0a1b2c3d4e5f6", minimumVersion: 8)
        #expect(code.version == 8)
        #expect(try Zbar.decode(pbm: code.pbm()) == "wxp://f2f0a1b2c3d4e5f6")
    }
}
