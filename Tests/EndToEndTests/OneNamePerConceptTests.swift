import Foundation
import TerminalTestSupport
import Testing

/// Issue 19: one concept, one name. The core's types are the types; CheckoutKit adds the seeds'
/// protocols and controllers, not second copies. A name declared in both modules forces module
/// selectors or aliases wherever both are imported, so this test reads the sources and fails on
/// any top-level type name the two modules share, and on a core value type that is only the kit's
/// name with a `Core` prefix (a twin renamed, not folded: `CoreCart` beside `Cart`).
@Suite struct OneNamePerConceptTests {
    /// A declaration at the start of a line (top level): attributes and modifiers, then the kind
    /// and the name. Nested types (indented) may repeat a name: they are reached through their owner.
    static let topLevelType = #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|fileprivate|private|final|open|indirect|nonisolated)\s+)*(struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)"#

    /// A top-level declaration: its kind (`struct`, `enum`...) and the file that declares it.
    struct Declaration {
        let kind: String
        let file: String
        var isValueType: Bool { kind == "struct" || kind == "enum" }
    }

    static func topLevelTypes(inModule module: String) throws -> [String: Declaration] {
        let folder = CheckoutBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
        let declaration = try NSRegularExpression(pattern: topLevelType, options: .anchorsMatchLines)
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        var declarations: [String: Declaration] = [:]
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let kind = Range(match.range(at: 1), in: text), let name = Range(match.range(at: 2), in: text) else { continue }
                declarations[String(text[name])] = Declaration(kind: String(text[kind]), file: "\(module)/\(relative)")
            }
        }
        return declarations
    }

    @Test func noTypeNameIsDeclaredInBothTheCoreAndCheckoutKit() throws {
        let core = try Self.topLevelTypes(inModule: "PaymentsCore")
        let kit = try Self.topLevelTypes(inModule: "CheckoutKit")
        #expect(core.count > 20 && kit.count > 20, "the sources were not found")
        for name in Set(core.keys).intersection(kit.keys).sorted() {
            Issue.record("\(name) is declared in \(core[name]?.file ?? "") and in \(kit[name]?.file ?? ""): one concept, one type (issue 19); if they differ, name the difference")
        }
    }

    /// A prefix says where a type lives, not how it differs: `CoreCart` beside the kit's `Cart` is
    /// still one concept under two names. Classes are exempt (the kit's `Core…Controller`
    /// adapters and the core's services are not value twins).
    @Test func noCoreValueTypeIsTheKitsNameWithAPrefix() throws {
        let core = try Self.topLevelTypes(inModule: "PaymentsCore")
        let kit = try Self.topLevelTypes(inModule: "CheckoutKit")
        #expect(core.count > 20 && kit.count > 20, "the sources were not found")
        for (name, declaration) in core.sorted(by: { $0.key < $1.key }) where declaration.isValueType && name.hasPrefix("Core") {
            let bare = String(name.dropFirst("Core".count))
            guard let twin = kit[bare], twin.isValueType else { continue }
            Issue.record("\(name) (\(declaration.file)) is \(bare) (\(twin.file)) with a prefix: fold them into one type, or name how they differ (issue 19)")
        }
    }
}
