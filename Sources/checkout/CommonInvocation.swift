/// The common ways of opening the counter, `checkout`, `checkout --db PATH`, `checkout --theme
/// NAME` (or both), read without ArgumentParser.
///
/// ArgumentParser learns the commands by reflection at every start (the runtime scanning
/// protocol conformances and building each option's metadata): about a sixth of the
/// instructions before the first frame. These command lines need none of it: they are read
/// here, into the same `CounterSettings` ArgumentParser would give (`CommonInvocationTests`
/// hold the two side by side). Anything else, including every mistake, `--help` and
/// `--version`, is left to ArgumentParser, so that what it says stays exactly as it was.
enum CommonInvocation {
    /// The settings for `arguments` (without the program's name), or nil when ArgumentParser
    /// should read them.
    static func settings(for arguments: [String]) -> CounterSettings? {
        var settings = CounterSettings()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, attached) = split(argument)
            guard let value = attached ?? remaining.popFirst(), isPlainValue(value) else { return nil }
            switch name {
            case "--db" where settings.database == nil: settings.database = value
            case "--theme" where settings.theme == nil: settings.theme = value
            case "--shop" where settings.shopFile == nil: settings.shopFile = value
            default: return nil
            }
        }
        return settings
    }

    /// `--name=value` into its name and value; anything else is a name alone.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// A value ArgumentParser takes as it is: not empty, not looking like an option, not a
    /// subcommand's name.
    private static func isPlainValue(_ value: String) -> Bool {
        !value.isEmpty && !value.hasPrefix("-") && !subcommandNames.contains(value)
    }

    static let subcommandNames: Set<String> = ["run", "play", "themes", "kiosk", "vault", "audit", "export", "migrate", "journal", "staff", "help"]
}
