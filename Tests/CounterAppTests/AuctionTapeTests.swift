import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// Every tape under `Tapes/auction/`, played on the counter with a real core (see
/// `AuctionTapeWorld`). `UPDATE_GOLDENS=1 swift test --filter AuctionTape` rewrites the goldens.
@Suite struct AuctionTapeTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tapes/auction").standardizedFileURL.path

    static let tapes = [
        "happy-path", "terms-not-accepted", "no-tips", "locked-then-unlocked", "three-wrong-pins",
        "no-saved-cards-then-add", "remove-card", "declined-then-another", "challenge-card", "closed-auction",
        "esc-back-to-onback", "sizes", "joined-list-and-raise", "leave", "won", "lost", "guest-signs-in", "zh-hans-your-bid",
    ]

    /// Plays one tape; returns the world so a test can look at what the callbacks did.
    @discardableResult
    static func play(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> AuctionTapeWorld {
        let path = "\(directory)/\(name).tape"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let world = AuctionTapeWorld(tapeText: text)
        let player = TapePlayer(update: ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1")
        let result = try player.play(text, path: path, clock: world.clock, makeApplication: world.makeApplication)
        #expect(result.failure == nil, "\(result.report(path: path))\n\(result.output)", sourceLocation: sourceLocation)
        return world
    }

    @Test(arguments: AuctionTapeTests.tapes.filter { FileManager.default.fileExists(atPath: "\(AuctionTapeTests.directory)/\($0).tape") })
    func tapePasses(_ name: String) throws {
        try Self.play(name)
    }
}
