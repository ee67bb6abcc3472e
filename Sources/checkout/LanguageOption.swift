import ArgumentParser
import Foundation
import Localization

/// `--lang`: the language the counter speaks; without it, the environment's (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`), and English when that names a language the counter does not speak.
struct LanguageOption: ParsableArguments {
    @Option(name: .customLong("lang"),
            help: ArgumentHelp("The language: en or zh-Hans. Default: from LC_ALL, LC_MESSAGES or LANG.", valueName: "language"))
    var identifier: String?

    func validate() throws {
        if let identifier, Language(identifier: identifier) == nil {
            let known = Language.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--lang \(identifier) is not a language the counter speaks; it speaks \(known).")
        }
    }

    var language: Language { Self.language(identifier) }

    /// Runs `body` with the chosen language in force.
    func speaking<T>(_ body: () throws -> T) rethrows -> T {
        try Self.speaking(identifier, body)
    }

    /// The language `--lang` names (a known one: `validate` has passed), else the environment's.
    static func language(_ identifier: String?) -> Language {
        identifier.flatMap(Language.init(identifier:)) ?? Language.preferred(in: ProcessInfo.processInfo.environment)
    }

    static func speaking<T>(_ identifier: String?, _ body: () throws -> T) rethrows -> T {
        try Language.$current.withValue(language(identifier), operation: body)
    }
}
