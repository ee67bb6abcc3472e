import Foundation

/// A card's expiry month. A card is valid through the last day of its month (UTC), so the
/// current month is still valid.
public struct Expiry: Hashable, Sendable, CustomStringConvertible {
    public let month: Int
    /// Four-digit year.
    public let year: Int

    public init(month: Int, year: Int) throws(ExpiryError) {
        guard (1...12).contains(month) else { throw .monthOutOfRange }
        self.month = month
        self.year = year
    }

    /// "MM/YY" or "MM/YYYY" (spaces around the slash allowed; "MMYY" too), checked against `now`.
    public init(parsing text: String, now: Date) throws(ExpiryError) {
        let trimmed = text.filter { !$0.isWhitespace }
        guard !trimmed.isEmpty else { throw .empty }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        let monthText: Substring, yearText: Substring
        if parts.count == 2 {
            (monthText, yearText) = (parts[0], parts[1])
        } else if parts.count == 1, trimmed.count == 4 || trimmed.count == 6 {
            (monthText, yearText) = (trimmed.prefix(2), trimmed.dropFirst(2))
        } else {
            throw .invalidFormat
        }
        guard (1...2).contains(monthText.count), yearText.count == 2 || yearText.count == 4,
              monthText.allSatisfy(\.isASCIIDigit), yearText.allSatisfy(\.isASCIIDigit),
              let month = Int(monthText), let rawYear = Int(yearText) else { throw .invalidFormat }
        try self.init(month: month, year: yearText.count == 2 ? 2000 + rawYear : rawYear)
        try validate(now: now)
    }

    /// Refuses an expired card, or one more than 20 years ahead (a typing mistake).
    public func validate(now: Date) throws(ExpiryError) {
        if isExpired(at: now) { throw .expired }
        let (currentYear, _) = Expiry.yearMonth(of: now)
        if year > currentYear + 20 { throw .tooFarInFuture }
    }

    public func isExpired(at now: Date) -> Bool {
        let (currentYear, currentMonth) = Expiry.yearMonth(of: now)
        return (year, month) < (currentYear, currentMonth)
    }

    /// "MM/YY", as printed on cards.
    public var description: String {
        (month < 10 ? "0" : "") + "\(month)/" + String(String(year).suffix(2))
    }

    /// Made once: building a Calendar is costly, and expiry is checked on every charge.
    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    static func yearMonth(of date: Date) -> (Int, Int) {
        let parts = utcCalendar.dateComponents([.year, .month], from: date)
        return (parts.year ?? 1970, parts.month ?? 1)
    }
}
