/// Which key a terminal meant by an escape sequence, in the dialects the counter meets: xterm
/// (and the terminals that copy it: GNOME, Konsole, iTerm2, Windows Terminal), VT220 and tmux
/// or screen (`ESC [ 1 ~`...`ESC [ 6 ~`, `ESC [ 11 ~`...`ESC [ 24 ~`), PuTTY (VT220's keys,
/// `ESC [ 11 ~` F1), the Linux console (`ESC [ [ A`...`E` F1-F5) and rxvt (`ESC [ 7 ~` Home,
/// `ESC [ 8 ~` End).
///
/// A modifier (`ESC [ 1 ; 5 H`, Ctrl+Home) does not change a moving key: Ctrl+Home is Home, as
/// curses' own `kHOM5` is (`CursesKeyNames`). A function key with a modifier is no key, as
/// curses' F13 and beyond are not: which F-key a modified one stands for differs by terminal.
extension ControlSequence {
    /// The key, or nil for a sequence that is no key of the counter's (ignored whole).
    public var key: Key? {
        guard intermediates.isEmpty, let fields = numericFields else { return nil }
        let number = fields.first ?? nil
        let hasModifier = fields.count > 1
        switch introducer {
        case .linuxConsole:
            return Self.linuxConsoleFunctionKeys[final]
        case .ss3:
            guard number == nil || number == 1 else { return nil }
            return movingKey(hasModifier: hasModifier)
        case .csi where final == "~":
            guard let number else { return nil }
            if let key = Self.vt220Keys[number] { return key }
            guard let function = Self.vt220FunctionKeys[number], !hasModifier else { return nil }
            return .function(function)
        case .csi:
            guard number == nil || number == 1 else { return nil }
            return movingKey(hasModifier: hasModifier)
        }
    }

    /// The keys named by their final letter, the same after CSI and after SS3 (xterm sends
    /// either, depending on the cursor-keys mode).
    private func movingKey(hasModifier: Bool) -> Key? {
        switch final {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H": .home
        case "F": .end
        case "Z": hasModifier ? nil : .backTab
        // The keypad's Enter in application mode.
        case "M" where introducer == .ss3: hasModifier ? nil : .enter
        case "P", "Q", "R", "S": hasModifier ? nil : Self.xtermFunctionKeys[final]
        default: nil
        }
    }

    /// The parameters as numbers, `;` between them; an empty field is nil (`ESC [ ; 5 H`).
    /// A sub-parameter after `:` is dropped (`ESC [ 1 ; 5 : 1 H`). Nil for private parameters
    /// (`<`, `?`, ...): they belong to reports (a mouse click, a device's answer), not keys.
    private var numericFields: [Int?]? {
        guard !parameters.isEmpty else { return [] }
        var fields: [Int?] = []
        for field in parameters.split(separator: ";", omittingEmptySubsequences: false) {
            let main = field.prefix { $0 != ":" }
            guard main.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            fields.append(main.isEmpty ? nil : Int(main))
        }
        return fields
    }

    /// `ESC [ n ~`: VT220's editing keypad, as PuTTY, tmux, screen and the Linux console send it
    /// (xterm for Insert, Delete, PgUp and PgDn), and rxvt's Home and End.
    private static let vt220Keys: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    ]

    /// `ESC [ n ~`: F1-F12 (VT220 numbering: 16 and 22 are skipped). F1-F4 are 11-14 in PuTTY
    /// and old xterms; xterm itself sends `ESC O P`...`S` for them.
    private static let vt220FunctionKeys: [Int: Int] = [
        11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12,
    ]

    /// xterm's F1-F4: `ESC O P`...`S`.
    private static let xtermFunctionKeys: [Character: Key] = [
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4),
    ]

    /// The Linux console's F1-F5: `ESC [ [ A`...`E`.
    private static let linuxConsoleFunctionKeys: [Character: Key] = [
        "A": .function(1), "B": .function(2), "C": .function(3), "D": .function(4), "E": .function(5),
    ]
}
