import Foundation
import Testing

/// `checkout --accessible` itself, with a purchase piped into its standard input: what a screen
/// reader would be given. Needs the built binary (`swift build`); skipped when it is missing.
@Suite struct AccessibleBinaryTests {
    static var binary: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [String] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().appendingPathComponent("checkout").path)
        }
        candidates.append(root.appendingPathComponent(".build/debug/checkout").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: binary != nil, "the checkout binary is not built"))
    func aPurchaseThroughStandardInput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary!)
        process.arguments = ["--accessible", "--db", ":memory:"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let answers = ["1", "4", "2", "3", "1", "4242 4242 4242 4242", "12/30", "123", "Jane Doe", "oops", "5"]
        input.fileHandleForWriting.write(Data((answers.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("Payment approved. Thank you!"), "\(text)")
        #expect(text.contains("Total €14.40, paid with Visa ending 4242."))
        #expect(text.contains("Please answer with a number from 1 to 5."))
        #expect(!text.contains("\u{1B}"), "no escape sequences")
    }
}
