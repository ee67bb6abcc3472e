import Testing
@testable import TerminalUI

/// Key codes as ncurses defines them (curses.h), written out so that a wrong shim fails here.
private enum NcursesCode {
    static let down: Int32 = 0o402, up: Int32 = 0o403, left: Int32 = 0o404, right: Int32 = 0o405
    static let home: Int32 = 0o406, backspace: Int32 = 0o407, f0: Int32 = 0o410
    static let delete: Int32 = 0o512, insert: Int32 = 0o513
    static let pageDown: Int32 = 0o522, pageUp: Int32 = 0o523, enter: Int32 = 0o527
    static let backTab: Int32 = 0o541, end: Int32 = 0o550, mouse: Int32 = 0o631, resize: Int32 = 0o632
}

/// Mouse bits of ncurses' mouse protocol version 2: five bits a button, button 1 lowest.
private func buttonBits(_ button: UInt32, _ event: UInt32) -> UInt32 { event << ((button - 1) * 5) }
private let released: UInt32 = 0o1, pressed: UInt32 = 0o2, clicked: UInt32 = 0o4, doubleClicked: UInt32 = 0o10

private func character(_ value: UInt32) -> InputEvent? { KeyDecoder.decode(.character(value)) }
private func keyCode(_ code: Int32) -> InputEvent? { KeyDecoder.decode(.keyCode(code)) }

@Suite struct KeyDecodingTests {
    @Test(arguments: [
        (NcursesCode.up, Key.up), (NcursesCode.down, .down), (NcursesCode.left, .left), (NcursesCode.right, .right),
        (NcursesCode.home, .home), (NcursesCode.end, .end), (NcursesCode.pageUp, .pageUp), (NcursesCode.pageDown, .pageDown),
        (NcursesCode.backspace, .backspace), (NcursesCode.delete, .delete), (NcursesCode.insert, .insert),
        (NcursesCode.enter, .enter), (NcursesCode.backTab, .backTab),
    ])
    func namedKeyCodes(code: Int32, key: Key) {
        #expect(keyCode(code) == .key(key))
    }

    @Test func functionKeysOneToTwelve() {
        for n in 1...12 {
            #expect(keyCode(NcursesCode.f0 + Int32(n)) == .key(.function(n)))
        }
        #expect(keyCode(NcursesCode.f0 + 13) == nil, "F13 and beyond are not keys of the counter")
    }

    @Test(arguments: [(UInt32(13), Key.enter), (10, .enter), (9, .tab), (27, .escape), (127, .backspace), (8, .backspace)])
    func controlCharactersWithNames(value: UInt32, key: Key) {
        #expect(character(value) == .key(key))
    }

    @Test func controlLettersExceptThoseWithNames() {
        let named: Set<Character> = ["h", "i", "j", "m"]  // Backspace, Tab, Enter, Enter
        for (offset, letter) in "abcdefghijklmnopqrstuvwxyz".enumerated() where !named.contains(letter) {
            #expect(character(UInt32(offset + 1)) == .key(.control(letter)), "Ctrl+\(letter)")
        }
        #expect(character(3) == .key(.control("c")))
        #expect(character(26) == .key(.control("z")))
        #expect(character(28) == .key(.control("\\")))
    }

    @Test(arguments: ["a", "Z", "7", " ", "?", "é", "ß", "€", "茶", "蜂", "ハ", "한", "🍯", "🐝"])
    func printableCharacters(text: String) {
        let scalar = text.unicodeScalars.first!
        #expect(character(scalar.value) == .key(.character(Character(text))))
    }

    @Test func meaninglessInputIsDropped() {
        #expect(character(0) == nil, "Ctrl+Space")
        #expect(character(0x9B) == nil, "a C1 control")
        #expect(character(0xD800) == nil, "a lone surrogate is no character")
        #expect(keyCode(0o777) == nil, "an unknown key code")
    }

    @Test func resizeCarriesTheNewSize() {
        let size = Size(columns: 100, rows: 30)
        #expect(KeyDecoder.decode(.keyCode(NcursesCode.resize), screenSize: size) == .resize(size))
    }

    @Test(arguments: [
        (buttonBits(1, clicked), MouseButton.left), (buttonBits(1, pressed), .left), (buttonBits(1, doubleClicked), .left),
        (buttonBits(2, clicked), .middle), (buttonBits(2, pressed), .middle),
        (buttonBits(3, clicked), .right), (buttonBits(3, pressed), .right),
        (buttonBits(4, pressed), .scrollUp), (buttonBits(5, pressed), .scrollDown),
    ])
    func mouseButtons(bits: UInt32, button: MouseButton) {
        let report = CursesMouseReport(x: 12, y: 5, buttonState: bits)
        #expect(KeyDecoder.decode(.keyCode(NcursesCode.mouse), mouse: report) == .mouse(button, at: Point(x: 12, y: 5)))
    }

    @Test func mouseReleaseAloneIsNoClick() {
        let report = CursesMouseReport(x: 1, y: 1, buttonState: buttonBits(1, released))
        #expect(KeyDecoder.decode(.keyCode(NcursesCode.mouse), mouse: report) == nil)
    }
}
