/// The name on the card: Unicode letters (any script), spaces, apostrophes, hyphens and dots.
public struct HolderName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 50
    public let value: String

    public init(_ text: String) throws(HolderNameError) {
        // Collapse runs of spaces so "Ana  María" and "Ana María" are the same holder.
        let words = text.split(whereSeparator: \.isWhitespace)
        let normalized = words.joined(separator: " ")
        guard !normalized.isEmpty else { throw .empty }
        let allowedPunctuation: Set<Character> = [" ", "'", "’", "-", "."]
        guard normalized.allSatisfy({ $0.isLetter || allowedPunctuation.contains($0) }),
              normalized.contains(where: \.isLetter) else { throw .invalidCharacters }
        guard normalized.count <= HolderName.maximumLength else { throw .tooLong(maximum: HolderName.maximumLength) }
        value = normalized
    }

    public var description: String { value }
}
