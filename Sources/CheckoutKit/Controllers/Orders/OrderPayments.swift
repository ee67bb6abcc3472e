import Foundation
import PaymentsCore

/// The store's cart as an order paid outside the card checkout: placed and its jars reserved
/// before anything is asked, then settled with what the bank or the wallet answered, or left to
/// the settler when the answer is not known yet. `CheckoutServices` wires it; the screens reach
/// it through the services' methods of the same names.
public final class OrderPayments {
    private let commerce: Commerce
    private let session: CounterSession
    private let bankGateway: CoreBankGateway
    private let settlerLoop: SettlerLoop

    init(commerce: Commerce, session: CounterSession, bankGateway: CoreBankGateway, settlerLoop: SettlerLoop) {
        self.commerce = commerce
        self.session = session
        self.bankGateway = bankGateway
        self.settlerLoop = settlerLoop
    }

    /// The store's cart paid by bank, as an order: placed and its jars reserved (`outOfStock`
    /// before the bank is asked for anything), the bank payment created for the order's total
    /// with its number as the reference. Process the context as usual, then hand the result to
    /// `settleBankOrder`.
    ///
    /// A bank payment counts as PAID once the bank reports it `authorized` (or `executed`,
    /// `settled`): the shopper has approved it at the bank and the payment is irrevocable from the
    /// store's side (the screens treat it as paid too). `wait` and `redirect` keep the order
    /// pending and the jars reserved until the payment's status says authorised or failed.
    public func bankOrderPayment(redirectURL: URL, preferences: BankPaymentPreferences = BankPaymentPreferences()) throws -> (order: Order, context: BankPaymentContext) {
        let order = try placeAndReserve(.bank)
        do {
            let context = try bankGateway.createPayment(amount: order.total, reference: order.number, redirectURL: redirectURL, preferences: preferences)
            try commerce.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: context.identifier, token: context.token))
            return (order, context)
        } catch {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: "bank_payment_not_created")
            throw error
        }
    }

    /// The store's cart paid by a mandate set up at the checkout: a mandate draws money only for
    /// an order (or a subscription's period), so the cart becomes an order first (placed, its jars
    /// reserved: `outOfStock` before anything is drawn), then the draw is made for the order's
    /// total with its number as the reference, and the order is marked paid with it (booked with
    /// tender `mandate`). A refused draw fails the order and keeps the cart. A draw made whose
    /// order could not be marked is the settler's (the draw is made out to the order's number):
    /// `outcomeUnknown`.
    public func mandateOrderPayment(mandate: BankPaymentContext) throws -> Order {
        let order = try placeAndReserve(.bank)
        let draw: BankResourceHandle
        do throws(BankError) {
            draw = try commerce.bank.payFromMandate(identifier: mandate.identifier, token: mandate.token, amount: order.total, reference: order.number)
        } catch {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: error.code)
            throw error
        }
        do throws(OrderError) {
            try commerce.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: draw.identifier, token: draw.resourceToken))
            guard let paid = try commerce.orders.markPaid(orderId: order.id, reference: draw.identifier) else {
                throw OrderError.outcomeUnknown(number: order.number)
            }
            return paid
        } catch {
            keepSettling()
            throw OrderError.outcomeUnknown(number: order.number)
        }
    }

    /// Settles the order with what the bank flow answered: authorised, executed or settled is
    /// paid; `wait`/`redirect` leave it pending (settled later by `settlePendingOrders`); an
    /// error asks the payment's status (the money may have moved despite a lost answer).
    @discardableResult
    public func settleBankOrder(_ orderId: String, context: BankPaymentContext, result: Result<SinglePayment.State, SinglePayment.Error>) -> Order? {
        let orders = commerce.orders
        switch result {
        case .success(.authorized), .success(.executed), .success(.settled):
            return (try? orders.markPaid(orderId: orderId, reference: context.identifier)) ?? nil
        case .success(.wait), .success(.redirect):
            keepSettling()
            return try? orders.order(id: orderId)
        case .failure(let error):
            // Refused while the shopper is there: she may choose another bank for the same order.
            guard let reference = (try? commerce.orders.externalReference(orderId: orderId)) ?? nil else {
                return try? orders.releaseExternalAttempt(orderId: orderId, reason: error.code)
            }
            switch Settler.bankStatus(reference, in: commerce.bank) {
            case .paid(let paid): return (try? orders.markPaid(orderId: orderId, reference: paid)) ?? nil
            case .failed(let reason): return try? orders.releaseExternalAttempt(orderId: orderId, reason: reason)
            case .pending:
                // The flow is over here: only a payment the bank is still authorising waits.
                if case .authorizing? = try? commerce.bank.paymentStatus(identifier: reference.identifier, token: reference.token ?? "").status {
                    keepSettling()
                    return try? orders.order(id: orderId)
                }
                return try? orders.releaseExternalAttempt(orderId: orderId, reason: error.code)
            }
        }
    }

    /// The session's cart as an order whose jars are reserved for `kind`; a refused order
    /// (the last jar is another cart's) is failed at once and the cart kept.
    public func placeAndReserve(_ kind: ExternalPaymentKind) throws(OrderError) -> Order {
        // Another attempt (another bank after a refusal) pays the order the last one left waiting.
        let open = try commerce.orders.openExternalOrder(for: session.cartKey, kind: kind)
        let order: Order
        if let open { order = open } else { order = try commerce.orders.placeOrder(for: session.cartKey, signedBy: session.placedBy) }
        do throws(OrderError) {
            return try commerce.orders.startExternalPayment(orderId: order.id, kind: kind)
        } catch {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: "out_of_stock")
            throw error
        }
    }

    /// Called when an order is left waiting on a bank payment, wallet source or unknown card
    /// answer: the settler loop passes again within a few seconds.
    private func keepSettling() {
        settlerLoop.wake()
    }

    /// One settler pass (bank and wallet orders among the rest); returns the orders it settled.
    @discardableResult
    public func settlePendingOrders() -> [Order] {
        commerce.settler.settleNow().orders.compactMap { try? commerce.orders.order(id: $0) }
    }
}
