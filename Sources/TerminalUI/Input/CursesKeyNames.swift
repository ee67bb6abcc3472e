/// The keys curses knows by name only: a moving key with a modifier. Curses gives Shift+Home
/// a code of its own (`KEY_SHOME`), and Ctrl+Home, Alt+End... codes it makes up from the
/// terminfo entry's extended names (`kHOM5`, `kEND3`), past `KEY_MAX`; `keyname` names them.
/// A modifier does not change the key here, as in `ControlSequence.key`: Ctrl+Home is Home.
enum CursesKeyNames {
    /// The key `keyname` names, or nil for a name that is no key of the counter's.
    static func key(named name: String) -> Key? {
        if let key = shifted[name] { return key }
        // Extended names: a capability and the modifier's number, "kHOM5".
        return extended[String(name.reversed().drop { $0.isASCII && $0.isNumber }.reversed())]
    }

    private static let shifted: [String: Key] = [
        "KEY_SHOME": .home, "KEY_SEND": .end, "KEY_SPREVIOUS": .pageUp, "KEY_SNEXT": .pageDown,
        "KEY_SIC": .insert, "KEY_SDC": .delete, "KEY_SLEFT": .left, "KEY_SRIGHT": .right,
        "KEY_SR": .up, "KEY_SF": .down,  // scroll reverse and forward: Shift+Up and Shift+Down
    ]

    private static let extended: [String: Key] = [
        "kHOM": .home, "kEND": .end, "kPRV": .pageUp, "kNXT": .pageDown, "kIC": .insert, "kDC": .delete,
        "kUP": .up, "kDN": .down, "kLFT": .left, "kRIT": .right,
    ]
}
