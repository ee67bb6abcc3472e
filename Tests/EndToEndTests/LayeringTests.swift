import Foundation
import TerminalTestSupport
import Testing

/// DESIGN.md's layers, checked on the sources: imports point down only.
///
/// The package manifest alone does not enforce this: on Linux a target can import any module that
/// happens to be built in the same build folder, so a stray `import TerminalUI` in the core would
/// compile. This test reads every source file and fails on an import across the rules.
@Suite struct LayeringTests {
    /// Modules each layer may not import.
    static let forbidden: [String: Set<String>] = [
        "Clocks": ["TerminalUI", "CNcurses", "PaymentsCore", "CheckoutKit", "CounterApp", "QRCode"],
        "QRCode": ["TerminalUI", "CNcurses", "PaymentsCore", "CheckoutKit", "CounterApp"],
        // The core speaks in values and typed errors; the views turn them into words (DESIGN.md).
        // libpq is reached through PostgresClient only, and only the core's storage uses it.
        "PaymentsCore": ["TerminalUI", "CNcurses", "CheckoutKit", "CounterApp", "Localization", "CLibPQ"],
        "PostgresClient": ["TerminalUI", "CNcurses", "PaymentsCore", "CheckoutKit", "CounterApp", "Localization", "Clocks"],
        "CheckoutKit": ["TerminalUI", "CNcurses", "CounterApp", "Localization", "PostgresClient", "CLibPQ"],
        "TerminalUI": ["PaymentsCore", "CheckoutKit", "CounterApp", "PostgresClient", "CLibPQ"],
        // The screens reach the core through CheckoutKit (DESIGN.md).
        "CounterApp": ["CNcurses", "PaymentsCore", "PostgresClient", "CLibPQ"],
        "checkout": ["CNcurses", "CLibPQ"],
    ]

    static let declarationKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]

    static func imports(inModule module: String) throws -> [(file: String, imported: String)] {
        let folder = CheckoutBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, String)] = []
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.first == "import", words.count >= 2 else { continue }
                // `import struct PaymentsCore.Money` names one declaration of the module.
                let path = Self.declarationKinds.contains(String(words[1])) && words.count >= 3 ? words[2] : words[1]
                found.append(("\(module)/\(relative)", String(path.split(separator: ".")[0])))
            }
        }
        return found
    }

    @Test(arguments: forbidden.keys.sorted())
    func importsPointDownOnly(module: String) throws {
        let imports = try Self.imports(inModule: module)
        #expect(!imports.isEmpty || module == "QRCode", "no sources found for \(module)")
        for (file, imported) in imports where Self.forbidden[module]!.contains(imported) {
            Issue.record("\(file) imports \(imported), which \(module) may not use (DESIGN.md: imports point down only)")
        }
    }

    /// DESIGN.md: the core speaks in values and typed errors, and the views turn them into words.
    /// Beside the imports (above), no call of the catalogue's `tr`/`trn` below the views.
    @Test(arguments: ["PaymentsCore", "CheckoutKit"])
    func noWordsBelowTheViews(module: String) throws {
        let folder = CheckoutBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
        let call = try NSRegularExpression(pattern: #"\btrn?\("#)
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return }
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let line = String(line)
                if call.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    Issue.record("\(module)/\(relative):\(number + 1) calls tr: the views word the core's values (DESIGN.md)")
                }
            }
        }
    }

    /// Core classes CounterApp may still meet through `CoreVocabulary.swift`, each with why.
    /// Empty: the core's services (orders, auctions, storage, ids...) stay behind CheckoutKit's
    /// controllers and its wiring (`CounterCore`, `CheckoutServices`); only values cross.
    static let reExportedClassesAllowed: Set<String> = []

    /// The screens reach the core through CheckoutKit's controllers: the re-exports are values,
    /// typed errors and protocols, never one of the core's service classes, nor the whole module.
    @Test func checkoutKitReExportsNoServiceOfTheCore() throws {
        let folder = CheckoutBinary.repositoryRoot.appendingPathComponent("Sources/CheckoutKit")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return }
        var reExports = 0
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("@_exported") {
                reExports += 1
                let words = line.split(separator: " ").map(String.init)
                guard words.count >= 3, Self.declarationKinds.contains(words[2]) else {
                    Issue.record("CheckoutKit/\(relative) re-exports a whole module (\(line)): re-export the core's values one by one")
                    continue
                }
                let name = words.count >= 4 ? words[3] : ""
                if words[2] == "class", !Self.reExportedClassesAllowed.contains(name) {
                    Issue.record("CheckoutKit/\(relative) re-exports the class \(name): put what the screens need behind a controller in CheckoutKit")
                }
            }
        }
        #expect(reExports > 0, "no re-exports found: has CoreVocabulary.swift moved?")
    }

    /// `@_spi(Core)` opens `CheckoutServices.core` and `.commerce` to tests and tools; the screens
    /// may not use it to step around the controllers.
    @Test func theScreensDoNotOpenTheCoreSPI() throws {
        let folder = CheckoutBinary.repositoryRoot.appendingPathComponent("Sources/CounterApp")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return }
        for case let relative as String in files where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("@_spi(") && line.contains("import ") {
                Issue.record("CounterApp/\(relative) opens an SPI (\(line)): the screens use CheckoutKit's public controllers")
            }
        }
    }

    @Test func onlyTheCursesSurfaceSideOfTheToolkitTouchesCurses() throws {
        let cursesFiles = Set(try Self.imports(inModule: "TerminalUI").filter { $0.imported == "CNcurses" }.map(\.file))
        for file in cursesFiles {
            let name = URL(fileURLWithPath: file).lastPathComponent
            #expect(name.hasPrefix("Curses") || name.hasPrefix("TerminalSession") || name.hasPrefix("InteractiveLoop"),
                    "\(file) imports CNcurses: only the curses surface, input reader and terminal session may")
        }
    }
}
