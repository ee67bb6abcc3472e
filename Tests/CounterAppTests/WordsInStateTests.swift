import Foundation
import Testing

/// Words stay out of state: every `State` in `Sources/CounterApp` keeps values, worded when drawn.
@Suite struct WordsInStateTests {
    @Test func noStateKeepsWords() throws {
        let files = try #require(FileManager.default.enumerator(at: ReducerPurityTests.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 50, "the scan found the sources")
        var states = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            states += source.components(separatedBy: "struct State").count - 1
            for violation in WordsInStateScan.violations(in: source, file: file.lastPathComponent) {
                Issue.record("words in state: \(violation)")
            }
        }
        #expect(states > 20, "the scan saw the states")
    }

    // The scan itself, on each way the rule can be broken (and kept).

    @Test func aStoredMessageInAStateIsCaught() {
        let source = """
        enum CartFeature {
            public struct State: Equatable {
                public var message: String?
                var statusError: String = "" // a comment: String
                public var notice: Notice?
                public var searchText: String
                var errorText: String { "computed, drawn from values" }
                var formMessage: String? { didSet { isGood = false } }
            }
        }
        """
        #expect(WordsInStateScan.violations(in: source, file: "F.swift").map(\.name) == ["message", "statusError", "formMessage"])
    }

    @Test func aCasePayloadOfWordsIsCaught() {
        let source = """
        enum Phase { case paying(status: String), failed(PaymentError), operatorPIN(entry: String, message: String?) }
        enum Action { case done(String?, error: String?, cards: [Card]) }
        """
        #expect(WordsInStateScan.violations(in: source, file: "F.swift").map(\.name) == ["status", "message", "error"])
    }

    /// A field keeps why its value is refused as a `FieldProblem`; the toolkit's
    /// `validationMessage` gets its words only on the copy a view draws.
    @Test func aFieldsMessageIsWordedOnlyWhereItIsDrawn() throws {
        let files = try #require(FileManager.default.enumerator(at: ReducerPurityTests.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        var drawn = 0
        for file in files {
            let source = ReducerPurityScan.blankStringsAndComments(try String(contentsOf: file, encoding: .utf8))
            let uses = source.components(separatedBy: "validationMessage").count - 1
            if file.lastPathComponent == "ScreenDrawing.swift" { drawn += uses; continue }
            if uses > 0 { Issue.record("words in state: \(file.lastPathComponent) sets a field's validationMessage; keep a FieldProblem in FormField.problem") }
        }
        #expect(drawn == 1, "ScreenDrawing.field words the field's problem")
    }

    @Test func aListOfNotesInAStateIsCaught() {
        let source = """
        enum BankFeature {
            public struct State: Equatable {
                public var mandateNotes: [String] = []
                public var notes: [MandateNote] = []
                public var countries: [String] = []
            }
        }
        """
        #expect(WordsInStateScan.violations(in: source, file: "F.swift").map(\.name) == ["mandateNotes"])
    }

    @Test func unlabelledTextInAPhaseIsCaught() {
        let source = """
        enum BankFeature {
            public enum Step: Equatable { case chooseCountry, working(String), result(Outcome) }
            public enum Outcome: Equatable { case paid(Result<Receipt, Failure>), notStarted(String?) }
            public enum Action: Equatable { case pasted(String), working(Waiting) }
        }
        """
        #expect(WordsInStateScan.violations(in: source, file: "F.swift").map(\.place) == ["F.swift Step.working(_:)", "F.swift Outcome.notStarted(_:)"])
    }

    @Test func theAllowedStartUpNoticeIsNotCaught() {
        let source = "enum AppFeature { struct State { var notice: String? } }"
        #expect(WordsInStateScan.violations(in: source, file: "AppFeature.swift").isEmpty)
    }
}
