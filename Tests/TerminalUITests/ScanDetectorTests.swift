import Clocks
import Foundation
import Testing
@testable import TerminalUI

/// The scan detector as a value: a scanner's burst and Enter is one scan whose Enter is spent;
/// typing at human speed, short bursts, and anything mixed in stay keys, in their order.
@Suite struct ScanDetectorTests {
    private let start = ManualClock.defaultStart

    /// Each character of `text` (`\n` is Enter) `gap` after the one before; what came out.
    private func feed(_ text: String, gap: Duration, into detector: inout ScanDetector, from offset: Duration = .zero) -> [ScanDetector.Output] {
        var out: [ScanDetector.Output] = []
        var at = start.addingTimeInterval(offset.timeInterval)
        for character in text {
            out += detector.receive(character == "\n" ? .enter : .character(character), at: at)
            at = at.addingTimeInterval(gap.timeInterval)
        }
        return out
    }

    private func keys(_ text: String) -> [ScanDetector.Output] {
        text.map { .key($0 == "\n" ? .enter : .character($0)) }
    }

    @Test(arguments: [Duration.zero, .milliseconds(1), .milliseconds(10), .milliseconds(16), .milliseconds(39)])
    func digitsFastAndEndedWithEnterAreOneScanAndTheEnterIsSpent(_ gap: Duration) {
        var detector = ScanDetector()
        #expect(feed("2000000000015\n", gap: gap, into: &detector) == [.scan("2000000000015")])
        #expect(!detector.isHolding)
    }

    @Test func eachLengthFromEightDigitsUpIsAScan() {
        for length in [8, 12, 13, 20, ScanDetector.maximumDigits] {
            var detector = ScanDetector()
            let code = String(repeating: "7", count: length)
            #expect(feed(code + "\n", gap: .milliseconds(5), into: &detector) == [.scan(code)], "\(length) digits")
        }
    }

    @Test func fewerThanEightDigitsAreKeysAndTheirEnterAnEnter() {
        var detector = ScanDetector()
        #expect(feed("1234567\n", gap: .milliseconds(5), into: &detector) == keys("1234567\n"))
    }

    @Test(arguments: [Duration.milliseconds(41), .milliseconds(50), .milliseconds(60), .milliseconds(250)])
    func digitsAtHumanSpeedAreNeverAScan(_ gap: Duration) {
        var detector = ScanDetector()
        #expect(feed("2000000000015\n", gap: gap, into: &detector) == keys("2000000000015\n"))
    }

    @Test func aPauseBeforeTheEnterMakesTheBurstKeys() {
        var detector = ScanDetector()
        var out = feed("2000000000015", gap: .milliseconds(5), into: &detector)
        #expect(out.isEmpty && detector.held == "2000000000015")
        out = detector.receive(.enter, at: start.addingTimeInterval(0.06 + 0.1))
        #expect(out == keys("2000000000015\n"))
    }

    @Test func aPauseInsideTheBurstLetsTheFirstDigitsGoAsTyped() {
        var detector = ScanDetector()
        var out = feed("12", gap: .milliseconds(5), into: &detector)
        out += feed("2000000000015\n", gap: .milliseconds(5), into: &detector, from: .milliseconds(500))
        #expect(out == keys("12") + [.scan("2000000000015")])
    }

    @Test func aKeyInTheMiddleLetsTheDigitsGoFirstInOrder() {
        var detector = ScanDetector()
        #expect(feed("2000000c00015\n", gap: .milliseconds(1), into: &detector) == keys("2000000c00015\n"))
    }

    @Test func aScanBetweenOrdinaryKeysLeavesThemAsTheyWere() {
        var detector = ScanDetector()
        var out = feed("c", gap: .zero, into: &detector)
        out += feed("96385074\n", gap: .milliseconds(3), into: &detector, from: .milliseconds(10))
        out += feed("3\n", gap: .milliseconds(100), into: &detector, from: .seconds(1))
        // The "3" typed alone waits for its gap; it then goes as a key (released here by Enter).
        #expect(out == keys("c") + [.scan("96385074")] + keys("3\n"))
    }

    @Test func keysOtherThanDigitsAreNeverHeld() {
        var detector = ScanDetector()
        for key in [Key.character("a"), .up, .escape, .tab, .character("+")] {
            #expect(detector.receive(key, at: start) == [.key(key)])
        }
        #expect(detector.releaseAt == nil)
    }

    @Test func heldDigitsGoAtTheGapAfterTheLastOne() {
        var detector = ScanDetector()
        _ = feed("200", gap: .milliseconds(10), into: &detector)
        #expect(detector.releaseAt == start.addingTimeInterval(0.02 + ScanDetector.keyGap.timeInterval))
        #expect(detector.release() == keys("200"))
        #expect(detector.releaseAt == nil && !detector.isHolding)
    }

    @Test func moreDigitsThanAnyCodeAreTyping() {
        var detector = ScanDetector()
        let long = String(repeating: "1", count: ScanDetector.maximumDigits + 1)
        let out = feed(long + "\n", gap: .milliseconds(1), into: &detector)
        #expect(out == keys(String(repeating: "1", count: ScanDetector.maximumDigits)) + keys("1\n"))
    }
}

/// The detector on the loop: the headless terminal holds digits only for an application that
/// takes scans, lets them go on their gap timer or when the screen is looked at, and a tape's
/// `Scan` is a scan where its `Type` is typing.
@Suite struct ScanInputTests {
    @Test func anApplicationThatTakesNoScansGetsEveryKeyAtOnce() {
        let app = EchoCounterApplication()
        let terminal = HeadlessTerminal(application: app)
        for character in "2000000000015" { terminal.send(.character(character)) }
        #expect(app.typed == "2000000000015")
        terminal.send(.enter)
        #expect(app.scans.isEmpty && app.handled.last == .key(.enter))
    }

    @Test func aBurstIsOneScanAndItsEnterReachesNothing() {
        let app = EchoCounterApplication()
        app.takesScans = true
        let terminal = HeadlessTerminal(application: app)
        for character in "2000000000015" { terminal.send(.character(character)) }
        terminal.send(.enter)
        #expect(app.scans == ["2000000000015"] && app.typed.isEmpty)
        #expect(!app.handled.contains(.key(.enter)))
        #expect(terminal.text.contains("Scanned: 2000000000015"))
    }

    @Test func heldDigitsGoOnTheirGapTimer() {
        let app = EchoCounterApplication()
        app.takesScans = true
        let terminal = HeadlessTerminal(application: app)
        terminal.send(.character("7"))
        #expect(app.typed.isEmpty, "held: a burst may be coming")
        terminal.advance(by: .milliseconds(39))
        #expect(app.typed.isEmpty)
        terminal.advance(by: .milliseconds(2))
        #expect(app.typed == "7")
    }

    @Test func lookingAtTheScreenIsARest() {
        let app = EchoCounterApplication()
        app.takesScans = true
        let terminal = HeadlessTerminal(application: app)
        terminal.send(.character("7"))
        #expect(terminal.text.contains("Typed: 7"))
    }

    @Test func typingAtAQuarterSecondAKeyIsNoScan() {
        let app = EchoCounterApplication()
        app.takesScans = true
        let terminal = HeadlessTerminal(application: app)
        for character in "2000000000015" {
            terminal.send(.character(character))
            terminal.advance(by: .milliseconds(250))
        }
        terminal.send(.enter)
        #expect(app.scans.isEmpty && app.typed == "2000000000015" && app.handled.last == .key(.enter))
    }

    @Test func aTapesScanIsAScanAndItsTypeIsTyping() throws {
        let app = EchoCounterApplication()
        app.takesScans = true
        let result = try TapePlayer().play("""
            Scan "2000000000015"
            Expect "Scanned: 2000000000015"
            Type "96385074"
            Press Enter
            Expect "Typed: 96385074"
            """) { app }
        #expect(result.failure == nil, "\(result.failure.map { "\($0)" } ?? "")")
        #expect(app.scans == ["2000000000015"] && app.handled.last == .key(.enter))
    }

    @Test func aScanStillTakesEveryOtherEventInOrder() {
        let app = EchoCounterApplication()
        app.takesScans = true
        let terminal = HeadlessTerminal(application: app)
        terminal.send(.character("4"))
        terminal.send(.paste("x"))
        #expect(app.handled == [.key(.character("4")), .paste("x")])
    }
}
