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

    /// Completes a swiped card with what the stripe does not carry: the CVC (always typed) and,
    /// after a track-2-only swipe, the holder's name. The stripe's expiry is checked against `now`.
    public static func validate(swiped: SwipedCard, cvc: String, holder: String? = nil, now: Date) throws(CardValidationErrors) -> Card {
        var errors = CardValidationErrors()
        var parsedCVC: CVC?, parsedHolder: HolderName?
        do { try swiped.expiry.validate(now: now) } catch { errors.expiry = error }
        do { parsedCVC = try CVC(cvc, brand: swiped.number.brand) } catch { errors.cvc = error }
        do { parsedHolder = try HolderName(holder ?? swiped.holderName ?? "") } catch { errors.holder = error }
        guard errors.isEmpty, let c = parsedCVC, let h = parsedHolder else { throw errors }
        return Card(number: swiped.number, expiry: swiped.expiry, cvc: c, holder: h)
    }

    public var description: String { "\(number) \(expiry)" }
}
