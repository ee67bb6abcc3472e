import TerminalUI
import Testing

@Suite struct KeyHintTests {
    @Test func numberKeysGoAsFarAsTheListAndNoFurther() {
        #expect(KeyHint.numbers(0, "Pick").isEmpty, "an empty list has no number to press")
        #expect(KeyHint.numbers(1, "Pick") == [KeyHint("1", "Pick")])
        #expect(KeyHint.numbers(4, "Pick") == [KeyHint("1-4", "Pick")])
        #expect(KeyHint.numbers(30, "Pick") == [KeyHint("1-9", "Pick")], "a single digit picks at most nine")
    }
}
