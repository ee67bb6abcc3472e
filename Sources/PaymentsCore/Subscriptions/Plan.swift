import Foundation
import GRDB

public enum BillingInterval: Hashable, Sendable {
    case weeks(Int)
    case months(Int)

    /// The end of period `index` counted from `anchor`. Months are calendar months in UTC, always
    /// counted from the anchor, so a subscription from the 31st does not drift to the 28th.
    func boundary(after anchor: Date, periods index: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        switch self {
        case .weeks(let count): return calendar.date(byAdding: .day, value: 7 * count * index, to: anchor)!
        case .months(let count): return calendar.date(byAdding: .month, value: count * index, to: anchor)!
        }
    }
}

public struct Plan: Hashable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let price: Money
    public let interval: BillingInterval
}

enum PlanSeed {
    static func insert(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO plans (id, position, name, price_minor, currency, interval_unit, interval_count) VALUES
              ('plan-monthly-jar', 0, 'Monthly jar', 990, 'EUR', 'month', 1),
              ('plan-weekly-jar', 1, 'Weekly jar', 350, 'EUR', 'week', 1)
            """)
    }
}
