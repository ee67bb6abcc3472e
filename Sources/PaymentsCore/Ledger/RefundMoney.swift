import Foundation

/// Money given back, as each tender's own rows hold it: one row per refund whose money went
/// back, by the refund id an order refund notes (`order_refunds.charge_refund_id`), with what it
/// moved (positive), its currency, and the kind the books answer it by (`LedgerAnswer.Kind`).
/// A bank refund counts once the bank executed it; a wallet refund is the wallet's own row, or
/// a card source's charge refund.
enum RefundMoney {
    static let rows = """
        SELECT 'charge_refund' AS kind, r.id, r.amount AS moved, c.currency FROM refunds r JOIN charges c ON c.id = r.charge_id
        UNION ALL SELECT 'bank_refund', id, amount_minor, currency FROM bank_refunds WHERE status = 'executed'
        UNION ALL SELECT 'wallet_refund', id, amount_minor, currency FROM source_refunds
        UNION ALL SELECT 'wallet_refund', r.id, r.amount, c.currency FROM refunds r JOIN charges c ON c.id = r.charge_id
          JOIN sources s ON s.charge_id = c.id
        UNION ALL SELECT 'cash_refund', id, amount_minor, currency FROM cash_refunds
        """

    /// The kind of money back an order's refund must find, by how the order `alias` was paid: a
    /// bank order's through the bank, a wallet order's through the wallet, any other's through its charge.
    static func kind(ofOrder alias: String) -> String {
        "CASE \(alias).payment_kind WHEN 'bank' THEN 'bank_refund' WHEN 'wallet' THEN 'wallet_refund' WHEN 'cash' THEN 'cash_refund' ELSE 'charge_refund' END"
    }

    /// The kind the order refund `refund` must find: a split order's leg by the tender of the
    /// part it goes back to, any other by its order's (`kind(ofOrder:)`).
    static func kind(ofRefund refund: String, order: String) -> String {
        """
        CASE \(refund).tender WHEN 'card' THEN 'charge_refund' WHEN 'cash' THEN 'cash_refund' WHEN 'bank' THEN 'bank_refund'
          WHEN 'mandate' THEN 'bank_refund' WHEN 'wallet' THEN 'wallet_refund' ELSE \(kind(ofOrder: order)) END
        """
    }
}
