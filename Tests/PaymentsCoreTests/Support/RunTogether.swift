import Foundation

/// Runs `body` on `count` threads released at the same moment (each opens its own connection
/// inside: a connection is not shared between threads), and returns each one's outcome, by index.
func runTogether<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) -> [Result<T, any Error>] {
    let results = OutcomeBox<T>(count: count)
    let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        Thread {
            ready.signal()
            go.wait()
            results.set(index, Result { try body(index) })
            done.leave()
        }.start()
    }
    for _ in 0..<count { ready.wait() }
    for _ in 0..<count { go.signal() }
    done.wait()
    return results.all
}

private final class OutcomeBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<T, any Error>?]
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: Result<T, any Error>) { lock.withLock { outcomes[index] = outcome } }
    var all: [Result<T, any Error>] { lock.withLock { outcomes.map { $0! } } }
}
