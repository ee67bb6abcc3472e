/// A broken seed rule, caught at run time.
///
/// The seeds state their rules in prose ("you must always call completion", "the sheet waits for
/// the completion before it calls another method"). The guards in this folder turn each rule into
/// a check; a broken rule becomes one of these values, handed to a `ContractViolationReporter`.
public struct ContractViolation: Equatable, CustomStringConvertible, Sendable {
    public enum Rule: String, Equatable, Sendable {
        /// A completion (or one of a set of alternative callbacks) was called a second time.
        case calledMoreThanOnce
        /// A completion was released without ever being called.
        case neverCalled
        /// A second callback was sent while an earlier one was still unanswered.
        case overlappingCallback
        /// A callback arrived when the protocol's state does not allow it
        /// (e.g. decorated params while an attempt is already running).
        case unexpectedCallback
        /// A value broke the seed's shape (e.g. summary items whose last line is not the total).
        case malformedValue
    }

    public let rule: Rule
    /// Which callback: "Payment.start completion", "unlockPayments", ...
    public let callback: String
    public let detail: String

    public init(rule: Rule, callback: String, detail: String = "") {
        self.rule = rule
        self.callback = callback
        self.detail = detail
    }

    public var description: String {
        "contract violation (\(rule.rawValue)) in \(callback)" + (detail.isEmpty ? "" : ": \(detail)")
    }
}

/// Where violations go. Tests record them; a debug build asserts; a kiosk logs and carries on.
public protocol ContractViolationReporter: AnyObject {
    func report(_ violation: ContractViolation)
}

/// Keeps every violation, for tests to assert on.
public final class RecordingViolationReporter: ContractViolationReporter {
    public private(set) var violations: [ContractViolation] = []
    public init() {}
    public func report(_ violation: ContractViolation) { violations.append(violation) }
    public func rules() -> [ContractViolation.Rule] { violations.map(\.rule) }
}

/// Stops a debug build at the broken rule; in release it writes one line to standard error, so a
/// counter in a shop keeps serving rather than crashing over a delegate bug.
public final class AssertingViolationReporter: ContractViolationReporter {
    public init() {}
    public func report(_ violation: ContractViolation) {
        FileHandleLine.writeToStandardError(violation.description)
        assertionFailure(violation.description)
    }
}

/// Writes one line to standard error and carries on. The default where nobody chose a reporter:
/// a violation must never take the terminal down mid-payment.
public final class LoggingViolationReporter: ContractViolationReporter {
    public init() {}
    public func report(_ violation: ContractViolation) {
        FileHandleLine.writeToStandardError(violation.description)
    }
}

import Foundation

enum FileHandleLine {
    static func writeToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
