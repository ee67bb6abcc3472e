import Foundation

/// Asks the terminal at start what it can do that terminfo does not say: whether it knows
/// synchronized output (DECRQM for mode 2026).
///
/// The question is followed by a request for the device attributes, which every VT-like
/// terminal answers: its answer ends the wait, so a terminal that ignores DECRQM costs one
/// round trip, not a timeout. Only a terminal that answers nothing at all is waited for, and
/// then no longer than `timeout`. Keys typed in that moment, before the first frame, are dropped.
enum TerminalProbe {
    /// Must run with the terminal in raw mode and no echo (after curses' `raw()`/`noecho()`),
    /// before curses reads any input.
    static func ask(input: Int32, output: Int32, timeoutMilliseconds: Int = 250) -> TerminalReplies {
        let query = TerminalSequences.querySynchronizedOutput + TerminalSequences.queryDeviceAttributes
        guard write(output, query, query.utf8.count) == query.utf8.count else { return TerminalReplies(parsing: []) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = Date().addingTimeInterval(Double(timeoutMilliseconds) / 1000)
        while true {
            let replies = TerminalReplies(parsing: bytes)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            if replies.sawDeviceAttributes || remaining == 0 { return replies }
            var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, remaining) > 0, ready.revents & Int16(POLLIN) != 0 else { continue }
            let count = read(input, &buffer, buffer.count)
            if count <= 0 { return replies }
            bytes += buffer[0..<count]
        }
    }
}
