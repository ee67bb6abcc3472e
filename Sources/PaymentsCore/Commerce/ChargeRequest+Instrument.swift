extension ChargeRequest {
    /// A card payment as the charge service takes it: a one-time token, or a saved card charged
    /// for its owner. Every gateway over the service (the core's, the store's with 3-D Secure,
    /// the simulator's) asks it this one way.
    public init(amount: Money, instrument: PaymentInstrument, idempotencyKey: String, description: String, capture: Bool) {
        switch instrument {
        case .token(let token):
            self.init(amount: amount, source: .token(token), description: description, capture: capture, idempotencyKey: idempotencyKey)
        case .savedMethod(let id, let customerId):
            self.init(amount: amount, source: .paymentMethod(id), customerID: customerId, description: description,
                      capture: capture, idempotencyKey: idempotencyKey)
        }
    }

    /// A gateway's card payment, captured at once.
    public init(capturing request: CardPaymentRequest) {
        self.init(amount: request.amount, instrument: request.instrument, idempotencyKey: request.idempotencyKey,
                  description: request.description, capture: true)
        unattended = request.unattended
    }
}
