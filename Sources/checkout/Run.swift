import ArgumentParser
import CounterApp
import Foundation
import TerminalUI

/// `checkout` / `checkout run`: the interactive counter on this terminal.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the counter on this terminal (what `checkout` does with no subcommand)."
    )

    @OptionGroup var options: CounterOptions

    func run() throws {
        let resolution = ThemeLibrary.standard().resolve(options.theme)
        // Curses owns the screen once the counter opens, so a theme problem is shown inside it
        // (and repeated on standard error after the terminal is given back).
        let application = CounterApplication(notice: resolution.problem.map { "Theme not used: \($0)" },
                                             makeServices: CounterApplication.services(database: options.db))
        let status: Int32
        do {
            status = try TerminalSession.run(application, theme: resolution.theme)
        } catch {
            FileHandle.standardError.write(Data("checkout: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if let problem = resolution.problem {
            FileHandle.standardError.write(Data("checkout: theme not used: \(problem)\n".utf8))
        }
        if status != 0 { throw ExitCode(status) }
    }
}
