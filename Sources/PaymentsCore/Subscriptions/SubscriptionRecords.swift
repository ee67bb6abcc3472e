import Foundation
import GRDB

/// A row of `plans`.
struct PlanRecord: Codable, CoreRecord {
    static let databaseTableName = "plans"

    enum IntervalUnit: String, Codable, DatabaseValueConvertible {
        case week
        case month
    }

    var id: String
    var position: Int
    var name: String
    var priceMinor: Int64
    var currency: String
    var intervalUnit: IntervalUnit
    var intervalCount: Int
}

/// A row of `subscriptions`.
struct SubscriptionRecord: Codable, CoreRecord {
    static let databaseTableName = "subscriptions"

    /// `payer_kind`: who pays the renewals.
    enum PayerKind: String, Codable, DatabaseValueConvertible {
        case card
        case mandate
    }

    var id: String
    var customerId: String
    var planId: String
    var payerKind: PayerKind
    /// A saved card's payment method id; a mandate's identifier and token, a space between.
    var payerRef: String
    var state: SubscriptionState
    var periodIndex: Int
    var periodStart: Date
    var periodEnd: Date
    /// When the customer subscribed: every period is counted from it.
    var anchor: Date
    var cancelAtPeriodEnd: Bool = false
    var failedAttempts: Int = 0
    var nextRetryAt: Date? = nil
    var canceledAt: Date? = nil
    var createdAt: Date
}

/// A row of `subscription_history`: one change of state.
struct SubscriptionHistoryRecord: Codable, CoreRecord {
    static let databaseTableName = "subscription_history"

    /// nil until inserted: SQLite numbers the rows.
    var seq: Int64? = nil
    var subscriptionId: String
    var at: Date
    var fromState: SubscriptionState?
    var toState: SubscriptionState
    var note: String
}

/// A row of `renewal_attempts`: one payment asked for a period (the first payment included).
struct RenewalAttemptRecord: Codable, CoreRecord {
    static let databaseTableName = "renewal_attempts"

    var seq: Int64? = nil
    var subscriptionId: String
    var periodIndex: Int
    var attempt: Int
    var at: Date
    var succeeded: Bool
    var paymentRef: String?
    var reason: String?
    /// What the attempt asked for. NULL only in a row of a subscription already gone when the
    /// amounts were added (a refused first payment removes its subscription).
    var amountMinor: Int64?
    var currency: String?

    /// The amount asked; a row without one cannot be read back as a payment.
    func amount() throws -> Money {
        guard let amountMinor, let currency else { throw UnreadableRow(table: Self.databaseTableName, column: "amount_minor", value: "NULL") }
        return Money(minorUnits: amountMinor, currency: try Currency.stored(currency, in: Self.databaseTableName))
    }

    /// The attempt as the subscription's history lists it.
    func renewalAttempt() throws -> RenewalAttempt {
        RenewalAttempt(periodIndex: periodIndex, attempt: attempt, at: at, succeeded: succeeded, paymentReference: paymentRef,
                       reason: reason, amount: try amount())
    }
}

extension SubscriptionState: Codable, DatabaseValueConvertible {}

extension Plan {
    init(_ record: PlanRecord) throws {
        self.init(id: record.id, name: record.name,
                  price: Money(minorUnits: record.priceMinor, currency: try Currency.stored(record.currency, in: PlanRecord.databaseTableName)),
                  interval: record.intervalUnit == .week ? .weeks(record.intervalCount) : .months(record.intervalCount))
    }
}

extension Subscription {
    init(_ record: SubscriptionRecord) {
        let payer: SubscriptionPayer
        switch record.payerKind {
        case .mandate:
            let parts = record.payerRef.split(separator: " ", maxSplits: 1).map(String.init)
            payer = .mandate(identifier: parts.first ?? "", token: parts.count > 1 ? parts[1] : "")
        case .card:
            payer = .savedCard(paymentMethodId: record.payerRef)
        }
        self.init(id: record.id, customerId: record.customerId, planId: record.planId, payer: payer, state: record.state,
                  periodIndex: record.periodIndex, currentPeriodStart: record.periodStart, currentPeriodEnd: record.periodEnd,
                  cancelAtPeriodEnd: record.cancelAtPeriodEnd, failedAttempts: record.failedAttempts, nextRetryAt: record.nextRetryAt,
                  canceledAt: record.canceledAt)
    }
}

extension SubscriptionPayer {
    /// How the payer is stored: its kind and reference.
    var stored: (kind: SubscriptionRecord.PayerKind, reference: String) {
        switch self {
        case .savedCard(let id): (.card, id)
        case .mandate(let identifier, let token): (.mandate, "\(identifier) \(token)")
        }
    }
}
