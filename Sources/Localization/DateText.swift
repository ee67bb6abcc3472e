import Foundation

/// Dates and times as the current language writes them, in the shop's time zone.
///
/// The zone is a task-local value bound once around a run, as the language is: the shop's
/// (`--shop FILE`'s `time_zone`, else the machine's) at a counter, UTC under a tape unless one is
/// given, so that a tape shows the same times on every machine. A time in UTC says so ("10:15
/// UTC"); a time in the shop's own zone is written as its clock shows it ("11:15").
///
/// Built from calendar fields rather than a `DateFormatter` with a locale: the C library's and
/// ICU's locale data differ between machines, and a tape must show the same text on every one.
public enum DateText {
    /// The zone dates are shown in; UTC unless a run binds another.
    @TaskLocal public static var timeZone: TimeZone = .gmt

    /// "2026-11-28" · "2026年11月28日"
    public static func day(_ date: Date) -> String {
        let d = Fields(date)
        switch Language.current {
        case .english: return "\(d.year)-\(two(d.month))-\(two(d.day))"
        case .simplifiedChinese: return "\(d.year)年\(d.month)月\(d.day)日"
        }
    }

    /// "Sat 28 Nov 2026" · "2026年11月28日 周六"
    public static func dayWithWeekday(_ date: Date) -> String {
        let d = Fields(date)
        switch Language.current {
        case .english: return "\(englishWeekdays[d.weekday - 1]) \(d.day) \(englishMonths[d.month - 1]) \(d.year)"
        case .simplifiedChinese: return "\(day(date)) \(chineseWeekdays[d.weekday - 1])"
        }
    }

    /// "2026-11-22 10:05 UTC" · "2026年11月22日 10:05 UTC"
    public static func dayAndTime(_ date: Date) -> String {
        "\(day(date)) \(time(date))"
    }

    /// "Wed 25 Nov 2026, 10:00 UTC" · "2026年11月25日 周三 10:00 UTC"
    public static func moment(_ date: Date) -> String {
        switch Language.current {
        case .english: return "\(dayWithWeekday(date)), \(time(date))"
        case .simplifiedChinese: return "\(dayWithWeekday(date)) \(time(date))"
        }
    }

    /// "10:15 UTC", in every language; "11:15" in the shop's own zone.
    public static func time(_ date: Date) -> String {
        let d = Fields(date)
        return "\(two(d.hour)):\(two(d.minute))" + zoneSuffix
    }

    /// "10:15:42 UTC", in every language: for a wait of seconds, when minutes would mislead.
    public static func timeWithSeconds(_ date: Date) -> String {
        let d = Fields(date)
        return "\(two(d.hour)):\(two(d.minute)):\(two(d.second))" + zoneSuffix
    }

    private static var zoneSuffix: String { ["GMT", "UTC", "Etc/UTC", "Etc/GMT"].contains(timeZone.identifier) ? " UTC" : "" }

    private struct Fields {
        let year, month, day, hour, minute, second, weekday: Int
        init(_ date: Date) {
            let c = DateText.calendar(in: DateText.timeZone).dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            year = c.year ?? 1970; month = c.month ?? 1; day = c.day ?? 1
            hour = c.hour ?? 0; minute = c.minute ?? 0; second = c.second ?? 0; weekday = c.weekday ?? 1
        }
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    private static func calendar(in zone: TimeZone) -> Calendar {
        guard zone.identifier != TimeZone.gmt.identifier else { return utcCalendar }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    // Sunday first, as Calendar numbers weekdays.
    private static let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let chineseWeekdays = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"]
    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
