import PaymentsCore

/// Who is at the counter now: a signed-in customer, or a guest (a kiosk session). Shared by the
/// store, the account and the auction controllers so they agree on whose cart and cards they show.
public final class CounterSession {
    public private(set) var customer: Customer?
    /// The guest's cart key. At a named counter it is the counter's own, so a guest's jars are
    /// still there after a restart (the jars go with a guest who logs in, so the next guest
    /// after a sign-out starts empty); without a name, a new key each run and each sign-out.
    public private(set) var guestKey: String
    /// The guest's cart outlives the process (`counterName` given).
    public var keepsGuestCart: Bool { counterName != nil }
    /// Who serves at this counter (issue 36): signed in at the staffed counter, nil in a shop
    /// without staff or at a kiosk. The orders this counter places are signed by them: the
    /// controllers hand it to the core as the explicit parameter each payment takes.
    public var serving: StaffPerson?
    private let ids: IDGenerator
    private let counterName: String?

    /// The signature an order placed here goes out with.
    var placedBy: StaffSignature? { serving.map { StaffSignature(doneBy: $0) } }

    init(ids: IDGenerator, counterName: String? = nil) {
        self.ids = ids
        self.counterName = counterName
        guestKey = counterName.map { "guest@" + $0 } ?? ids.next("guest")
    }

    /// The key of the cart the store shows: the customer's own, or this guest's.
    public var cartKey: String { customer?.cartKey ?? guestKey }
    public var customerId: String { customer?.id ?? "" }

    func signIn(_ customer: Customer) { self.customer = customer }

    func signOut() {
        customer = nil
        if counterName == nil { guestKey = ids.next("guest") }
    }
}
