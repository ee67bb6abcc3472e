/// Puts the keystrokes curses delivers together into the counter's events: a bracketed paste
/// whole, an SGR mouse report, and every escape sequence curses did not know read whole
/// (`ControlSequence`), as a key or as nothing, never as Esc and loose characters.
///
/// Pure: the reader hands it a source of keystrokes (nil when nothing more has arrived) and a
/// way to decode key codes (curses is asked for a click's place, the new size...). What is only
/// half there (a paste, a report, a sequence) is kept until the rest arrives, in a later call.
struct InputEventAssembler {
    private var mouseReport: SGRMouseReport?
    /// The text of a bracketed paste so far, while one is arriving.
    private var paste: BracketedPaste?
    private var sequence: ControlSequenceParser?
    /// A keystroke read to see what followed an `ESC`, and not part of a sequence.
    private var pushedBack: CursesKeystroke?

    /// The next event, or nil when `source` has nothing more right now.
    mutating func next(from source: () -> CursesKeystroke?, decodeKeyCode: (Int32) -> InputEvent?) -> InputEvent? {
        while let keystroke = takePushedBack() ?? source() {
            switch keystroke {
            case .keyCode(CursesKeyCodes.pasteStart):
                startPaste()
                continue
            case .keyCode(CursesKeyCodes.pasteEnd):
                if let event = endPaste() { return event }
                continue
            case .keyCode(CursesKeyCodes.sgrMouse) where paste == nil:
                sequence = nil
                mouseReport = SGRMouseReport()
                continue
            default:
                break
            }
            if var report = mouseReport, case .character(let scalar) = keystroke {
                switch report.take(scalar) {
                case .more:
                    mouseReport = report
                    continue
                case .done(let event):
                    mouseReport = nil
                    if let event { return event }
                    continue
                case .abandoned:
                    break
                }
            }
            mouseReport = nil
            if var parser = sequence {
                sequence = nil
                if case .character(let scalar) = keystroke {
                    switch parser.take(scalar) {
                    case .more:
                        sequence = parser
                        continue
                    case .done(let complete):
                        if let event = complete.flatMap({ event(for: $0) }) { return event }
                        continue
                    case .abandoned:
                        break  // the character is input of its own
                    }
                }
            }
            if keystroke == .character(27) {
                // Curses hands over a lone Esc only once its delay has passed with nothing
                // after it; what follows at once is a sequence curses did not know, or a key.
                let following = source()
                if let parser = following.flatMap(Self.parser(introducedBy:)) {
                    sequence = parser
                    continue
                }
                pushedBack = following
                // Inside a paste an Esc is no key (the paste keeps no control characters).
                if paste == nil { return .key(.escape) }
                continue
            }
            if var text = paste {
                text.take(keystroke)
                paste = text
                continue
            }
            if case .keyCode(let code) = keystroke {
                if let event = decodeKeyCode(code) { return event }
                continue
            }
            if let event = KeyDecoder.decode(keystroke) { return event }
        }
        return nil
    }

    private static func parser(introducedBy keystroke: CursesKeystroke) -> ControlSequenceParser? {
        guard case .character(let value) = keystroke, let scalar = Unicode.Scalar(value) else { return nil }
        return ControlSequenceParser(introducer: Character(scalar))
    }

    private mutating func takePushedBack() -> CursesKeystroke? {
        defer { pushedBack = nil }
        return pushedBack
    }

    private mutating func startPaste() {
        sequence = nil
        mouseReport = nil
        paste = BracketedPaste()
    }

    /// The paste that ends, as one event; nothing for an end mark without a paste.
    private mutating func endPaste() -> InputEvent? {
        defer { paste = nil }
        return paste?.event
    }

    /// What a complete sequence means. Curses knows the paste marks and the mouse report's
    /// prefix whole; when one arrives in pieces it knows none of it, and it is read here.
    private mutating func event(for sequence: ControlSequence) -> InputEvent? {
        let isPlainCSI = sequence.introducer == .csi && sequence.intermediates.isEmpty
        switch (sequence.parameters, sequence.final) {
        case ("200", "~") where isPlainCSI:
            startPaste()
            return nil
        case ("201", "~") where isPlainCSI:
            return endPaste()
        default:
            break
        }
        // Inside a paste a key's sequence means nothing, as its key code would not.
        guard paste == nil else { return nil }
        if isPlainCSI, sequence.final == "M" || sequence.final == "m", sequence.parameters.hasPrefix("<") {
            return SGRMouseReport.event(parameters: String(sequence.parameters.dropFirst()), isPress: sequence.final == "M")
        }
        return sequence.key.map(InputEvent.key)
    }
}
