import TerminalUI
import Testing

@Suite struct UTF8AssemblerTests {
    private func assemble(_ bytes: [UInt8]) -> String {
        var assembler = UTF8Assembler()
        var text = ""
        for byte in bytes {
            if let scalar = assembler.take(byte) { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    @Test func validTextComesThroughWhole() {
        let text = "a£€😀蜂蜜 ok"
        #expect(assemble(Array(text.utf8)) == text)
    }

    /// The bug this exists for: curses lost the Enter (0d) after an unfinished `f0 9f`.
    @Test func theByteThatBreaksASequenceStillArrives() {
        #expect(assemble([0xF0, 0x9F, 0x0D]) == "\r")
        #expect(assemble([0xE2, 0x82, 0x61]) == "a")
        #expect(assemble([0xC3, 0x28]) == "(")
        // A new lead byte in the middle starts its own character.
        #expect(assemble([0xE2, 0xC3, 0xA9]) == "é")
    }

    @Test func bytesThatNeverStartACharacterAreDropped() {
        #expect(assemble([0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF, 0x41]) == "A")
    }

    @Test func overlongFormsSurrogatesAndValuesPastUnicodeAreRefused() {
        #expect(assemble([0xE0, 0x80, 0xAF, 0x42]) == "B")        // overlong "/"
        #expect(assemble([0xED, 0xA0, 0x80, 0x43]) == "C")        // U+D800
        #expect(assemble([0xF4, 0x90, 0x80, 0x80, 0x44]) == "D")  // past U+10FFFF
        #expect(assemble([0xF0, 0x8F, 0xBF, 0xBF, 0x45]) == "E")  // overlong 4-byte
    }

    @Test func aSequenceSplitAcrossReadsWaits() {
        var assembler = UTF8Assembler()
        #expect(assembler.take(0xE8) == nil)
        #expect(assembler.isPending)
        #expect(assembler.take(0x9C) == nil)
        #expect(assembler.take(0x82) == "蜂")
        #expect(!assembler.isPending)
    }
}
