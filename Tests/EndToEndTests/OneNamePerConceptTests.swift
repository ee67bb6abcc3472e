import Foundation
import TerminalTestSupport
import Testing

/// Issue 19: one concept, one name. The core's types are the types; CheckoutKit adds the seeds'
/// protocols and controllers, not second copies. A name declared in both modules forces module
/// selectors or aliases wherever both are imported, so this test reads the sources and fails on
/// any top-level type name the two modules share.
@Suite struct OneNamePerConceptTests {
    /// A declaration at the start of a line (top level): attributes and modifiers, then the kind
    /// and the name. Nested types (indented) may repeat a name: they are reached through their owner.
    static let topLevelType = #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|fileprivate|private|final|open|indirect|nonisolated)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)"#

    static func topLevelTypeNames(inModule module: String) throws -> [String: String] {
        let folder = CheckoutBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
        let declaration = try NSRegularExpression(pattern: topLevelType, options: .anchorsMatchLines)
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        var fileByName: [String: String] = [:]
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                fileByName[String(text[range])] = "\(module)/\(relative)"
            }
        }
        return fileByName
    }

    @Test func noTypeNameIsDeclaredInBothTheCoreAndCheckoutKit() throws {
        let core = try Self.topLevelTypeNames(inModule: "PaymentsCore")
        let kit = try Self.topLevelTypeNames(inModule: "CheckoutKit")
        #expect(core.count > 20 && kit.count > 20, "the sources were not found")
        for name in Set(core.keys).intersection(kit.keys).sorted() {
            Issue.record("\(name) is declared in \(core[name] ?? "") and in \(kit[name] ?? ""): one concept, one type (issue 19); if they differ, name the difference")
        }
    }
}
