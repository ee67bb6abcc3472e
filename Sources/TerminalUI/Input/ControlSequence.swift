/// An escape sequence a terminal sent for a key, read whole after its `ESC`: a CSI (`ESC [`
/// parameters, intermediates, one final byte), an SS3 (`ESC O` and one final byte, parameters
/// allowed for the terminals that put a modifier there), or the Linux console's `ESC [ [ x`
/// for F1-F5.
///
/// Curses turns the sequences its terminfo entry names into key codes; every other one reaches
/// the reader as `ESC` and loose characters. Reading those whole is what keeps an unknown
/// sequence from becoming Esc plus typing (`ESC [ 4 ~`, End on PuTTY, was Esc then `4`).
public struct ControlSequence: Hashable, Sendable {
    public enum Introducer: Hashable, Sendable {
        /// `ESC [`
        case csi
        /// `ESC O`
        case ss3
        /// `ESC [ [`: the Linux console's F1-F5; its final byte is the key's letter.
        case linuxConsole
    }

    public var introducer: Introducer
    /// Bytes 0x30-0x3F: digits, `;`, `:`, and the private markers `< = > ?`.
    public var parameters: String
    /// Bytes 0x20-0x2F, between the parameters and the final byte.
    public var intermediates: String
    /// The byte 0x40-0x7E that ends the sequence.
    public var final: Character

    public init(_ introducer: Introducer, parameters: String = "", intermediates: String = "", final: Character) {
        self.introducer = introducer
        self.parameters = parameters
        self.intermediates = intermediates
        self.final = final
    }
}

/// Reads one `ControlSequence`, a character at a time, after its introducer: the sequence may
/// arrive across several reads, so the parser is kept until it is complete.
public struct ControlSequenceParser: Sendable {
    /// Far beyond any key's sequence; a longer one is still read to its end, then ignored.
    static let limit = 32
    private var sequence: ControlSequence
    private var hasTakenAny = false
    private var isTooLong = false

    /// A parser for what follows `ESC` and `introducer` (`[` or `O`); nil when that character
    /// introduces no sequence (`ESC x` is Esc, then x).
    public init?(introducer: Character) {
        switch introducer {
        case "[": sequence = ControlSequence(.csi, final: " ")
        case "O": sequence = ControlSequence(.ss3, final: " ")
        default: return nil
        }
    }

    public enum Step: Equatable, Sendable {
        /// More of the sequence is to come.
        case more
        /// The sequence is complete; nil when it was too long to be a key's.
        case done(ControlSequence?)
        /// The character cannot be part of a sequence (a control character, a non-ASCII one):
        /// what came so far is dropped, and the character is input of its own.
        case abandoned
    }

    /// Takes the next character of the sequence.
    public mutating func take(_ scalar: UInt32) -> Step {
        let isFirst = !hasTakenAny
        hasTakenAny = true
        guard let character = Unicode.Scalar(scalar).map(Character.init) else { return .abandoned }
        switch scalar {
        case 0x5B where isFirst && sequence.introducer == .csi:
            sequence.introducer = .linuxConsole
            return .more
        case 0x40...0x7E:
            sequence.final = character
            return .done(isTooLong ? nil : sequence)
        case 0x30...0x3F where sequence.introducer != .linuxConsole:
            append(character, to: \.parameters)
            return .more
        case 0x20...0x2F where sequence.introducer != .linuxConsole:
            append(character, to: \.intermediates)
            return .more
        default:
            return .abandoned
        }
    }

    private mutating func append(_ character: Character, to part: WritableKeyPath<ControlSequence, String>) {
        guard sequence.parameters.count + sequence.intermediates.count < Self.limit else {
            isTooLong = true
            return
        }
        sequence[keyPath: part].append(character)
    }
}
