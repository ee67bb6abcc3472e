/// The escape sequences the counter sends itself, beside what curses sends from terminfo:
/// today's terminals understand them, terminfo mostly does not describe them.
enum TerminalSequences {
    /// DEC private mode 2026, synchronized output: the terminal holds what follows until the end
    /// mark and then shows it at once, so a frame is never seen half drawn.
    static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    static let endSynchronizedUpdate = "\u{1B}[?2026l"

    /// Asks whether mode 2026 is known (DECRQM); the answer is `CSI ? 2026 ; n $ y`.
    static let querySynchronizedOutput = "\u{1B}[?2026$p"
    /// Primary device attributes: every VT-like terminal answers it, so its answer marks the end
    /// of the answers to the queries sent before it.
    static let queryDeviceAttributes = "\u{1B}[c"

    /// Mouse clicks reported (1000), in SGR form (1006): `CSI < b ; x ; y M`, decimal
    /// coordinates with no upper limit (the old form stops at column 223).
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"
    /// Bracketed paste (2004): pasted text arrives between `CSI 200 ~` and `CSI 201 ~`, so that it
    /// can be told from typing (a pasted `q` must not quit, a pasted line not press Enter).
    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"
    static let pasteStart = "\u{1B}[200~"
    static let pasteEnd = "\u{1B}[201~"
    /// What the terminal sends before an SGR mouse report's parameters.
    static let sgrMousePrefix = "\u{1B}[<"

    /// Saves the window title on the terminal's title stack (XTWINOPS 22), and restores it (23).
    static let pushTitle = "\u{1B}[22;2t"
    static let popTitle = "\u{1B}[23;2t"

    /// OSC 2: sets the window title. Control characters are dropped, so a title can neither end
    /// the sequence early nor smuggle in another one.
    static func setTitle(_ title: String) -> String {
        let clean = String(String.UnicodeScalarView(title.unicodeScalars.filter { scalar in
            !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }))
        return "\u{1B}]2;" + clean + "\u{1B}\\"
    }
}
