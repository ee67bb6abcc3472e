extension Size {
    /// Reads `COLSxROWS` (as in `Resize 100x30` or `--size 100x30`), with the tape's rules.
    public init?(notation text: String) {
        guard let size = try? TapeParser.size(text) else { return nil }
        self = size
    }
}
