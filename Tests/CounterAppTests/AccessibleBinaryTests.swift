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

    /// Runs the binary in accessible mode on `answers`; returns its exit status and what it said.
    static func purchase(environment: [String: String] = [:]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary!)
        process.arguments = ["--accessible", "--db", ":memory:"]
        var inherited = ProcessInfo.processInfo.environment
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
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
        return (process.terminationStatus, text)
    }

    /// The same purchase under a Chinese locale: the environment alone picks the language.
    @Test(.enabled(if: binary != nil, "the checkout binary is not built"))
    func aPurchaseInChineseFromTheLocale() throws {
        let (status, text) = try Self.purchase(environment: ["LANG": "zh_CN.UTF-8"])
        #expect(status == 0)
        #expect(text.contains("支付成功，谢谢！"), "\(text)")
        #expect(text.contains("合计 €14.40，已使用尾号 4242 的 Visa 支付。"))
        #expect(text.contains("请输入 1 到 5 之间的数字。"))
        #expect(!text.contains("Payment approved"))
    }

    @Test(.enabled(if: binary != nil, "the checkout binary is not built"))
    func aPurchaseThroughStandardInput() throws {
        let (status, text) = try Self.purchase()
        #expect(status == 0)
        #expect(text.contains("Payment approved. Thank you!"), "\(text)")
        #expect(text.contains("Total €14.40, paid with Visa ending 4242."))
        #expect(text.contains("Please answer with a number from 1 to 5."))
        #expect(!text.contains("\u{1B}"), "no escape sequences")
    }
}
