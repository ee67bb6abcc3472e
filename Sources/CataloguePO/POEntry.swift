/// One message of a gettext PO file, with the comments the counter uses.
public struct POEntry: Equatable, Sendable {
    public var msgid: String
    public var msgidPlural: String?
    /// One string, or one per plural form (`msgstr[n]`).
    public var msgstr: [String]
    /// `#.` lines: a section heading over this entry.
    public var extractedComments: [String] = []
    /// `#:` lines: the catalogue file the entry is compiled into.
    public var references: [String] = []
    /// `#,` flags: `csharp-format` (placeholders `{0}` that msgfmt checks), `fuzzy`.
    public var flags: [String] = []
    /// `# ` lines: a translator's own notes, kept as they are.
    public var translatorComments: [String] = []

    public init(msgid: String, msgidPlural: String? = nil, msgstr: [String], extractedComments: [String] = [],
                references: [String] = [], flags: [String] = [], translatorComments: [String] = []) {
        self.msgid = msgid
        self.msgidPlural = msgidPlural
        self.msgstr = msgstr
        self.extractedComments = extractedComments
        self.references = references
        self.flags = flags
        self.translatorComments = translatorComments
    }

    public var isFuzzy: Bool { flags.contains("fuzzy") }
    /// Not translated yet: every form empty.
    public var isUntranslated: Bool { msgstr.allSatisfy(\.isEmpty) }
}

/// A PO file (or a POT template): the header and the messages, in order.
public struct POFile: Equatable, Sendable {
    /// The header's fields, in order (`Language`, `Plural-Forms`, ...).
    public var header: [(String, String)]
    /// `# ` lines above the header.
    public var headerComments: [String]
    public var entries: [POEntry]

    public init(header: [(String, String)], headerComments: [String] = [], entries: [POEntry]) {
        self.header = header
        self.headerComments = headerComments
        self.entries = entries
    }

    public func headerValue(_ name: String) -> String? {
        header.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    public static func == (lhs: POFile, rhs: POFile) -> Bool {
        lhs.header.map { "\($0.0): \($0.1)" } == rhs.header.map { "\($0.0): \($0.1)" }
            && lhs.headerComments == rhs.headerComments && lhs.entries == rhs.entries
    }
}
