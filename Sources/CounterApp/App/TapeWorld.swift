import TerminalUI

/// The counter a tape asks for on its `# world:` line: the kiosk shell or a theme
/// (`ShellTapeWorld`), a shopper already signed in (`CustomerTapeWorld`), a real shop's counter
/// without its test controls (`no-demo`), or, without one, the plain counter. What `checkout play` and the benchmarks play tapes on.
public enum TapeWorld {
    /// The words of a tape's `# world:` line; nil when it has none.
    public static func words(ofTape text: String) -> [String]? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# world:") }) else { return nil }
        return line.dropFirst("# world:".count).split(separator: " ").map(String.init)
    }

    /// False when the tape plays a real shop's counter (`# world: no-demo`, as `checkout
    /// --no-demo`): no test-only controls.
    public static func isDemo(tapeText text: String?) -> Bool {
        !(text.flatMap(words(ofTape:))?.contains("no-demo") ?? false)
    }

    public static func makeApplication(
        forTape text: String?, database: String, counterName: String? = nil, library: ThemeLibrary = .standard(), demoDirectory: String? = nil
    ) -> () -> Application {
        let shell = text.flatMap(ShellTapeWorld.init(tapeText:))
        let customer = text.flatMap(CustomerTapeWorld.init(tapeText:))
        let staff = text.flatMap(StaffTapeWorld.init(tapeText:))
        return {
            if let shell {
                return shell.makeShell(library: library, demoDirectory: demoDirectory, database: database, counterName: counterName)
            }
            let demo = isDemo(tapeText: text)
            if let staff { return staff.application(database: database, counterName: counterName, demo: demo) }
            if let customer { return CounterApplication(demo: demo, makeServices: customer.services(database: database, counterName: counterName)) }
            return CounterApplication(demo: demo, makeServices: CounterApplication.services(database: database, counterName: counterName))
        }
    }
}
