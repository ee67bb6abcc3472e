/// Turns the bytes a terminal sends into Unicode scalars, one byte at a time.
///
/// Curses' own wide-character read (`wget_wch`) throws away the byte that breaks a sequence
/// along with the broken sequence: after a stray `f0 9f`, the Enter that follows was lost. Here a
/// sequence that cannot be finished is dropped, and the byte that ended it starts afresh, so a
/// key typed after garbage always arrives. Bytes that can never start a character (a lone
/// continuation byte, `c0`, `c1`, `f5`-`ff`) are dropped. Overlong forms, surrogates and values
/// past U+10FFFF are refused the same way, as UTF-8 requires.
public struct UTF8Assembler: Sendable {
    private var pending: [UInt8] = []
    private var expected = 0

    public init() {}

    /// True while a sequence has begun and waits for its next byte.
    public var isPending: Bool { !pending.isEmpty }

    /// Takes one byte; returns the scalar it completes, if it completes one.
    public mutating func take(_ byte: UInt8) -> Unicode.Scalar? {
        if !pending.isEmpty {
            if isContinuation(byte, after: pending) {
                pending.append(byte)
                guard pending.count == expected else { return nil }
                defer { reset() }
                return scalar(from: pending)
            }
            // The sequence cannot be finished: forget it, and read this byte as a fresh start.
            reset()
        }
        switch byte {
        case 0x00...0x7F: return Unicode.Scalar(byte)
        case 0xC2...0xDF: begin(byte, length: 2)
        case 0xE0...0xEF: begin(byte, length: 3)
        case 0xF0...0xF4: begin(byte, length: 4)
        default: break  // 80-BF alone, C0, C1, F5-FF: never the start of a character
        }
        return nil
    }

    /// Forgets a sequence left unfinished (the terminal sent something that is not a byte).
    public mutating func reset() {
        pending.removeAll(keepingCapacity: true)
        expected = 0
    }

    private mutating func begin(_ byte: UInt8, length: Int) {
        pending = [byte]
        expected = length
    }

    /// A continuation byte, within the narrower ranges the second byte of some leads allows
    /// (no overlong forms, no surrogates, nothing past U+10FFFF).
    private func isContinuation(_ byte: UInt8, after pending: [UInt8]) -> Bool {
        guard (0x80...0xBF).contains(byte) else { return false }
        guard pending.count == 1 else { return true }
        switch pending[0] {
        case 0xE0: return byte >= 0xA0
        case 0xED: return byte <= 0x9F
        case 0xF0: return byte >= 0x90
        case 0xF4: return byte <= 0x8F
        default: return true
        }
    }

    private func scalar(from bytes: [UInt8]) -> Unicode.Scalar? {
        var value = UInt32(bytes[0]) & (bytes.count == 2 ? 0x1F : bytes.count == 3 ? 0x0F : 0x07)
        for byte in bytes.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        return Unicode.Scalar(value)
    }
}
