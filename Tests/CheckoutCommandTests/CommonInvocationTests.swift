import ArgumentParser
@testable import checkout
import Testing

/// The command lines `checkout` reads without ArgumentParser give the settings ArgumentParser
/// gives for them; every other command line (mistakes, help, other commands) is left to it.
@Suite struct CommonInvocationTests {
    /// What a command line starts.
    enum Reading: Equatable {
        /// The interactive counter with these settings.
        case counter(CounterSettings)
        /// Anything else: another command, a kiosk, help, an error.
        case other
    }

    /// What ArgumentParser reads: the counter, as `CommonInvocation` would start it, or other.
    static func argumentParser(_ arguments: [String]) -> Reading {
        guard let command = try? Checkout.parseAsRoot(arguments), let run = command as? Run,
              !run.kiosk, !run.accessible, run.kioskOptions.printer == nil, run.kioskOptions.operatorPinFile == nil else { return .other }
        return .counter(run.options.settings)
    }

    static func fastPath(_ arguments: [String]) -> Reading? {
        CommonInvocation.settings(for: arguments).map(Reading.counter)
    }

    @Test(arguments: [
        [], ["--db", ":memory:"], ["--db=:memory:"], ["--db", "/tmp/shop.sqlite"], ["--theme", "mono"], ["--theme=Themes/mono.toml"],
        ["--theme", "midnight", "--db", "counter.sqlite"], ["--db", "a b.sqlite", "--theme=honey"], ["--db", "x=y"], ["--db", "postgres://till@host/shop"],
        ["--shop", "shop.toml"], ["--shop=/etc/checkout/shop.toml", "--db", ":memory:"],
    ])
    func theCommonInvocationsAreReadAsArgumentParserReadsThem(arguments: [String]) {
        let fast = Self.fastPath(arguments)
        #expect(fast != nil, "\(arguments) should not need ArgumentParser")
        #expect(fast == Self.argumentParser(arguments), "\(arguments)")
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["--version"], ["--db"], ["--theme"], ["--db="], ["--db", ""], ["--db", "--theme", "mono"],
        ["--db", "a", "--db", "b"], ["--theme", "a", "--theme=b"], ["--bogus"], ["--db", "x", "extra"], ["run"], ["play", "x.tape"],
        ["--db", "-"], ["--db", "play"], ["--kiosk"], ["--accessible"], ["--no-demo"], ["--lang", "fr"], ["--lang", "en"], ["--log-level", "loud"],
        ["--counter", " "], ["--", "--db", "x"], ["-db", "x"], ["--DB", "x"], ["--db", "x", "--"],
    ])
    func everyOtherCommandLineIsLeftToArgumentParser(arguments: [String]) {
        #expect(Self.fastPath(arguments) == nil, "\(arguments) must go through ArgumentParser")
    }

    /// Every short command line of these words: where the fast path reads one, ArgumentParser
    /// reads the same.
    @Test func everyShortCommandLineOfTheUsualWordsAgrees() {
        let words = ["--db", "--theme", "--db=f", "--theme=mono", "f", "mono", ":memory:", "run", "-h", "--", "--no-demo", ""]
        var lines: [[String]] = [[]]
        for _ in 0..<3 {
            lines += lines.filter { $0.count == lines.last!.count }.flatMap { line in words.map { line + [$0] } }
        }
        var read = 0
        for line in lines {
            guard let fast = Self.fastPath(line) else { continue }
            read += 1
            #expect(fast == Self.argumentParser(line), "\(line)")
        }
        #expect(read > 10)
    }

    @Test func theSubcommandNamesAreArgumentParsers() {
        let names = Set(Checkout.configuration.subcommands.map { $0._commandName } + ["help"])
        #expect(CommonInvocation.subcommandNames == names)
    }
}
