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
        try read { db in
            let request: QueryInterfaceRequest<OrderRecord>
            switch search {
            case .number(let number):
                request = OrderRecord.filter(Column("number") == number)
            case let .placed(from, to):
                request = OrderRecord.filter(OrderRecord.Columns.createdAt >= from.milliseconds && OrderRecord.Columns.createdAt < to.milliseconds)
            case .cardLastFour(let lastFour):
                let charged = try String.fetchAll(db, sql: "SELECT id FROM charges WHERE last_four = ?", arguments: [lastFour])
                request = OrderRecord.filter(charged.contains(OrderRecord.Columns.chargeId))
            }
            return try request.newestFirst().limit(limit).fetchAll(db).map { try $0.order(db) }
        }
    }
}
