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

    @Test func theAllowedStartUpNoticeIsNotCaught() {
        let source = "enum AppFeature { struct State { var notice: String? } }"
        #expect(WordsInStateScan.violations(in: source, file: "AppFeature.swift").isEmpty)
    }
}
