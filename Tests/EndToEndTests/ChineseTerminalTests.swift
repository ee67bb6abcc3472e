import Foundation
import TerminalTestSupport
import Testing

/// The Chinese screens on a real terminal are the screens the counter meant to draw: the same
/// keys, played headless (where the counter lays out every cell itself) and typed into the real
/// binary in tmux (where ncurses and the terminal place each double-width character), give the
/// same text, line by line. A character measured one column wrong would shift the rest of its
/// line, and the box's right border with it.
@Suite(.serialized)
struct ChineseTerminalTests {
    /// From home to the card form with one jar in the cart, a name and a card typed: the keys as
    /// tmux names them and as a tape writes them.
    static let steps: [(tmux: [String], tape: String)] = [
        ([], ""),
        (["Enter"], "Press Enter"),
        (["?"], "Press ?"),
        (["Escape"], "Press Esc"),
        (["1"], "Press 1"),
        (["Enter"], "Press Enter"),
        (["c"], "Press c"),
        (["Enter"], "Press Enter"),
        (["Enter"], "Press Enter"),
        (["-l", "Li Lei"], "Type \"Li Lei\""),
        (["Tab"], "Press Tab"),
        (["-l", "4000000000000002"], "Type \"4000000000000002\""),
    ]

    /// The screens the counter draws headless after each step (`checkout play` prints them).
    static func headlessScreens(columns: Int, rows: Int) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zh-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = (["Set Language zh-Hans"] + steps.flatMap { [$0.tape, "Screen"] }.filter { !$0.isEmpty }).joined(separator: "\n")
        let file = directory.appendingPathComponent("walk.tape")
        try tape.write(to: file, atomically: true, encoding: .utf8)
        let result = try CheckoutBinary.run(["play", "--size", "\(columns)x\(rows)", file.path])
        #expect(result.status == 0, "\(result.output)")
        // "── screen at line N (80x24) ──" starts each screen; the report line ends the last.
        return result.output.components(separatedBy: "── screen at line ").dropFirst().map { chunk in
            let body = chunk.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            return Array(body.prefix(rows)).joined(separator: "\n")
        }
    }

    static func trimmed(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in var l = String(line); while l.last == " " { l.removeLast() }; return l }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    @Test(arguments: [(80, 24), (132, 43)])
    func theRealTerminalShowsTheHeadlessScreens(columns: Int, rows: Int) throws {
        let expected = try Self.headlessScreens(columns: columns, rows: rows)
        #expect(expected.count == Self.steps.count)
        let session = try TmuxSession(command: [try CheckoutBinary.path(), "--db", ":memory:"], columns: columns, rows: rows,
                                      environment: ["TERM": "xterm-256color", "LANG": "zh_CN.UTF-8"])
        for (index, step) in Self.steps.enumerated() where index < expected.count {
            if step.tmux.first == "-l" {
                try session.type(step.tmux[1])
            } else {
                for key in step.tmux { try session.send(key) }
            }
            let want = Self.trimmed(expected[index])
            // Wait for the screen to settle on the headless one; report the last one seen if not.
            let deadline = Date().addingTimeInterval(10)
            var seen = ""
            repeat {
                seen = Self.trimmed(try session.screen())
                if seen == want { break }
                usleep(100_000)
            } while Date() < deadline
            #expect(seen == want, "step \(index) (\(step.tape)) at \(columns)x\(rows):\n--- headless\n\(want)\n--- tmux\n\(seen)")
            if seen != want { break }
        }
    }
}
