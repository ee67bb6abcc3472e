/// Where identifiers come from: random in production, sequential under tapes and tests so a
/// replay prints the same charge numbers on its receipts.
public protocol IDGenerator: AnyObject {
    /// A new identifier such as "ch_3f9a..." or "ch_000001".
    func next(_ prefix: String) -> String
}

public final class RandomIDGenerator: IDGenerator {
    public init() {}
    public func next(_ prefix: String) -> String {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        var generator = SystemRandomNumberGenerator()
        return prefix + "_" + String((0..<20).map { _ in alphabet.randomElement(using: &generator)! })
    }
}

/// "cus_000001", "ch_000001", ... counted per prefix, so adding a customer does not renumber charges.
public final class SequentialIDGenerator: IDGenerator {
    private var counters: [String: Int] = [:]
    public init() {}
    public func next(_ prefix: String) -> String {
        let value = (counters[prefix] ?? 0) + 1
        counters[prefix] = value
        let digits = String(value)
        return prefix + "_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
