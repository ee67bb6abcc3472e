import Foundation
import GRDB

/// Finding orders for the operator: by number, by the day they were placed, or by the last four
/// digits of the card that paid them.
extension Orders {
    /// Newest first, at most `limit`.
    public enum Search: Hashable, Sendable {
        case number(String)
        /// Placed in `[from, to)`.
        case placed(from: Date, to: Date)
        case cardLastFour(String)
    }

    public func find(_ search: Search, limit: Int = 50) throws(OrderError) -> [Order] {
        try reading { tx in
            let (condition, arguments): (String, [(any DatabaseValueConvertible)?]) = switch search {
            case .number(let number): ("o.number = ?", [number])
            case let .placed(from, to): ("o.created_at >= ? AND o.created_at < ?", [from.milliseconds, to.milliseconds])
            case .cardLastFour(let lastFour): ("o.charge_id IN (SELECT id FROM charges WHERE last_four = ?)", [lastFour])
            }
            return try tx.rows("SELECT * FROM orders o WHERE \(condition) ORDER BY \(Self.newestFirst(tx)) LIMIT ?", arguments + [limit])
                .map { try $0.decode(OrderRecord.self).order(tx) }
        }
    }
}
