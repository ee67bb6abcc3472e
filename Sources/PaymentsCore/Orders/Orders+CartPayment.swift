import Foundation
import GRDB

/// What paying a session's cart will be, looked at before anything is written: the order it is
/// paid by (the cart's open order again, or a new one) and the attempt's key. The charge needs
/// the key and the order's number before its transaction begins; the transaction checks that
/// they still hold.
public struct CartPayment: Hashable, Sendable {
    public let sessionKey: String
    public let orderId: String
    /// The order's number (a new order's, if no other counter takes it first).
    public let number: String
    public let total: Money
    /// What is left to pay: the total, less the parts of a split paid before (issue 35).
    public let due: Money
    /// What this payment charges: what is left, or one part of it (`part(_:)`).
    public internal(set) var amount: Money
    let attempt: Int
    /// The number is this payment's already (taken in a commit of its own after another counter
    /// took the one looked at): the new order is placed with it.
    var numberClaimed = false
    /// Who takes the payment (issue 36): the order is signed as placed by them; nil in a shop
    /// without staff.
    public var placedBy: StaffSignature?

    var key: String { Orders.paymentKey(orderId: orderId, attempt: attempt) }
}

/// Paying a cart in two durable commits (issue 18): the intent (the order placed or its next
/// attempt, the jars reserved, the charge pending under the attempt's key, their events) before
/// the acquirer is asked, and the answer (the charge's outcome with the order paid, the stock
/// down and the cart emptied, or the jars back) after; each in one transaction.
extension Orders {
    /// Looks at what paying the session's cart will be. Refuses, writing nothing, an empty cart
    /// (or a cart error) and a cart tied to an order whose outcome is not known yet.
    public func prepareCartPayment(for sessionKey: String) throws(OrderError) -> CartPayment {
        try reading { tx in
            let (cart, open) = try cartAndOpenOrder(tx, sessionKey)
            if let open, Self.holds(open, the: cart) {
                let attempt = try OrderRecord.stored(tx, id: open.id)?.attempt ?? 0
                let due = try Self.due(tx, open)
                return CartPayment(sessionKey: sessionKey, orderId: open.id, number: open.number, total: open.total, due: due, amount: due,
                                   attempt: attempt + 1)
            }
            return CartPayment(sessionKey: sessionKey, orderId: ids.next("ord"), number: try OrderNumbers.peekNext(in: tx),
                               total: cart.total, due: cart.total, amount: cart.total, attempt: 1)
        }
    }

    /// `prepareCartPayment`, with a new order's number taken now, for this payment alone.
    private func claimNumber(for payment: CartPayment) throws(OrderError) -> CartPayment {
        let looked = try prepareCartPayment(for: payment.sessionKey)
        // The same part (a new order has none paid before, so it fits).
        guard looked.attempt == 1 else { return looked.part(payment.amount) ?? looked }
        let number = try writing { tx in try OrderNumbers.next(in: tx) }
        var claimed = CartPayment(sessionKey: payment.sessionKey, orderId: looked.orderId, number: number, total: looked.total, due: looked.due,
                                  amount: looked.due, attempt: 1, numberClaimed: true)
        claimed.placedBy = payment.placedBy
        return claimed.part(payment.amount) ?? claimed
    }

    /// Pays the cart as `payment` said, by card, as `pay(orderId:)` pays an order, in two commits
    /// when the gateway's charges live in this database (else as `orderToPay`, then `pay(orderId:)`).
    /// A sold-out jar ends the order with nothing charged. Another counter taking the new order's
    /// number meanwhile (several counters paying at once) rolls the intent back whole, with
    /// nothing charged and nothing written; the payment then takes a number of its own, in a
    /// commit of its own (a number left unused if it goes no further), and begins again.
    public func pay(_ payment: CartPayment, with instrument: PaymentInstrument, through gateway: ChargeGateway? = nil,
                    completion: @escaping (Result<Order, OrderError>) -> Void) {
        pay(payment, with: instrument, through: gateway, numberRetries: Self.numberRetries, completion: completion)
    }

    /// How often a payment is begun again after another counter took its order's number: once
    /// is enough (the second number is the payment's own), the rest is for a cart that changed
    /// meanwhile.
    static let numberRetries = 3

    private func pay(_ payment: CartPayment, with instrument: PaymentInstrument, through gateway: ChargeGateway?, numberRetries: Int,
                     completion: @escaping (Result<Order, OrderError>) -> Void) {
        guard let joining = (gateway ?? charges) as? TransactionalChargeGateway else {
            do throws(OrderError) {
                let order = try orderToPay(for: payment.sessionKey, signedBy: payment.placedBy)
                return pay(orderId: order.id, with: instrument, through: gateway, completion: completion)
            } catch {
                return scheduler.answer(completion, with: .failure(error))
            }
        }
        // The intent's refusal as the shopper hears it (the charge service hears only that its
        // transaction failed).
        var refusal: OrderError?
        var numberTaken = false
        let companion = ChargeCompanion(intent: { [self] tx in
            numberTaken = false
            do {
                let order = try orderToPay(tx, sessionKey: payment.sessionKey, newOrderId: payment.orderId,
                                           newOrderNumber: payment.numberClaimed ? payment.number : nil, placedBy: payment.placedBy)
                numberTaken = order.id == payment.orderId && order.number != payment.number
                guard order.id == payment.orderId, order.number == payment.number, order.total == payment.total, try Self.due(tx, order) == payment.due,
                      try startAttempt(tx, orderId: order.id, instrument: instrument).key == payment.key else {
                    throw OrderError.storage("order \(payment.number) changed while its payment began; nothing was charged")
                }
            } catch let error as OrderError {
                refusal = error
                throw error
            }
        }, answer: { [self] tx, answer in
            guard let order = try Order.load(tx, id: payment.orderId) else { return }
            switch answer {
            case .success(let receipt): _ = try recordPaid(tx, order, chargeId: receipt.chargeId)
            case .failure(let decline): try recordAttemptReleased(tx, order.id, reason: decline.code, endOrder: false)
            }
        })
        let request = CardPaymentRequest(amount: payment.amount, instrument: instrument, idempotencyKey: payment.key,
                                         description: Order.paymentDescription(number: payment.number))
        joining.charge(request, alongside: companion) { [self] result in
            if numberTaken, numberRetries > 0, let again = try? claimNumber(for: payment) {
                return pay(again, with: instrument, through: gateway, numberRetries: numberRetries - 1, completion: completion)
            }
            if let refusal {
                if case .outOfStock = refusal { refuseSoldOut(payment, refusal) }
                return completion(.failure(refusal))
            }
            // The answer is written already; what is left (a short shelf's refund) and the words
            // are `pay(orderId:)`'s. No order: refused before anything was written.
            switch ((try? reading { tx in try Order.load(tx, id: payment.orderId) }) ?? nil, result) {
            case (let order?, .success) where order.state == .paid: completion(.success(order))
            case (let order?, _): finishAttempt(order, result, completion: completion)
            case (nil, .failure(.declined(let decline))): completion(.failure(.paymentDeclined(decline)))
            case (nil, _): completion(.failure(.outcomeUnknown(number: payment.number)))
            }
        }
    }

    /// A sold-out refusal of a cart's payment: the whole intent rolled back, so the order is
    /// placed again (if it was new) to be ended with the refusal, as `pay(orderId:)` ends it.
    private func refuseSoldOut(_ payment: CartPayment, _ error: OrderError) {
        _ = try? writing { tx in
            let order = try orderToPay(tx, sessionKey: payment.sessionKey, newOrderId: payment.orderId,
                                       newOrderNumber: payment.numberClaimed ? payment.number : nil)
            try recordSoldOut(tx, order.id, error)
        }
    }
}
