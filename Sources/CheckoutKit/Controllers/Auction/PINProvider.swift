/// The screen that asks the customer for their payments PIN (the seed's data source unlocks
/// "somehow"; here the auction screen shows a PIN field). One ask per unlock attempt.
public protocol PINProvider: AnyObject {
    /// Shows the PIN field. `attemptsLeft` is nil on a first try, else what the last wrong PIN
    /// left. Calls back exactly once: the PIN typed, or nil if the customer cancelled.
    func requestPIN(attemptsLeft: Int?, completion: @escaping (String?) -> Void)
}
