import Foundation

/// Collects the texts looked up without a translation while it listens, so that a test can play
/// every tape in every language and name what the catalogue lacks.
public final class MissingTranslations: @unchecked Sendable {
    /// The recorder of the run in progress, if any listens.
    @TaskLocal public static var recorder: MissingTranslations?

    private let lock = NSLock()
    private var missing: [Language: Set<String>] = [:]

    public init() {}

    func record(_ english: String, in language: Language) {
        lock.lock()
        defer { lock.unlock() }
        missing[language, default: []].insert(english)
    }

    /// The texts shown untranslated in `language`, sorted.
    public func texts(in language: Language) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return missing[language, default: []].sorted()
    }
}
