/// The defensive rule for anything the core writes out (log lines, event payloads): a run of 12
/// or more digits, possibly split by single spaces or dashes, looks like a card number and is
/// replaced by "[redacted …1234]". The core never passes a PAN or a CVC to a log on purpose; this
/// catches mistakes. Short numbers (amounts, years, ids) pass through.
public enum Redaction {
    public static let minimumPANDigits = 12

    public static func redact(_ text: String) -> String {
        var output = ""
        var run: [Character] = []       // the candidate run, separators included
        var digitCount = 0

        func flush() {
            // Trailing separators are not part of the number.
            var trailing: [Character] = []
            while let last = run.last, !last.isASCIIDigit { trailing.insert(run.removeLast(), at: 0) }
            if digitCount >= minimumPANDigits {
                output += "[redacted …" + String(run.filter(\.isASCIIDigit).suffix(4)) + "]"
            } else {
                output += String(run)
            }
            output += String(trailing)
            run = []; digitCount = 0
        }

        for character in text {
            if character.isASCIIDigit {
                run.append(character); digitCount += 1
            } else if (character == " " || character == "-"), let last = run.last, last.isASCIIDigit {
                run.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}

/// The core's log: every line goes through `Redaction` before it reaches the sink.
public final class CoreLog {
    private let sink: (String) -> Void
    public init(sink: @escaping (String) -> Void = { _ in }) { self.sink = sink }
    public func info(_ line: String) { sink(Redaction.redact(line)) }
}
