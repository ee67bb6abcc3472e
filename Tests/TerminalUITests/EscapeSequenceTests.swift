import Testing
@testable import TerminalUI

/// Feeds `chunks` to an assembler as curses hands over a sequence it does not know: `ESC`, then
/// each character. Each chunk is one read: after it the source runs dry (curses' ERR) until the
/// next one arrives, and everything that chunk made is collected.
private func events(_ chunks: String...) -> [InputEvent] {
    var assembler = InputEventAssembler()
    var collected: [InputEvent] = []
    for chunk in chunks {
        var scalars = chunk.unicodeScalars.makeIterator()
        let source = { scalars.next().map { CursesKeystroke.character($0.value) } }
        while let event = assembler.next(from: source, decodeKeyCode: { _ in nil }) { collected.append(event) }
    }
    return collected
}

private let esc = "\u{1B}"

/// Issue 34: every escape sequence is read whole. A known one is one key whatever terminal sent
/// it; an unknown one is nothing at all: never Esc followed by its characters (`ESC [ 4 ~`, End
/// on PuTTY, the Linux console and tmux, was Esc, then `4`, Quit on the store's shelf).
@Suite struct EscapeSequenceTests {
    /// The keys every dialect sends, as (terminal, sequence, key).
    static let dialects: [(String, String, Key)] = [
        // xterm and its kin, normal cursor keys (CSI) and application mode (SS3).
        ("xterm", "[A", .up), ("xterm", "[B", .down), ("xterm", "[C", .right), ("xterm", "[D", .left),
        ("xterm", "OA", .up), ("xterm", "OB", .down), ("xterm", "OC", .right), ("xterm", "OD", .left),
        ("xterm", "[H", .home), ("xterm", "[F", .end), ("xterm", "OH", .home), ("xterm", "OF", .end),
        ("xterm", "[2~", .insert), ("xterm", "[3~", .delete), ("xterm", "[5~", .pageUp), ("xterm", "[6~", .pageDown),
        ("xterm", "OP", .function(1)), ("xterm", "OQ", .function(2)), ("xterm", "OR", .function(3)), ("xterm", "OS", .function(4)),
        ("xterm", "[15~", .function(5)), ("xterm", "[17~", .function(6)), ("xterm", "[18~", .function(7)),
        ("xterm", "[19~", .function(8)), ("xterm", "[20~", .function(9)), ("xterm", "[21~", .function(10)),
        ("xterm", "[23~", .function(11)), ("xterm", "[24~", .function(12)),
        ("xterm", "[Z", .backTab), ("xterm", "OM", .enter),
        // xterm with modifiers: a moving key stays itself.
        ("xterm Ctrl", "[1;5H", .home), ("xterm Ctrl", "[1;5F", .end), ("xterm Shift", "[1;2A", .up),
        ("xterm Alt", "[1;3D", .left), ("xterm Ctrl", "[5;5~", .pageUp), ("xterm Ctrl", "[6;5~", .pageDown),
        ("xterm Shift", "[3;2~", .delete), ("xterm Ctrl", "[2;5~", .insert), ("kitty", "[1;5:1H", .home),
        // VT220, PuTTY, tmux and screen: the editing keypad by number, F1-F12 by number.
        ("VT220", "[1~", .home), ("VT220", "[2~", .insert), ("VT220", "[3~", .delete),
        ("VT220", "[4~", .end), ("VT220", "[5~", .pageUp), ("VT220", "[6~", .pageDown),
        ("VT220", "[11~", .function(1)), ("VT220", "[12~", .function(2)), ("VT220", "[13~", .function(3)),
        ("VT220", "[14~", .function(4)), ("VT220", "[15~", .function(5)), ("VT220", "[17~", .function(6)),
        ("VT220", "[18~", .function(7)), ("VT220", "[19~", .function(8)), ("VT220", "[20~", .function(9)),
        ("VT220", "[21~", .function(10)), ("VT220", "[23~", .function(11)), ("VT220", "[24~", .function(12)),
        ("PuTTY Ctrl", "[1;5~", .home), ("PuTTY Ctrl", "[4;5~", .end),
        // The Linux console: VT220's keypad, F1-F5 as ESC [ [ A..E.
        ("Linux console", "[[A", .function(1)), ("Linux console", "[[B", .function(2)), ("Linux console", "[[C", .function(3)),
        ("Linux console", "[[D", .function(4)), ("Linux console", "[[E", .function(5)),
        // rxvt's Home and End.
        ("rxvt", "[7~", .home), ("rxvt", "[8~", .end),
    ]

    @Test(arguments: dialects)
    func eachDialectsSequenceIsExactlyOneKey(terminal: String, sequence: String, key: Key) {
        #expect(events(esc + sequence) == [.key(key)], "\(terminal): ESC \(sequence)")
    }

    /// Sequences no key of the counter's sends, or that say nothing the counter needs: each is
    /// dropped whole.
    static let unknown: [String] = [
        "[99~", "[16~", "[25~", "[200;5~",  // numbers no key has
        "[E", "[G", "OE", "[I", "[O",  // the keypad's 5 (xterm, Linux console), focus in and out
        "[2;5H", "[1;5X",  // a number no moving key sends; a letter no key has
        "[?62;22c", "[?2026;2$y", "[>41;1;0c",  // late answers to the start-up probe
        "[27;5;9~", "[97;5u",  // xterm's modifyOtherKeys, kitty's keyboard protocol
        "[1;2P", "[15;5~", "O1;2Q",  // modified function keys (as curses' F13 and beyond: none)
        "[[Z", "O5X",  // a Linux console letter past F5; SS3 with a letter no key has
        "[" + String(repeating: "1;", count: 40) + "H",  // far too long for a key
    ]

    @Test(arguments: unknown)
    func anUnknownSequenceIsNothingAtAll(sequence: String) {
        #expect(events(esc + sequence).isEmpty, "ESC \(sequence)")
    }

    @Test func typingAfterAnUnknownSequenceIsTypingAsEver() {
        #expect(events(esc + "[99~abc") == [.key(.character("a")), .key(.character("b")), .key(.character("c"))])
        #expect(events(esc + "[?62;22c" + "q4") == [.key(.character("q")), .key(.character("4"))],
                "a late answer to the probe does not type its letters")
        #expect(events(esc + "[4~4") == [.key(.end), .key(.character("4"))])
        #expect(events(esc + "[1;5X" + esc + "[4~" + "é") == [.key(.end), .key(.character("é"))])
    }

    /// A terminal's bytes can reach the counter in two reads; the sequence is put together.
    @Test(arguments: [
        ([esc + "[", "4~"], Key.end), ([esc + "[4", "~"], .end), ([esc + "[1;", "5H"], .home), ([esc + "[1", ";5", "F"], .end),
        ([esc + "[[", "A"], .function(1)), ([esc + "O", "P"], .function(1)), ([esc + "[2", "4~"], .function(12)),
    ])
    func aSequenceSplitAcrossReadsIsOneKey(chunks: [String], key: Key) {
        var assembler = InputEventAssembler()
        var collected: [InputEvent] = []
        for (index, chunk) in chunks.enumerated() {
            var scalars = chunk.unicodeScalars.makeIterator()
            let source = { scalars.next().map { CursesKeystroke.character($0.value) } }
            while let event = assembler.next(from: source, decodeKeyCode: { _ in nil }) { collected.append(event) }
            if index < chunks.count - 1 { #expect(collected.isEmpty, "nothing yet after \(chunk.debugDescription)") }
        }
        #expect(collected == [.key(key)])
    }

    @Test func anUnknownSequenceSplitAcrossReadsIsStillNothing() {
        #expect(events(esc + "[9", "9~", "x") == [.key(.character("x"))])
    }

    /// A paste's marks and a mouse report, when they arrive in pieces curses cannot recognise,
    /// are still a paste and a click.
    @Test func aPasteAndAClickArrivingInPiecesAreStillAPasteAndAClick() {
        #expect(events(esc + "[20", "0~4242 q" + esc + "[201~") == [.paste("4242 q")])
        #expect(events(esc + "[<0;2", "9;42M") == [.mouse(.left, at: Point(x: 28, y: 41))])
        #expect(events(esc + "[<0;29;42m") == [], "a release is no click")
        #expect(events(esc + "[200~a" + esc + "[Ab" + esc + "xc" + esc + "[201~") == [.paste("abxc")],
                "inside a paste a key's sequence and an Esc are no keys")
    }

    /// Curses hands over a lone Esc once its delay has passed with nothing after it.
    @Test func escAloneIsEscAndEscBeforeAKeyIsEscThenTheKey() {
        #expect(events(esc) == [.key(.escape)])
        #expect(events(esc, "4") == [.key(.escape), .key(.character("4"))])
        #expect(events(esc + "x") == [.key(.escape), .key(.character("x"))], "Alt+x: Esc, then x, as before")
        #expect(events(esc + esc) == [.key(.escape), .key(.escape)])
        #expect(events(esc + esc + "[4~") == [.key(.escape), .key(.end)])
    }

    @Test func aControlCharacterInsideASequenceEndsItAndCounts() {
        #expect(events(esc + "[1;\r") == [.key(.enter)])
        #expect(events(esc + "[1" + esc + "[F") == [.key(.end)])
    }

    /// Key codes curses made up for the terminfo entry's extended names, and its shifted keys.
    @Test(arguments: [
        ("kHOM5", Key.home), ("kEND3", .end), ("kPRV5", .pageUp), ("kNXT2", .pageDown), ("kIC5", .insert), ("kDC6", .delete),
        ("kUP5", .up), ("kDN3", .down), ("kLFT5", .left), ("kRIT7", .right),
        ("KEY_SHOME", .home), ("KEY_SEND", .end), ("KEY_SR", .up), ("KEY_SF", .down),
    ])
    func cursesNamesForModifiedKeys(name: String, key: Key) {
        #expect(CursesKeyNames.key(named: name) == key)
    }

    @Test func cursesNamesThatAreNoKeys() {
        for name in ["KEY_F(13)", "kxIN", "kxOUT", "KEY_A1", "UNKNOWN KEY", "kHOMX"] {
            #expect(CursesKeyNames.key(named: name) == nil, "\(name)")
        }
    }
}
