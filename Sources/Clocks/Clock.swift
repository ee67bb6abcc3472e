import Foundation

/// The one source of time for the loop and for everything that runs on it.
///
/// A person at the keys gets the `SystemClock`; a tape gets a `ManualClock` that only moves when
/// the tape says `Sleep`, so a replay sees the same times, to the frame, every run.
public protocol Clock: AnyObject {
    var now: Date { get }
}

public final class SystemClock: Clock {
    public init() {}
    public var now: Date { Date() }
}

public final class ManualClock: Clock {
    /// Tapes and tests start on a fixed, ordinary moment so that expiry dates, receipts and
    /// renewals replay identically. A Sunday morning in November 2026, in UTC.
    public static let defaultStart = Date(timeIntervalSince1970: 1_795_341_600) // 2026-11-22T10:00:00Z

    public private(set) var now: Date

    public init(start: Date = ManualClock.defaultStart) {
        self.now = start
    }

    /// Moves time forward. Time never runs backwards: a negative duration is ignored.
    public func advance(by duration: Duration) {
        guard duration > .zero else { return }
        now = now.addingTimeInterval(duration.timeInterval)
    }

    /// Moves time to `date` if it is later than now.
    public func advance(to date: Date) {
        if date > now { now = date }
    }
}

extension Duration {
    /// Seconds as a `TimeInterval`, for `Date` arithmetic.
    public var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }

    public static func minutes(_ count: Int64) -> Duration { .seconds(count * 60) }
    public static func hours(_ count: Int64) -> Duration { .seconds(count * 3_600) }
    public static func days(_ count: Int64) -> Duration { .seconds(count * 86_400) }
}
