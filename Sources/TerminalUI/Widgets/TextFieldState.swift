/// A text field's state: its value, the edit point, and the rules for what it accepts.
///
/// Editing keys: Left/Right, Home/End (and Ctrl+A/Ctrl+E), Backspace/Delete, Ctrl+U (clear),
/// Ctrl+K (delete to the end), Ctrl+W (delete the word before the cursor). Typed and pasted text passes the filter and the maximum length;
/// control characters never get in.
public struct TextFieldState: KeyHandling, Sendable {
    private var characters: [Character]
    /// The edit point, in characters from the start (0...value.count).
    public private(set) var cursor: Int
    /// The most characters the value may hold, or nil for no limit.
    public var maxLength: Int? {
        didSet { enforceLimit() }
    }
    public var filter: CharacterFilter
    /// Show `•` for each character (CVC, PIN).
    public var isMasked: Bool
    /// Shown under (or beside) the field in the error role; nil when the value is fine.
    public var validationMessage: String?
    /// The first character in view when the value is wider than the field.
    public private(set) var scrollOffset = 0

    public init(
        value: String = "",
        maxLength: Int? = nil,
        filter: CharacterFilter = .any,
        isMasked: Bool = false
    ) {
        self.characters = []
        self.cursor = 0
        self.maxLength = maxLength.map { max(0, $0) }
        self.filter = filter
        self.isMasked = isMasked
        insert(value)
    }

    /// The text entered. Setting it replaces the value through the filter and the limit, and
    /// puts the edit point at the end.
    public var value: String {
        get { String(characters) }
        set {
            characters = []
            cursor = 0
            scrollOffset = 0
            insert(newValue)
        }
    }

    public var isEmpty: Bool { characters.isEmpty }

    /// Inserts what the filter and the limit allow of `text` at the edit point. Returns how many
    /// characters went in.
    @discardableResult
    public mutating func insert(_ text: String) -> Int {
        var inserted = 0
        for character in text where accepts(character) {
            if let maxLength, characters.count >= maxLength { break }
            characters.insert(character, at: cursor)
            cursor += 1
            inserted += 1
        }
        return inserted
    }

    public mutating func clear() {
        characters.removeAll()
        cursor = 0
        scrollOffset = 0
    }

    /// Moves the edit point (clamped to the value).
    public mutating func moveCursor(to position: Int) {
        cursor = min(max(0, position), characters.count)
    }

    /// Keys the field owns are used even when they change nothing (Backspace at the start, a
    /// letter in a digits field), so that a focused field never lets a typed `q` quit the
    /// screen. Up, Down, Tab, Enter and Esc are declined: they belong to the form.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            guard !DisplayWidth.isControl(character) else { return false }
            insert(String(character))
        case .left: moveCursor(to: cursor - 1)
        case .right: moveCursor(to: cursor + 1)
        case .home, .control("a"): moveCursor(to: 0)
        case .end, .control("e"): moveCursor(to: characters.count)
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"): clear()
        case .control("k"): characters.removeSubrange(cursor...)
        case .control("w"): deleteWordBeforeCursor()
        default: return false
        }
        return true
    }

    /// Keys as above; a paste is inserted whole (through the filter and limit).
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key): return handle(key)
        case .paste(let text):
            insert(text)
            return true
        default: return false
        }
    }

    /// Deletes back to the start of the word before the cursor, and the spaces after it, the way
    /// a shell does.
    private mutating func deleteWordBeforeCursor() {
        var start = cursor
        while start > 0 && characters[start - 1] == " " { start -= 1 }
        while start > 0 && characters[start - 1] != " " { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    private func accepts(_ character: Character) -> Bool {
        character.displayWidth > 0 && !DisplayWidth.isControl(character) && filter.allows(character)
    }

    private mutating func enforceLimit() {
        if let maxLength, characters.count > maxLength {
            characters.removeSubrange(maxLength...)
            cursor = min(cursor, characters.count)
        }
    }

    // MARK: - Drawing support

    /// The characters as shown: the value, or one `•` each when masked.
    var displayedCharacters: [Character] {
        isMasked ? Array(repeating: "•", count: characters.count) : characters
    }

    /// Scrolls so the edit point is in a field `width` columns wide, leaving a column for the
    /// cursor after the last character, and showing as much of the value as fits.
    mutating func scrollToCursor(width: Int) {
        let shown = displayedCharacters
        let room = max(1, width - 1)
        func columns(_ range: Range<Int>) -> Int {
            shown[range].reduce(0) { $0 + $1.displayWidth }
        }
        scrollOffset = min(scrollOffset, cursor)
        while scrollOffset < cursor && columns(scrollOffset..<cursor) > room { scrollOffset += 1 }
        // Room to spare at the right (after a delete): bring earlier characters back into view.
        while scrollOffset > 0 && columns((scrollOffset - 1)..<shown.count) <= room { scrollOffset -= 1 }
    }
}
