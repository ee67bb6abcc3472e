import Clocks
import Foundation

/// Tells a keyboard-wedge barcode scanner from a person at the keys. A scanner types a code's
/// digits far faster than anyone types and ends them with Enter; so digits each within `keyGap`
/// of the one before, at least `minimumDigits` of them, ended by an Enter within `keyGap` too,
/// are one scan, and that Enter is the scan's own: it activates nothing else.
///
/// Until it knows, the detector holds digits back; anything else (a letter, an arrow, a pause
/// longer than `keyGap`, an Enter after too few digits) lets them go as the keys they were, in
/// order, before it. A person typing digits at human speed therefore sees each one do what it
/// always did, `keyGap` later; a scan's digits never reach a screen as digits.
///
/// Time is what the caller says it is (the loop's clock, as each key is handled), so a tape's
/// burst (`Scan`) and its typing (`Type`, 50 ms a key) replay the same every time.
public struct ScanDetector: Equatable, Sendable {
    /// The longest time between two keys of a scan, as the loop reads them. A scanner's code
    /// reaches the terminal in one write (tmux's `send-keys -l` too) and its Enter a few
    /// milliseconds later: 3 to 16 ms measured through tmux on a machine loaded 12 over 2 cores,
    /// so 40 leaves room for the loop's own delay. A person needs 60 ms or more between two keys
    /// (a tape's `Type`: 50), and nobody keeps that up for eight digits and Enter.
    public static let keyGap: Duration = .milliseconds(40)
    /// EAN-8 is the shortest code the counter reads.
    public static let minimumDigits = 8
    /// More digits than any code or badge has: whatever comes next, these were typed.
    public static let maximumDigits = 32

    public enum Output: Hashable, Sendable {
        case key(Key)
        /// A scanned code: its digits, without the Enter.
        case scan(String)
    }

    /// The digits held back while it is not known whether they are a scan.
    public private(set) var held = ""
    private var lastDigitAt: Date?

    public init() {}

    public var isHolding: Bool { !held.isEmpty }

    /// When the held digits go as typed if no key follows: a burst has stopped.
    public var releaseAt: Date? {
        guard isHolding, let lastDigitAt else { return nil }
        return lastDigitAt.addingTimeInterval(Self.keyGap.timeInterval)
    }

    /// A key, `now`: what goes on to the screens (nothing while a burst may be going on).
    public mutating func receive(_ key: Key, at now: Date) -> [Output] {
        let inBurst = lastDigitAt.map { now.timeIntervalSince($0) <= Self.keyGap.timeInterval } ?? false
        if case let .character(character) = key, character.isASCII, character.isNumber {
            var out: [Output] = []
            if isHolding && (!inBurst || held.count >= Self.maximumDigits) { out = release() }
            held.append(character)
            lastDigitAt = now
            return out
        }
        if key == .enter, inBurst, held.count >= Self.minimumDigits {
            let code = held
            held = ""
            lastDigitAt = nil
            return [.scan(code)]
        }
        return release() + [.key(key)]
    }

    /// The held digits as the keys they were (the burst stopped, or the screen no longer takes
    /// scans).
    public mutating func release() -> [Output] {
        let keys = held.map { Output.key(.character($0)) }
        held = ""
        lastDigitAt = nil
        return keys
    }
}
