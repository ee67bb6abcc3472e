/// Fitting text into columns: truncation with an ellipsis and word wrapping, by display width.
extension String {
    /// This text cut to at most `width` columns, ending in `ellipsis` when anything was cut.
    ///
    /// A wide character that would straddle the limit is dropped whole, so the result may be one
    /// column narrower than `width`; it is never wider.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        let ellipsisWidth = ellipsis.displayWidth
        // No room for even the ellipsis: take what fits, without one.
        let room = ellipsisWidth <= width ? width - ellipsisWidth : width
        var result = ""
        var used = 0
        for character in self {
            let w = character.displayWidth
            if used + w > room { break }
            result.append(character)
            used += w
        }
        return ellipsisWidth <= width ? result + ellipsis : result
    }

    /// This text padded with spaces (or cut) to exactly `width` columns.
    public func padded(toWidth width: Int) -> String {
        let fitted = displayWidth > width ? truncated(toWidth: width) : self
        return fitted + String(repeating: " ", count: Swift.max(0, width - fitted.displayWidth))
    }

    /// This text broken into lines of at most `width` columns.
    ///
    /// Breaks between words where it can; a word longer than a line is broken wherever it must;
    /// wide (CJK) characters may break between any two, as their scripts do, except before
    /// closing punctuation (，。！？）...), which stays with the character it follows. Explicit newlines are kept,
    /// blank lines included. Spaces at a soft break are dropped. Control characters are removed.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        return split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            TextWrapper.wrap(paragraph, width: width)
        }
    }
}

/// The greedy line breaker behind `String.wrapped(toWidth:)`.
enum TextWrapper {
    private enum Token {
        case space(Int)
        case word(String, width: Int)
    }

    static func wrap(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0

        func endLine() {
            while line.last == " " { line.removeLast() }
            lines.append(line)
            line = ""
            lineWidth = 0
        }

        for token in tokens(of: paragraph) {
            switch token {
            case .space(let count):
                // Spaces never start a wrapped line, and spaces that overflow become the break.
                guard !(lineWidth == 0 && !lines.isEmpty) else { continue }
                let fitting = Swift.min(count, width - lineWidth)
                line += String(repeating: " ", count: Swift.max(0, fitting))
                lineWidth += Swift.max(0, fitting)
            case .word(let word, let wordWidth):
                if lineWidth + wordWidth <= width {
                    line += word
                    lineWidth += wordWidth
                    continue
                }
                if lineWidth > 0 && wordWidth <= width {
                    endLine()
                    line = word
                    lineWidth = wordWidth
                    continue
                }
                // Longer than a whole line: fill this line and carry on, character by character.
                for character in word {
                    let w = character.displayWidth
                    // A wide character cannot fit a one-column line at all; it is left out
                    // rather than overflow.
                    if w > width { continue }
                    if lineWidth + w > width { endLine() }
                    line.append(character)
                    lineWidth += w
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { endLine() }
        return lines
    }

    /// Runs of spaces, runs of narrow non-space characters (words), and each wide character as a
    /// word of its own (so CJK text breaks between any two characters).
    private static func tokens(of text: Substring) -> [Token] {
        var tokens: [Token] = []
        var word = ""
        var wordWidth = 0
        var spaces = 0

        func flushWord() {
            if !word.isEmpty { tokens.append(.word(word, width: wordWidth)) }
            word = ""
            wordWidth = 0
        }
        func flushSpaces() {
            if spaces > 0 { tokens.append(.space(spaces)) }
            spaces = 0
        }

        for character in text {
            if character == " " || character == "\t" {
                flushWord()
                spaces += character == "\t" ? 4 : 1
                continue
            }
            flushSpaces()
            let w = character.displayWidth
            if w == 0 {
                // Controls are dropped; a lone zero-width mark rides on the word it follows.
                if !DisplayWidth.isControl(character) { word.append(character) }
            } else if w == 2 {
                flushWord()
                // Closing punctuation never starts a line (Chinese and Japanese line breaking):
                // it rides on the character before it.
                if closesALine(character), case let .word(previous, width)? = tokens.last {
                    tokens[tokens.count - 1] = .word(previous + String(character), width: width + 2)
                } else {
                    tokens.append(.word(String(character), width: 2))
                }
            } else {
                word.append(character)
                wordWidth += w
            }
        }
        flushWord()
        flushSpaces()
        return tokens
    }

    /// Full-width punctuation that ends a phrase or closes a bracket.
    private static func closesALine(_ character: Character) -> Bool {
        "，。、；：！？）」』】》〉…—～".contains(character)
    }
}
