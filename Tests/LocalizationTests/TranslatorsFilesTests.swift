@testable import CataloguePO
import Foundation
@testable import Localization
import ProgramSupport
import Testing

/// The translators' files (`Localization/po/`) and the catalogue the counter is built with say
/// the same thing: the PO file read back is the catalogue, entry for entry and in order; the
/// Swift tables are exactly what `po-catalogue import` writes from it; the template lists every
/// message; and gettext's own `msgfmt --check` accepts the PO file, placeholders and all.
@Suite struct TranslatorsFilesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let layout = CatalogueLayout(.simplifiedChinese)

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func committedPO() throws -> POFile { try POParser.parse(read(layout.poPath)) }

    @Test func thePOFileIsTheCatalogueTheCounterIsBuiltWith() throws {
        let fromPO = try CatalogueImport.parts(of: Self.committedPO(), language: .simplifiedChinese)
        let built = try #require(Catalogue.entries(for: .simplifiedChinese))
        #expect(fromPO.map(\.part) == built.map(\.part))
        for (read, compiled) in zip(fromPO, built) {
            #expect(read.entries == compiled.entries, "part \(read.part) differs: run `swift run po-catalogue import` after editing \(Self.layout.poPath)")
        }
    }

    @Test func theSwiftTablesAreWhatImportWritesFromThePOFile() throws {
        let parts = try CatalogueImport.parts(of: Self.committedPO(), language: .simplifiedChinese)
        let generated = CatalogueImport.swiftSources(parts, language: .simplifiedChinese)
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(Self.layout.sourceDirectory).path)
            .filter { $0.hasSuffix(".swift") }.map { "\(Self.layout.sourceDirectory)/\($0)" }
        #expect(Set(onDisk) == Set(generated.keys), "a table file without its part in the PO file, or the other way round")
        for (path, source) in generated {
            #expect(try Self.read(path) == source, "\(path) is not what `swift run po-catalogue import` writes")
        }
    }

    @Test func exportWritesThePOFileAsCommitted() throws {
        let built = try #require(Catalogue.entries(for: .simplifiedChinese))
        let exported = POWriter.render(CatalogueExport.poFile(.simplifiedChinese, parts: built))
        #expect(exported == (try Self.read(Self.layout.poPath)), "run `swift run po-catalogue export`")
        let template = POWriter.render(CatalogueExport.template(parts: built, layout: Self.layout))
        #expect(template == (try Self.read(CatalogueLayout.templatePath)), "the template is out of date: run `swift run po-catalogue export`")
    }

    @Test func theTemplateHasEveryMessageUntranslated() throws {
        let template = try POParser.parse(Self.read(CatalogueLayout.templatePath))
        let po = try Self.committedPO()
        #expect(template.entries.map(\.msgid) == po.entries.map(\.msgid))
        #expect(template.entries.allSatisfy { $0.isUntranslated })
        #expect(template.entries.count > 900)
    }

    @Test func thePluralRuleIsTheLanguagesAndEveryCountedTextHasItsForms() throws {
        let po = try Self.committedPO()
        #expect(po.headerValue("Plural-Forms") == Language.simplifiedChinese.pluralForms)
        #expect(po.headerValue("Language") == "zh_Hans")
        let counted = po.entries.filter { $0.msgidPlural != nil }
        #expect(counted.count >= 4)
        #expect(counted.allSatisfy { $0.msgstr.count == Language.simplifiedChinese.pluralFormCount })
    }

    @Test func msgfmtCheckAcceptsThePOFile() throws {
        let (status, output) = try Self.run(RequiredProgram.msgfmt, ["--check", "--statistics", "-o", "/dev/null", Self.layout.poPath])
        #expect(status == 0, "msgfmt --check: \(output)")
        #expect(!output.contains("warning"), "\(output)")
        #expect(output.contains("translated message"), "\(output)")
    }

    @Test func msgcmpFindsEveryTemplateMessageInThePOFile() throws {
        let (status, output) = try Self.run(RequiredProgram(name: "msgcmp", package: "gettext"), [Self.layout.poPath, CatalogueLayout.templatePath])
        #expect(status == 0, "msgcmp: \(output)")
    }

    /// The `csharp-format` flag is what makes msgfmt hold a translation to its placeholders: a
    /// translation that drops one is refused.
    @Test func msgfmtRefusesATranslationThatLosesAPlaceholder() throws {
        let entry = POEntry(msgid: "Order {0} is paid by {1}", msgstr: ["订单 {0} 已支付"], flags: ["csharp-format"])
        var file = CatalogueExport.poFile(.simplifiedChinese, parts: [])
        file.entries = [entry]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(getpid()).po").path
        try POWriter.render(file).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try Self.run(RequiredProgram.msgfmt, ["--check", "-o", "/dev/null", path])
        #expect(status != 0)
        #expect(output.contains("format specifications"), "\(output)")
    }

    static func run(_ program: RequiredProgram, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try program.require())
        process.arguments = arguments
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Writing and reading PO text, on what translators' tools leave behind.
@Suite struct POFormatTests {
    @Test func writingAndReadingBackChangesNothing() throws {
        let file = POFile(header: [("Language", "zh_Hans"), ("Plural-Forms", "nplurals=1; plural=0;")], headerComments: ["A comment"], entries: [
            POEntry(msgid: "Say \"hi\" \\ then\nleave", msgstr: ["说“你好”\\ 然后\n离开"], extractedComments: ["Greetings"],
                    references: ["Sources/Localization/Catalogue/zh-Hans/Common.swift"], flags: []),
            POEntry(msgid: "{0} item", msgidPlural: "{0} items", msgstr: ["{0} 件"], flags: ["csharp-format"]),
            POEntry(msgid: "Tab\there", msgstr: [""]),
        ])
        #expect(try POParser.parse(POWriter.render(file)) == file)
    }

    @Test func wrappedStringsFuzzyAndObsoleteMessagesReadAsPoeditWritesThem() throws {
        let text = """
        # Translator's note
        msgid ""
        msgstr ""
        "Language: zh_Hans\\n"
        "Plural-Forms: nplurals=1; plural=0;\\n"

        # checked by Li
        #. Cart
        #: Sources/Localization/Catalogue/zh-Hans/Store.swift
        msgid ""
        "Your cart is empty. "
        "Esc goes back."
        msgstr ""
        "购物车是空的。"
        "按 Esc 返回。"

        #: Sources/Localization/Catalogue/zh-Hans/Store.swift
        #, fuzzy, csharp-format
        #| msgid "Old {0}"
        msgid "New {0}"
        msgstr "旧 {0}"

        #~ msgid "Gone"
        #~ msgstr "没了"
        """
        let file = try POParser.parse(text)
        #expect(file.headerComments == ["Translator's note"])
        #expect(file.entries.count == 2)
        #expect(file.entries[0].msgid == "Your cart is empty. Esc goes back.")
        #expect(file.entries[0].msgstr == ["购物车是空的。按 Esc 返回。"])
        #expect(file.entries[0].translatorComments == ["checked by Li"])
        #expect(file.entries[1].isFuzzy)
        #expect(file.entries[1].flags == ["fuzzy", "csharp-format"])

        // A fuzzy translation is not used: English shows until someone confirms it.
        let parts = try CatalogueImport.parts(of: file, language: .simplifiedChinese)
        #expect(parts.map(\.part) == ["store"])
        #expect(parts[0].entries == [.section("Cart"), .text("Your cart is empty. Esc goes back.", "购物车是空的。按 Esc 返回。"), .text("New {0}", "")])
    }

    @Test func brokenFilesAreRefusedWithTheirLine() {
        #expect(throws: POParser.Failure(line: 2, message: "unknown escape \\q")) { try POParser.parse("msgid \"\"\nmsgstr \"\\q\"\n") }
        #expect(throws: POParser.Failure(line: 1, message: "a string continues nothing")) { try POParser.parse("\"x\"\n") }
    }

    @Test func aWrongPluralRuleIsRefused() throws {
        let file = try POParser.parse("msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n")
        #expect(throws: CatalogueImport.Problem.self) { try CatalogueImport.parts(of: file, language: .simplifiedChinese) }
    }

    @Test func onlyPlaceholderTextsAreFlaggedForMsgfmt() {
        #expect(CatalogueExport.isPlaceholderFormat("Order {0} of {1}"))
        #expect(!CatalogueExport.isPlaceholderFormat("Pay"))
        #expect(!CatalogueExport.isPlaceholderFormat("an inline table such as { fg = 214 }"))
        #expect(!CatalogueExport.isPlaceholderFormat("{0} and }"))
    }
}

/// Counted texts follow each language's plural rule.
@Suite struct PluralTests {
    @Test func englishHasASingularAndAPlural() {
        #expect(trn("{0} item", "{0} items", count: 1, 1) == "1 item")
        #expect(trn("{0} item", "{0} items", count: 2, 2) == "2 items")
        #expect(trn("{0} item", "{0} items", count: 0, 0) == "0 items")
    }

    @Test func chineseHasOneFormForEveryCount() {
        Language.$current.withValue(.simplifiedChinese) {
            #expect(trn("{0} item", "{0} items", count: 1, 1) == "1 件")
            #expect(trn("{0} item", "{0} items", count: 5, 5) == "5 件")
            #expect(trn("Total ({0} item)  {1}", "Total ({0} items)  {1}", count: 3, 3, "US$30.00") == "合计（3 件）  US$30.00")
        }
    }

    @Test func theRulesAreGettexts() {
        #expect(Language.english.pluralForms == "nplurals=2; plural=(n != 1);")
        #expect(Language.simplifiedChinese.pluralForms == "nplurals=1; plural=0;")
        #expect((0...3).map(Language.english.pluralIndex) == [1, 0, 1, 1])
        #expect((0...3).map(Language.simplifiedChinese.pluralIndex) == [0, 0, 0, 0])
    }

    @Test func aCountedTextWithoutFormsShowsEnglishAndIsRecorded() {
        let recorder = MissingTranslations()
        let shown = MissingTranslations.$recorder.withValue(recorder) {
            Language.$current.withValue(.simplifiedChinese) { trn("{0} bee", "{0} bees", count: 2, 2) }
        }
        #expect(shown == "2 bees")
        #expect(recorder.texts(in: .simplifiedChinese) == ["{0} bee"])
    }
}
