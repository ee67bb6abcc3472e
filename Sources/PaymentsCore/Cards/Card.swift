import Foundation

/// A complete card as the shopper entered it (or swiped it and typed the CVC).
public struct Card: Hashable, Sendable, CustomStringConvertible {
    public let number: CardNumber
    public let expiry: Expiry
    public let cvc: CVC
    public let holder: HolderName

    public init(number: CardNumber, expiry: Expiry, cvc: CVC, holder: HolderName) {
        self.number = number; self.expiry = expiry; self.cvc = cvc; self.holder = holder
    }

    /// Validates every field of a card form at once, so each field can show its own error.
    public static func validate(number: String, expiry: String, cvc: String, holder: String, now: Date) throws(CardValidationErrors) -> Card {
        var errors = CardValidationErrors()
        var parsedNumber: CardNumber?, parsedExpiry: Expiry?, parsedCVC: CVC?, parsedHolder: HolderName?
        do { parsedNumber = try CardNumber(number) } catch { errors.number = error }
        do { parsedExpiry = try Expiry(parsing: expiry, now: now) } catch { errors.expiry = error }
        // The CVC length depends on the brand; use what the prefix tells if the number is bad.
        let brand = parsedNumber?.brand ?? CardBrand.detect(prefix: number)
        do { parsedCVC = try CVC(cvc, brand: brand) } catch { errors.cvc = error }
        do { parsedHolder = try HolderName(holder) } catch { errors.holder = error }
        guard let n = parsedNumber, let e = parsedExpiry, let c = parsedCVC, let h = parsedHolder else { throw errors }
        return Card(number: n, expiry: e, cvc: c, holder: h)
    }

    public var description: String { "\(number) \(expiry)" }
}
