/// Pasted text as it arrives between a bracketed paste's two marks: delivered whole as one
/// `.paste` event, never as keys (a pasted `q` would quit, a pasted line would press Enter).
struct BracketedPaste {
    /// Far beyond any card number or address; a paste longer than this is cut, not kept growing.
    static let limit = 4_096
    private(set) var text = ""

    /// Characters are kept (a line break as a space: every field here is one line); key codes
    /// inside a paste mean nothing and are dropped.
    mutating func take(_ keystroke: CursesKeystroke) {
        guard text.unicodeScalars.count < Self.limit, case .character(let value) = keystroke,
              let scalar = Unicode.Scalar(value) else { return }
        switch value {
        case 10, 13, 9: text.unicodeScalars.append(" ")
        case 0..<0x20, 0x7F...0x9F: break
        default: text.unicodeScalars.append(scalar)
        }
    }

    /// The paste as an event; nothing for a paste that held nothing to type.
    var event: InputEvent? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : .paste(text)
    }
}
