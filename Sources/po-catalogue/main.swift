import CataloguePO
import Foundation
import Localization

/// `swift run po-catalogue export|import`, from the repository's root: moves the catalogue
/// between the Swift tables the counter is built with and the PO files translators edit.
///
///   export   the built-in catalogue -> Localization/po/<language>.po and checkout.pot
///   import   Localization/po/<language>.po -> Sources/Localization/Catalogue/<language>/*.swift
///
/// After `import`, build again: the counter carries its catalogue compiled in, so that it needs
/// no files at run time. `Docs/localization.md` has the whole round.
let arguments = CommandLine.arguments.dropFirst()
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let languages = Language.allCases.filter { $0 != .english }

func write(_ text: String, to path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    print("wrote \(path)")
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("po-catalogue: \(message)\n".utf8))
    exit(1)
}

guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Localization").path) else {
    fail("run me from the repository's root (Sources/Localization is not here)")
}

switch arguments.first {
case "export":
    var templateParts: [(part: String, entries: [CatalogueEntry])] = []
    for language in languages {
        let parts = Catalogue.entries(for: language) ?? []
        try write(POWriter.render(CatalogueExport.poFile(language, parts: parts)), to: CatalogueLayout(language).poPath)
        if templateParts.isEmpty { templateParts = parts }
    }
    if let first = languages.first {
        try write(POWriter.render(CatalogueExport.template(parts: templateParts, layout: CatalogueLayout(first))), to: CatalogueLayout.templatePath)
    }
case "import":
    for language in languages {
        let layout = CatalogueLayout(language)
        let text: String
        do { text = try String(contentsOf: root.appendingPathComponent(layout.poPath), encoding: .utf8) } catch {
            fail("cannot read \(layout.poPath): \(error.localizedDescription)")
        }
        let sources: [String: String]
        do {
            let parts = try CatalogueImport.parts(of: try POParser.parse(text), language: language)
            sources = CatalogueImport.swiftSources(parts, language: language)
        } catch let failure as POParser.Failure {
            fail("\(layout.poPath): \(failure)")
        } catch {
            fail("\(error)")
        }
        // A part the PO file no longer has loses its file.
        let directory = root.appendingPathComponent(layout.sourceDirectory)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".swift") {
            let path = "\(layout.sourceDirectory)/\(name)"
            if sources[path] == nil {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
                print("removed \(path)")
            }
        }
        for (path, source) in sources.sorted(by: { $0.key < $1.key }) { try write(source, to: path) }
    }
    print("now build again: the catalogue is compiled into the counter")
default:
    fail("usage: swift run po-catalogue export|import (from the repository's root)")
}
