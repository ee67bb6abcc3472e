import Foundation

/// Receipt numbers, gapless per counter: 1, 2, 3... at each till, as a tax office reads them.
///
/// A number is given in the transaction that pays its order (`Orders.setState`), from the
/// counter's row of `receipt_sequences`, raised by one upsert: on a server that row stays locked
/// until the paying transaction ends, so two payments at one counter take turns, and a payment
/// that rolls back takes its number back with it. No number is skipped or given twice, on
/// either engine; two counters of a fleet count apart. The counter is the one the order was paid
/// at (`orders.counter`), else this core's name; a core without a name counts under "".
enum ReceiptNumbers {
    static func assign(_ tx: any CoreTransaction, orderId: String, counterName: String?) throws {
        guard let order = try OrderRecord.stored(tx, id: orderId), order.receiptNumber == nil else { return }
        let counter = order.counter ?? counterName ?? ""
        try tx.execute("""
            INSERT INTO receipt_sequences (counter, last_number) VALUES (?, 1)
            ON CONFLICT (counter) DO UPDATE SET last_number = receipt_sequences.last_number + 1
            """, counter)
        guard let number = try tx.fetchValue(Int.self, "SELECT last_number FROM receipt_sequences WHERE counter = ?", counter) else {
            throw StorageError.corrupt("receipt_sequences has no row for the counter just counted")
        }
        try tx.execute("UPDATE orders SET receipt_counter = ?, receipt_number = ? WHERE id = ?", counter, number, orderId)
    }
}
