@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Every tape under `Tapes/` plays and holds (its `Expect`s and golden snapshots), as
/// `checkout play` would run it: the counter on an in-memory database and the tape's clock.
@Suite struct TapeTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func allTapes() -> [String] {
        let tapes = repositoryRoot.appendingPathComponent("Tapes")
        guard let walker = FileManager.default.enumerator(atPath: tapes.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".tape") }.sorted()
    }

    @Test func thereAreStoreTapes() {
        let tapes = Self.allTapes()
        #expect(tapes.filter { $0.hasPrefix("store/") }.count >= 9, "found \(tapes)")
    }

    @Test(arguments: allTapes())
    func tapePlays(_ relativePath: String) throws {
        let path = Self.repositoryRoot.appendingPathComponent("Tapes").appendingPathComponent(relativePath).path
        // A tape that needs a world set up first says so on a `# world:` line: a kiosk's or a
        // shell's is KioskTapeTests', an auction's AuctionTapeTests'; a signed-in customer with
        // saved cards (anywhere else) is set up here, as `checkout play` sets it up.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        if ShellTapeWorld(tapeText: text) != nil { return }
        if relativePath.hasPrefix("auction/"), CustomerTapeWorld(tapeText: text) != nil { return }
        let tape = try TapeParser.parse(contentsOfFile: path)
        let customer = CustomerTapeWorld(tapeText: text).map { _ in AuctionTapeWorld(tapeText: text) }
        let staff = StaffTapeWorld(tapeText: text)
        let result = TapePlayer(update: ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1").play(tape) {
            staff?.application(database: ":memory:", counterName: nil, demo: TapeWorld.isDemo(tapeText: text))
                ?? customer?.makeApplication() ?? CounterApplication(demo: TapeWorld.isDemo(tapeText: text),
                                                              makeServices: CounterApplication.services(database: ":memory:"))
        }
        #expect(result.failure == nil, "\(result.report(path: path))")
    }
}
