/// Takes card numbers out of a log line, whatever put them there.
///
/// Nothing the counter logs should hold a card number in the first place (the core never hands
/// one out); this is the last net, for an error message that quotes its input, say. Any run of 12
/// to 19 digits, spaces or hyphens allowed between them, as card numbers are written, is
/// replaced: a shorter number (an order, an amount, a PIN length) stays.
public enum CardNumberRedaction {
    public static let replacement = "[card number removed]"

    public static func redact(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            guard characters[index].isASCIIDigit else {
                out.append(characters[index])
                index += 1
                continue
            }
            // The longest run of digits with single spaces or hyphens between them.
            var end = index
            var digits = 0
            var cursor = index
            while cursor < characters.count {
                if characters[cursor].isASCIIDigit {
                    digits += 1
                    cursor += 1
                    end = cursor
                } else if (characters[cursor] == " " || characters[cursor] == "-"),
                          cursor + 1 < characters.count, characters[cursor + 1].isASCIIDigit {
                    cursor += 1
                } else {
                    break
                }
            }
            if (12...19).contains(digits) || digits > 19 {
                out += replacement
            } else {
                out += String(characters[index..<end])
            }
            index = end
        }
        return out
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
