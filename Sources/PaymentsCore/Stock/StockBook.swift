import Foundation

/// The one way a product's stock changes: the `products.stock` column and a row of
/// `stock_movements` saying why, in the caller's transaction, and the fleet told. The sales
/// (`Orders`), the refunds and the back office (`Stockroom`) all move stock through here, so the
/// stock a product shows is always the sum of its movements (`StockAgreementCheck`).
enum StockBook {
    /// Moves `productId`'s stock by `quantity` (signed) and answers the movement's row.
    @discardableResult
    static func move(_ tx: any CoreTransaction, productId: String, by quantity: Int, kind: StockMovementKind, id: String,
                     reason: StockCountReason? = nil, note: String = "", reference: String? = nil, counter: String?, at: Date,
                     signature: StaffSignature? = nil) throws -> StockMovementRecord {
        try tx.execute("UPDATE products SET stock = stock + ? WHERE id = ?", quantity, productId)
        let after = try tx.fetchValue(Int.self, "SELECT stock FROM products WHERE id = ?", productId) ?? 0
        let record = StockMovementRecord(id: id, productId: productId, kind: kind, quantity: quantity, stockAfter: after, reason: reason, note: note,
                                         reference: reference, counter: counter, at: at, signature: signature)
        try tx.insert(record)
        try tx.announce(.stock(productId: productId))
        return record
    }

    /// The id of the movement of `productId` a sale or a return `reference` made: one per
    /// product and reference, so that the same order paid twice could not move its stock twice
    /// unseen (the second insert is refused by the key).
    static func movementId(_ kind: StockMovementKind, reference: String, productId: String) -> String {
        "\(kind.rawValue)-\(reference)-\(productId)"
    }
}
