/// How long the simulated banks take. All on the loop's clock.
public struct BankTimings: Sendable {
    /// A payment or mandate not authorised within this window expires.
    public var authorizationWindow: Duration = .seconds(600)
    /// An ordinary bank's answer.
    public var bankAnswer: Duration = .seconds(2)
    public var redirectAnswer: Duration = .seconds(60)
    public var decoupledAnswer: Duration = .seconds(300)
    /// Authorised -> executed, then executed -> settled.
    public var execution: Duration = .seconds(5)
    public var settlement: Duration = .seconds(30)

    public init() {}
}
