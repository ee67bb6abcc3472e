import PaymentsCore

/// Who is at the counter now: a signed-in customer, or a guest (a kiosk session). Shared by the
/// store, the account and the auction controllers so they agree on whose cart and cards they show.
public final class CounterSession {
    public private(set) var customer: Customer?
    /// The guest's cart key; a new one after each sign-out, so the next guest starts empty.
    public private(set) var guestKey: String
    private let ids: IDGenerator

    init(ids: IDGenerator) {
        self.ids = ids
        guestKey = ids.next("guest")
    }

    /// The key of the cart the store shows: the customer's own, or this guest's.
    public var cartKey: String { customer?.cartKey ?? guestKey }
    public var customerId: String { customer?.id ?? "" }

    func signIn(_ customer: Customer) { self.customer = customer }

    func signOut() {
        customer = nil
        guestKey = ids.next("guest")
    }
}
