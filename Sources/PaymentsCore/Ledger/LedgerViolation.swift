import Foundation

/// One broken promise of the ledger, found by `LedgerAudit` on a database. Values, not words:
/// tests match the case and its ids; `description` is the plain English line `checkout audit`
/// prints (the core has no translations, and an operator's audit log is read as it is).
public enum LedgerViolation: Hashable, Sendable, CustomStringConvertible {
    /// More than one payment took money for the same order (charges, bank payments, sources).
    case orderPaidMoreThanOnce(orderId: String, orderNumber: String, payments: [String])
    /// An order marked paid with no money behind it: no captured charge (or refunded in full), no
    /// authorised bank payment, no wallet source: the jars left the shelf for nothing.
    case paidOrderWithoutPayment(orderId: String, orderNumber: String)
    /// A captured charge names its order (by idempotency key, `orders.charge_id` or description),
    /// but that order is not paid: the shopper paid for jars they were not sold.
    case capturedChargeOfUnpaidOrder(chargeId: String, amount: Money, orderId: String, orderNumber: String, orderState: String)
    /// A bank payment authorised, or a wallet source authorised or consumed, for an order that is
    /// not paid and no longer waiting for it: the money moved, the jars were not sold.
    case externalPaymentOfUnpaidOrder(paymentId: String, amount: Money, orderId: String, orderNumber: String, orderState: String)
    /// A captured, unrefunded charge that no paid order, won bid, source or renewal accounts for.
    case capturedChargeWithoutOwner(chargeId: String, amount: Money, idempotencyKey: String)
    /// An authorised hold (money held on a card) with no bid that is joined or won.
    case holdWithoutBid(chargeId: String, amount: Money, bidId: String?, bidState: String?)
    /// A joined or won bid whose hold is not authorised any more (the shopper bids with nothing held).
    case bidWithoutHold(bidId: String, holdId: String?, holdStatus: String?)
    /// Jars held for an order that is no longer waiting for its payment (or that does not exist).
    case reservationOfSettledOrder(orderId: String, orderNumber: String?, orderState: String?, productId: String, quantity: Int)
    case negativeStock(productId: String, stock: Int)
    /// A refund marked done whose money never went back: the shopper was told "refunded" (and the
    /// jars went back on the shelf) for nothing.
    case refundWithoutMoney(refundId: String, orderNumber: String)
    /// A refund marked failed whose money did go back: the shop gave the money and kept no record.
    case moneyBackOfFailedRefund(refundId: String, orderNumber: String, amount: Money)
    /// An order's refunds (done, or on their way back) add up to more than it was paid.
    case refundedMoreThanPaid(orderId: String, orderNumber: String, refunded: Money, paid: Money)
    case reservationsExceedStock(productId: String, stock: Int, reserved: Int)
    /// A product's stock is not the sum of its movements (opening, received, counted, sold,
    /// returned): stock changed with no row saying why (issue 36).
    case stockDisagreesWithMovements(productId: String, stock: Int, moved: Int)
    /// The books do not hold what the order says it was paid: money in less money out for the
    /// order is `booked`, where its state and refunds say `owed` (its total less what went back
    /// when paid, zero when refunded in full, failed or not paid yet).
    case bookedBalanceDiffers(orderId: String, orderNumber: String, booked: Money, owed: Money)
    /// A paid order's payment (charge, bank payment, wallet source) has no entry in the books.
    case paymentNotBooked(orderId: String, orderNumber: String, paymentId: String)
    /// A refund whose money went back has no entry in the books.
    case refundNotBooked(refundId: String, orderNumber: String)
    /// An entry says another amount than the payment or refund it answers to.
    case entryDiffersFromPayment(entryId: String, booked: Money, moved: Money)
    /// A subscription's payment or a draw on a mandate took money (`takenFor`: its key or
    /// reference) and no order holds it in the books: nothing bought, no receipt, no report.
    case moneyTakenWithNothingBought(paymentId: String, amount: Money, takenFor: String)
    /// A saved Z report does not say what the books hold for its period.
    case dayReportDiffersFromBooks(number: Int, figure: String, reported: Money, booked: Money)
    /// Still waiting for an answer long after it should have had one.
    case unsettled(UnsettledPayment, since: Date)
    /// A run of 12 to 19 digits that passes Luhn, in clear in a text or blob column.
    case cardNumberInClear(table: String, column: String, rowId: Int64?, lastFour: String)
    /// A counter's journal does not hold: an entry changed, missing, or not signed by its key.
    case journalBroken(JournalProblem)
    /// An order's discounts do not add up (`DiscountCheck`).
    case discountedOrderDiffers(orderId: String, orderNumber: String, problem: DiscountProblem)

    public var description: String {
        switch self {
        case let .orderPaidMoreThanOnce(orderId, number, payments):
            "Order \(number) (\(orderId)) was paid \(payments.count) times: \(payments.joined(separator: ", "))."
        case let .paidOrderWithoutPayment(orderId, number):
            "Order \(number) (\(orderId)) is paid, but no payment for it holds money."
        case let .capturedChargeOfUnpaidOrder(chargeId, amount, orderId, number, state):
            "Charge \(chargeId) took \(amount) for order \(number) (\(orderId)), but the order is \(state), not paid."
        case let .externalPaymentOfUnpaidOrder(paymentId, amount, orderId, number, state):
            "Payment \(paymentId) took \(amount) for order \(number) (\(orderId)), but the order is \(state), not paid."
        case let .capturedChargeWithoutOwner(chargeId, amount, key):
            "Charge \(chargeId) took \(amount) (key \(key)) and belongs to no paid order, won bid, source or renewal."
        case let .holdWithoutBid(chargeId, amount, bidId, bidState):
            if let bidId, let bidState {
                "Hold \(chargeId) keeps \(amount) on a card, but its bid \(bidId) is \(bidState)."
            } else {
                "Hold \(chargeId) keeps \(amount) on a card, and no bid owns it."
            }
        case let .bidWithoutHold(bidId, holdId, status):
            "Bid \(bidId) stands, but its hold \(holdId ?? "(none)") is \(status ?? "missing"), not authorised."
        case let .reservationOfSettledOrder(orderId, number, state, productId, quantity):
            if let number, let state {
                "\(quantity) × \(productId) stay reserved for order \(number) (\(orderId)), which is \(state)."
            } else {
                "\(quantity) × \(productId) stay reserved for order \(orderId), which does not exist."
            }
        case let .negativeStock(productId, stock):
            "Product \(productId) has a stock of \(stock)."
        case let .reservationsExceedStock(productId, stock, reserved):
            "Product \(productId) has \(reserved) reserved but only \(stock) in stock."
        case let .stockDisagreesWithMovements(productId, stock, moved):
            "Product \(productId) has a stock of \(stock), but its movements add up to \(moved)."
        case let .refundWithoutMoney(refundId, number):
            "Refund \(refundId) of order \(number) is marked refunded, but no money went back."
        case let .moneyBackOfFailedRefund(refundId, number, amount):
            "Refund \(refundId) of order \(number) is marked failed, but \(amount) went back."
        case let .refundedMoreThanPaid(orderId, number, refunded, paid):
            "Order \(number) (\(orderId)) was paid \(paid) and refunds give back \(refunded)."
        case let .bookedBalanceDiffers(orderId, number, booked, owed):
            "Order \(number) (\(orderId)) should hold \(owed) paid, but the books hold \(booked)."
        case let .paymentNotBooked(orderId, number, paymentId):
            "Order \(number) (\(orderId)) is paid by \(paymentId), which is not in the books."
        case let .refundNotBooked(refundId, number):
            "Refund \(refundId) of order \(number) gave money back, which is not in the books."
        case let .entryDiffersFromPayment(entryId, booked, moved):
            "Ledger entry \(entryId) books \(booked), but its payment moved \(moved)."
        case let .moneyTakenWithNothingBought(paymentId, amount, takenFor):
            "Payment \(paymentId) took \(amount) (\(takenFor)) with nothing bought: no order holds it in the books."
        case let .dayReportDiffersFromBooks(number, figure, reported, booked):
            "Z report \(number) says \(figure) \(reported), but the books hold \(booked) for its period."
        case let .unsettled(payment, since):
            "\(payment) has been waiting since \(Self.timestamp(since))."
        case let .cardNumberInClear(table, column, rowId, lastFour):
            "A card number ending \(lastFour) is in clear in \(table).\(column)\(rowId.map { " (row \($0))" } ?? "")."
        case let .journalBroken(problem):
            problem.description
        case let .discountedOrderDiffers(orderId, number, problem):
            "Order \(number) (\(orderId)) was placed with discounts, but \(problem.description)."
        }
    }

    private static func timestamp(_ date: Date) -> String { date.ISO8601Format() }
}

/// What is left waiting (see `LedgerViolation.unsettled`).
public enum UnsettledPayment: Hashable, Sendable, CustomStringConvertible {
    /// `pending` or `requires_action` (the stored status name).
    case charge(id: String, status: String)
    /// `pendingPayment` with jars reserved.
    case order(id: String, number: String)
    /// A bid left at its 3-D Secure step.
    case bid(id: String)
    /// A bank payment still `authorizing`.
    case bankPayment(id: String)
    /// A subscription's renewal paid by `chargeId` whose answer the subscription has not recorded.
    case renewal(subscriptionId: String, chargeId: String)
    /// An order's refund asked of the card and not answered (or its answer not recorded).
    case refund(id: String, orderNumber: String)

    public var description: String {
        switch self {
        case let .charge(id, status): "Charge \(id) (\(status))"
        case let .order(id, number): "Order \(number) (\(id)), with jars reserved,"
        case let .bid(id): "Bid \(id) (3-D Secure)"
        case let .bankPayment(id): "Bank payment \(id) (authorizing)"
        case let .renewal(subscriptionId, chargeId): "The renewal of \(subscriptionId), paid by charge \(chargeId) and not recorded,"
        case let .refund(id, number): "Refund \(id) of order \(number)"
        }
    }
}
