/// An SGR mouse report (mode 1006), `ESC [ < b ; x ; y M` for a press and `... m` for a
/// release, read after curses has recognised its `ESC [ <` prefix.
///
/// Coordinates are decimal, 1-based and unbounded, so a click in column 250 of a wide terminal
/// is column 250; the old X10 form sends each coordinate as one byte and stops at 223.
public struct SGRMouseReport: Equatable, Sendable {
    private var parameters = ""

    public init() {}

    public enum Step: Equatable {
        /// More of the report is to come.
        case more
        /// The report is complete: the event it stands for, or nil (a release, a drag).
        case done(InputEvent?)
        /// What came is not part of a report: the report is dropped, the character is a key.
        case abandoned
    }

    /// Takes the next character after the prefix.
    public mutating func take(_ scalar: UInt32) -> Step {
        switch scalar {
        case 0x30...0x39, 0x3B:  // digits and ';'
            guard parameters.count < 32 else { return .abandoned }
            parameters.unicodeScalars.append(Unicode.Scalar(scalar)!)
            return .more
        case 0x4D: return .done(Self.event(parameters: parameters, isPress: true))   // 'M'
        case 0x6D: return .done(Self.event(parameters: parameters, isPress: false))  // 'm'
        default: return .abandoned
        }
    }

    /// The event of a complete report, e.g. `event(parameters: "0;250;10", isPress: true)`.
    public static func event(parameters: String, isPress: Bool) -> InputEvent? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
              column >= 1, row >= 1 else { return nil }
        // A release says nothing a click needs; a report with the motion bit is a drag.
        guard isPress, code & 32 == 0 else { return nil }
        // Shift (4), Meta (8) and Control (16) do not change what was clicked.
        let button: MouseButton
        switch code & ~(4 | 8 | 16) {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 64: button = .scrollUp
        case 65: button = .scrollDown
        default: return nil
        }
        return .mouse(button, at: Point(x: column - 1, y: row - 1))
    }
}
