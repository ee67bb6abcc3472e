import Clocks
import Foundation
@testable import TerminalUI

/// A small application for driving the headless terminal and the tape player:
///
/// - `+` or Up counts up; `q` quits with status 0; Ctrl+C quits with 130 (for the test);
/// - typed characters (other than those) are echoed on the "Typed:" line; Backspace removes one;
/// - Enter schedules "Saved" for right now (a timer due at once: `Expect` must settle for it);
/// - at start a timer shows "Ready" after 2 seconds, and a ticker counts whole seconds;
/// - resizes and clicks are reported; keys that arrive within 20ms of the previous one count
///   as a "burst" (what a card form uses to tell a swipe from typing);
/// - with `takesScans` set, a scanner's burst arrives as a scan, shown on the "Scanned:" line.
final class EchoCounterApplication: Application {
    var count = 0
    var typed = ""
    var saved = false
    var ready = false
    var ticks = 0
    var burstKeys = 0
    var lastKeyTime: Date?
    var size = Size(columns: 0, rows: 0)
    var click: Point?
    var exitStatus: Int32?
    var context: LoopContext?
    var handled: [InputEvent] = []
    var takesScans = false
    var scans: [String] = []

    func start(_ context: LoopContext) {
        self.context = context
        context.timers.schedule(after: .seconds(2)) { [unowned self] in ready = true }
        scheduleTick()
    }

    private func scheduleTick() {
        context?.timers.schedule(after: .seconds(1)) { [unowned self] in
            ticks += 1
            scheduleTick()
        }
    }

    func handle(_ event: InputEvent) {
        handled.append(event)
        switch event {
        case .key(let key):
            if let now = context?.clock.now {
                if let last = lastKeyTime, now.timeIntervalSince(last) < 0.02 { burstKeys += 1 }
                lastKeyTime = now
            }
            switch key {
            case .character("+"), .up: count += 1
            case .character("q"): exitStatus = 0
            case .control("c"): exitStatus = 130
            case .backspace: if !typed.isEmpty { typed.removeLast() }
            case .enter: context?.timers.schedule(after: .zero) { [unowned self] in saved = true }
            case .character(let c): typed.append(c)
            default: break
            }
        case .resize(let newSize): size = newSize
        case .mouse(_, let point): click = point
        case .paste(let text): typed += text
        case .scan(let code): scans.append(code)
        }
    }

    func draw(into frame: inout Frame) {
        var lines = [
            "Count: \(count)",
            "Typed: \(typed)",
            "Ticks: \(ticks)",
            "Burst: \(burstKeys)",
        ]
        if !scans.isEmpty { lines.append("Scanned: \(scans.joined(separator: " "))") }
        if ready { lines.append("Ready") }
        if saved { lines.append("Saved") }
        if size.columns > 0 { lines.append("Size: \(size)") }
        if let click { lines.append("Clicked \(click.x),\(click.y)") }
        for (row, line) in lines.enumerated() {
            frame.write(line, at: Point(x: 0, y: row))
        }
        Footer([KeyHint("+", "Count"), .quit]).draw(into: &frame, in: frame.bounds.splitBottom(1).bottom)
    }
}

/// A fresh temporary directory, removed by the caller.
func makeTapeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "tapes-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
