import Foundation
@_spi(Testing) @testable import PaymentsCore
import Testing

/// Orders paid through each tender the way the counter's flows pay them: a bank payment with an
/// approving bank, a wallet source the shopper confirms, a card source, an express charge with
/// shipping and a surcharge. Each answers the order as paid.
extension CommerceTestWorld {
    /// Acacia 2 × 6.50 and clover 1 × 5.90 in `session`: €18.90.
    func placeTwoLines(_ session: String) throws -> Order {
        try carts.add(productId: "honey-acacia", quantity: 2, for: session)
        try carts.add(productId: "honey-clover", quantity: 1, for: session)
        return try orders.placeOrder(for: session)
    }

    func payByBank(_ order: Order) throws -> Order {
        try orders.startExternalPayment(orderId: order.id, kind: .bank)
        let handle = try bank.createPayment(amount: order.total, reference: order.number)
        try orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: handle.identifier, token: handle.resourceToken))
        let flow = settle(after: .seconds(5)) {
            bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: "gb-albion-bank", completion: $0)
        }
        #expect(flow?.value == .authorized)
        return try #require(try orders.markPaid(orderId: order.id, reference: handle.identifier))
    }

    /// By a wallet (WeChat Pay), or with `card`, by a card source charged through the gateway.
    func payByWallet(_ order: Order, card: String? = nil) throws -> Order {
        try orders.startExternalPayment(orderId: order.id, kind: .wallet)
        let source = try sources.create(SourceParams(amount: order.total, description: order.paymentDescription,
                                                     type: card == nil ? .wechatPay : .card))
        try orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: source.id))
        if let card {
            let authorised = settle { sources.authorizeCard(sourceId: source.id, instrument: token(card), completion: $0) }
            #expect(authorised?.value?.chargeId != nil)
        } else {
            _ = try sources.startWalletAuthorization(sourceId: source.id)
            try sources.confirmWallet(sourceId: source.id)
        }
        advance(.seconds(3))
        #expect(try sources.sourceStatus(id: source.id) == .consumed)
        return try #require(try orders.markPaid(orderId: order.id, reference: source.id))
    }

    /// Through the express sheet: the goods, €4.90 shipping and a €0.27 surcharge, one charge.
    func payExpress(_ session: String) throws -> Order {
        try carts.add(productId: "honey-clover", quantity: 1, for: session)
        let order = try orders.placeOrder(for: session, extras: [
            OrderExtra(kind: .shipping, name: "Shipping (standard)", amount: Money(minorUnits: 490, currency: .eur)),
            OrderExtra(kind: .surcharge, name: "American Express surcharge", amount: Money(minorUnits: 27, currency: .eur)),
        ], shipsTo: "Ada Lovelace, 1 Honey Lane, Dublin")
        let key = "express-\(order.id)"
        try orders.startExternalPayment(orderId: order.id, kind: .express, paymentKey: key)
        guard case .token(let token) = token() else { throw TenderOrderError.noToken }
        let charge = settle { core.charges.create(ChargeRequest(amount: order.total, source: .token(token), description: order.paymentDescription,
                                                                idempotencyKey: key), completion: $0) }
        let chargeId = try #require(charge?.value?.id)
        return try #require(try orders.markPaid(orderId: order.id, reference: chargeId))
    }

    /// What the books hold paid for an order (money in less money out).
    func bookedBalance(_ orderId: String) throws -> Int64 {
        try core.store.read { tx in try MoneyLedger.balance(tx, orderId: orderId) }
    }

    func ledgerEntries(_ orderId: String) throws -> [LedgerEntry] {
        try core.store.read { tx in try MoneyLedger.entries(tx, orderId: orderId) }
    }

    func audit() throws -> [LedgerViolation] {
        try LedgerAudit().violations(in: core.store, now: clock.now)
    }

    func count(_ sql: String) throws -> Int {
        try core.store.read { tx in try tx.fetchValue(Int.self, sql) } ?? -1
    }
}

enum TenderOrderError: Error { case noToken }
