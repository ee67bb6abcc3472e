import ArgumentParser

/// Options every way of running the counter shares.
struct CounterOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The theme: a name from Themes/ or a path to a .toml file.", valueName: "name|path"))
    var theme: String?

    @Option(name: .long, help: ArgumentHelp("The database file, or :memory: for a throwaway one. Default: $XDG_DATA_HOME/checkout-counter/counter.sqlite.", valueName: "path"))
    var db: String?

    @OptionGroup var vaultKey: VaultKeyOption

    @OptionGroup var language: LanguageOption

    @OptionGroup var logging: LogOptions
}
