@testable import PaymentsCore
import Testing

/// The barcode as a value: each symbology's check digit, good and damaged, and the priced
/// in-store range.
@Suite struct BarcodeTests {
    @Test(arguments: ["2000000000015", "2000000000022", "2000000000039", "2000000000046", "4006381333931", "5012345678900"])
    func anEAN13WithItsCheckDigitIsRead(_ code: String) throws {
        let barcode = try Barcode(scanned: code)
        #expect(barcode.symbology == .ean13 && barcode.code == code)
    }

    @Test(arguments: ["2000000000016", "4006381333932", "5012345678901", "2000000000051"])
    func anEAN13WithAWrongCheckDigitIsRefused(_ code: String) {
        #expect(throws: BarcodeError.wrongCheckDigit) { try Barcode(scanned: code) }
    }

    @Test func twoDigitsSwappedAreCaught() {
        // Swapping neighbours of different weight changes the sum unless they differ by 5.
        #expect(throws: BarcodeError.wrongCheckDigit) { try Barcode(scanned: "4003681333931") }
    }

    @Test func anEAN8IsReadWithItsOwnCheckDigit() throws {
        let barcode = try Barcode(scanned: "96385074")
        #expect(barcode.symbology == .ean8 && barcode.code == "96385074")
        #expect(throws: BarcodeError.wrongCheckDigit) { try Barcode(scanned: "96385075") }
        #expect(throws: BarcodeError.wrongCheckDigit) { try Barcode(scanned: "73512345") }
    }

    @Test func aUPCAIsReadAsAnEAN13WithALeadingZero() throws {
        let barcode = try Barcode(scanned: "036000291452")
        #expect(barcode.symbology == .upcA && barcode.code == "0036000291452")
        #expect(try Barcode(scanned: "0036000291452").code == barcode.code, "one product, one code, whichever the label prints")
        #expect(throws: BarcodeError.wrongCheckDigit) { try Barcode(scanned: "036000291453") }
    }

    @Test func whatIsNoBarcodeIsSaidSo() {
        #expect(throws: BarcodeError.wrongLength(9)) { try Barcode(scanned: "123456789") }
        #expect(throws: BarcodeError.wrongLength(14)) { try Barcode(scanned: "20000000000150") }
        #expect(throws: BarcodeError.notDigits) { try Barcode(scanned: "20000000O0015") }
        #expect(throws: BarcodeError.notDigits) { try Barcode(scanned: "") }
        #expect(throws: BarcodeError.notDigits) { try Barcode(scanned: "２000000000015") }
    }

    @Test func theCheckDigitRuleIsGS1s() {
        #expect(Barcode.checkDigit(of: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]) == 5)
        #expect(Barcode.checkDigit(of: [9, 6, 3, 8, 5, 0, 7]) == 4)
        #expect(Barcode.withCheckDigit("400638133393") == "4006381333931")
    }

    @Test func aPricedInStoreCodeCarriesItsArticleAndPrice() throws {
        let code = Barcode.inStorePriced(article: "00001", minorUnits: 320)
        #expect(code == Barcode.withCheckDigit("230000100320"))
        let priced = try #require(try Barcode(scanned: code).inStorePrice)
        #expect(priced.article == "00001" && priced.minorUnits == 320)
        #expect(priced.articleCode == Barcode.inStoreArticleCode(article: "00001"))
        #expect(priced.articleCode == "2300001000008")
        #expect(try Barcode(scanned: Barcode.inStorePriced(article: "12345", minorUnits: 99_999)).inStorePrice?.minorUnits == 99_999)
    }

    @Test func aPricedCodeWithAWrongCheckDigitIsRefused() {
        var damaged = Barcode.inStorePriced(article: "00001", minorUnits: 320)
        let last = damaged.removeLast().wholeNumberValue!
        #expect(throws: BarcodeError.wrongCheckDigit) { try Barcode(scanned: damaged + String((last + 1) % 10)) }
    }

    @Test func otherPrefixesAndOtherLengthsCarryNoPrice() throws {
        #expect(try Barcode(scanned: "2000000000015").inStorePrice == nil)
        #expect(try Barcode(scanned: "96385074").inStorePrice == nil)
        #expect(try Barcode(scanned: Barcode.withCheckDigit("220000100320")).inStorePrice == nil)
    }
}
