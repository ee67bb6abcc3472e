import Foundation

/// What the operator typed in the back office's search field, understood: an order number
/// (`HS-000042`, `#42`, `42`), a day (`2026-11-25`, UTC), or four digits, which may be a card's
/// last four as well as a number. Empty: today's orders.
public enum BackOfficeQuery: Hashable, Sendable {
    case today
    case number(String)
    case day(Date)
    /// Four digits: the orders paid with a card ending so, and the order of that number.
    case lastFourOrNumber(String)

    /// Nil when the text is none of these.
    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { self = .today; return }
        if let day = Self.day(text) { self = .day(day); return }
        let upper = text.uppercased()
        let digits = upper.hasPrefix("HS-") ? String(upper.dropFirst(3)) : upper.hasPrefix("#") ? String(upper.dropFirst()) : upper
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if digits.count == 4, digits == upper { self = .lastFourOrNumber(digits); return }
        self = .number(Self.orderNumber(digits))
    }

    /// "42" -> "HS-000042".
    public static func orderNumber(_ digits: String) -> String {
        "HS-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: utc) else { return nil }
        return utc.date(from: components)
    }
}
