import Foundation
import Testing
@testable import PaymentsCore

@Suite struct CardNumberTests {
    @Test(arguments: [
        ("4242424242424242", CardBrand.visa), ("4222222222222", .visa), ("5555555555554444", .mastercard),
        ("2223003122003222", .mastercard), ("378282246310005", .amex), ("371449635398431", .amex),
        ("6011111111111117", .discover), ("3566002020360505", .jcb), ("30569309025904", .diners),
        ("3056930009020004", .diners), ("6200000000000005", .unionPay), ("6759649826438453", .maestro),
    ])
    func recognisesBrands(number: String, brand: CardBrand) throws {
        #expect(try CardNumber(number).brand == brand)
    }

    @Test func acceptsSpacesAndDashes() throws {
        #expect(try CardNumber("4242 4242-4242 4242").digits == "4242424242424242")
    }

    @Test func everyNumberError() {
        #expect(throws: CardNumberError.empty) { try CardNumber(" - ") }
        #expect(throws: CardNumberError.invalidCharacters) { try CardNumber("4242 4242 4242 424x") }
        #expect(throws: CardNumberError.unknownBrand) { try CardNumber("1234567812345678") }
        #expect(throws: CardNumberError.tooShort(brand: .visa)) { try CardNumber("424242424242") }
        #expect(throws: CardNumberError.tooLong(brand: .mastercard)) { try CardNumber("55555555555544441") }
        #expect(throws: CardNumberError.wrongLength(brand: .visa)) { try CardNumber("42424242424242") }
        #expect(throws: CardNumberError.failedChecksum) { try CardNumber("4242424242424241") }
    }

    @Test(arguments: [
        ("4", CardBrand?.some(.visa)), ("3", nil), ("34", .amex), ("37", .amex), ("35", .jcb), ("36", .diners),
        ("30", .diners), ("2", .mastercard), ("22", .mastercard), ("5", nil), ("51", .mastercard), ("50", .maestro),
        ("6", nil), ("62", .unionPay), ("65", .discover), ("6011", .discover), ("601", .discover), ("63", .maestro),
        ("1", nil), ("", nil), ("4x", nil),
    ])
    func detectsBrandFromAPrefix(prefix: String, brand: CardBrand?) {
        #expect(CardBrand.detect(prefix: prefix) == brand)
    }

    @Test func descriptionIsMasked() throws {
        let number = try CardNumber("4242424242424242")
        #expect(number.description == "Visa •••• 4242")
        #expect(!"\(number)".contains("42424242"))
    }
}

@Suite struct CardFieldTests {
    let now = ManualClockStart.date   // 2026-11-22

    @Test func expiryFormatsAndTheCurrentMonth() throws {
        #expect(try Expiry(parsing: "11/26", now: now) == Expiry(month: 11, year: 2026))   // this month: still valid
        #expect(try Expiry(parsing: "1/2027", now: now) == Expiry(month: 1, year: 2027))
        #expect(try Expiry(parsing: "12 / 30", now: now).description == "12/30")
        #expect(try Expiry(parsing: "0330", now: now) == Expiry(month: 3, year: 2030))
    }

    @Test func everyExpiryError() {
        #expect(throws: ExpiryError.empty) { try Expiry(parsing: " ", now: now) }
        #expect(throws: ExpiryError.invalidFormat) { try Expiry(parsing: "12-30", now: now) }
        #expect(throws: ExpiryError.invalidFormat) { try Expiry(parsing: "ab/cd", now: now) }
        #expect(throws: ExpiryError.monthOutOfRange) { try Expiry(parsing: "13/30", now: now) }
        #expect(throws: ExpiryError.monthOutOfRange) { try Expiry(parsing: "00/30", now: now) }
        #expect(throws: ExpiryError.expired) { try Expiry(parsing: "10/26", now: now) }
        #expect(throws: ExpiryError.tooFarInFuture) { try Expiry(parsing: "01/2060", now: now) }
    }

    @Test func everyCVCError() throws {
        #expect(try CVC("123", brand: .visa).description == "•••")
        #expect(throws: CVCError.empty) { try CVC("", brand: .visa) }
        #expect(throws: CVCError.invalidCharacters) { try CVC("12a", brand: .visa) }
        #expect(throws: CVCError.wrongLength(expected: 3)) { try CVC("1234", brand: .visa) }
        #expect(throws: CVCError.wrongLength(expected: 4)) { try CVC("123", brand: .amex) }
        _ = try CVC("1234", brand: .amex)
    }

    @Test func holderNamesInAnyScript() throws {
        #expect(try HolderName("  Zoë  O'Brien-Müller Jr. ").value == "Zoë O'Brien-Müller Jr.")
        _ = try HolderName("山田 太郎")
        #expect(throws: HolderNameError.empty) { try HolderName("   ") }
        #expect(throws: HolderNameError.invalidCharacters) { try HolderName("R2D2") }
        #expect(throws: HolderNameError.invalidCharacters) { try HolderName("--") }
        #expect(throws: HolderNameError.tooLong(maximum: 50)) { try HolderName(String(repeating: "a", count: 51)) }
    }

    @Test func formCollectsEveryFieldError() {
        do {
            _ = try Card.validate(number: "3782 822463 10006", expiry: "13/30", cvc: "123", holder: "", now: now)
            Issue.record("expected errors")
        } catch {
            #expect(error.number == .failedChecksum)
            #expect(error.expiry == .monthOutOfRange)
            #expect(error.cvc == .wrongLength(expected: 4))   // Amex by prefix
            #expect(error.holder == .empty)
        }
    }
}

enum ManualClockStart {
    static let date = Date(timeIntervalSince1970: 1_795_341_600)
}
