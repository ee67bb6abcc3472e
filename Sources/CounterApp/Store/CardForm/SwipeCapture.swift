import CheckoutKit

/// A card swipe arriving from a keyboard-wedge reader: the keys after a start sentinel (`%` for
/// track 1, `;` for track 2), collected until the stripe's data is complete or the burst stops.
/// Neither sentinel can be typed into any field of the form, so a person never starts one by
/// accident.
struct SwipeCapture: Equatable, Sendable {
    var buffer: String

    static let startSentinels: Set<Character> = ["%", ";"]
    /// Keys further apart than this are typing, not a reader.
    static let burstGap: Duration = .milliseconds(100)

    /// Track 2 ended (its `?` seen after a `;`): nothing more comes from the reader.
    var isComplete: Bool {
        guard buffer.last == "?", let start = buffer.lastIndex(of: ";") else { return false }
        return buffer[start...].filter { $0 == "?" }.count == 1
    }
}
