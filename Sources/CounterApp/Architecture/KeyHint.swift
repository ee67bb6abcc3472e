/// A key and what it does here: the footer shows the screen's hints, `?` lists them all.
public struct KeyHint: Hashable, Sendable {
    public let key: String
    public let label: String

    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }
}
