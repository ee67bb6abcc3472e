import Foundation

/// Where `swift build` put the `checkout` executable, found from this file's place in the repo.
public enum CheckoutBinary {
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The binary next to the test bundle being run (the same build configuration), or the
    /// debug build folder.
    public static func path() throws -> String {
        var candidates: [String] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().appendingPathComponent("checkout").path)
        }
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug/checkout").path)
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        throw E2EError.binaryMissing(candidates.joined(separator: " or "))
    }

    /// Runs the binary to completion without a terminal, for commands like `play` and `--version`.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
