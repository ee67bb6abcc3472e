import ArgumentParser
import Clocks
import Foundation
import PaymentsCore

/// `checkout staff add|list|disable --db FILE|URL`: the shop's staff, who sign in at a staffed
/// counter by PIN or badge (Docs/operator.md, "Staff and roles"). A PIN is read from standard
/// input, never from the command line (where `ps` and the shell's history would keep it).
struct StaffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Add, list and disable the people who serve at the counters.",
        discussion: """
        A cashier sells, takes cash and prints; refunds, voids, no-sale, paid in and out, \
        closing the till and the day, and managing staff need a manager, signed in or approving \
        that one action with their PIN. Until a shop has a manager, the operator PIN \
        (checkout kiosk --set-operator-pin) approves as the manager "Operator"; until it has \
        anyone, the counters run without sign-in.

        Examples:
          echo 4711 | checkout staff add --db counter.sqlite --name Ana --role manager
          echo 2580 | checkout staff add --db counter.sqlite --name Ben --role cashier --badge 0410000000001
          checkout staff list --db counter.sqlite
          checkout staff disable --db counter.sqlite Ben

        Exit status: 0 when done, 1 when refused (the message says why), 3 when the database \
        cannot be opened.
        """,
        subcommands: [Add.self, List.self, Disable.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a person; their PIN (4 to 12 digits) is read from standard input.")

        @Option(help: ArgumentHelp("The database file, or a PostgreSQL URL.", valueName: "path|url"))
        var db: String

        @Option(help: "Their name, as receipts, reports and the export show it.")
        var name: String

        @Option(help: ArgumentHelp("cashier or manager.", valueName: "role"))
        var role: StaffRole

        @Option(help: ArgumentHelp("The code on their badge, scanned or typed to sign in (4 to 32 letters or digits; not a card number).", valueName: "code"))
        var badge: String?

        func run() throws {
            if isatty(STDIN_FILENO) == 1 { print("PIN for \(name) (4 to 12 digits), then Enter:") }
            guard let line = readLine(strippingNewline: true) else { throw ValidationError("no PIN on standard input") }
            let staff = try StaffCommand.open(db)
            let person = try StaffCommand.refusing { () throws(StaffError) in
                try staff.add(name: name, role: role, pin: line.trimmingCharacters(in: .whitespaces), badge: badge)
            }
            print("\(person.name) added as \(person.role.rawValue) (\(person.id)).")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List everyone: id, name, role, badge, active or disabled.")

        @Option(help: ArgumentHelp("The database file, or a PostgreSQL URL.", valueName: "path|url"))
        var db: String

        func run() throws {
            let staff = try StaffCommand.open(db)
            let people = try StaffCommand.refusing { () throws(StaffError) in try staff.list() }
            guard !people.isEmpty else {
                print("No staff yet: the counters run without sign-in, the operator PIN approves.")
                return
            }
            for person in people {
                print([person.id.rawValue, person.name, person.role.rawValue, person.badge ?? "-", person.isActive ? "active" : "disabled"]
                    .joined(separator: "\t"))
            }
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable a person (by name or id): they sign in no more, their name stays on what they did.")

        @Option(help: ArgumentHelp("The database file, or a PostgreSQL URL.", valueName: "path|url"))
        var db: String

        @Argument(help: ArgumentHelp("Their name or id.", valueName: "name-or-id"))
        var person: String

        func run() throws {
            let staff = try StaffCommand.open(db)
            let disabled = try StaffCommand.refusing { () throws(StaffError) in try staff.disable(person) }
            print("\(disabled.name) (\(disabled.id)) is disabled.")
        }
    }

    /// The staff of the database `argument` names, migrated to this version as a counter would.
    static func open(_ argument: String) throws -> Staff {
        let location = DatabaseLocation(argument: argument)
        do {
            let store: any CoreStore = switch location {
            case let .server(url): try PostgresCoreDatabase(url: url, migrations: CommerceMigrations.register).store
            case .file, .inMemory: try CoreDatabase(location: location, extraMigrations: CommerceMigrations.register).store
            }
            return Staff(store: store, clock: SystemClock(), ids: RandomIDGenerator())
        } catch {
            FileHandle.standardError.write(Data("checkout: cannot open \(location.displayName): \(error)\n".utf8))
            throw ExitCode(3)
        }
    }

    /// Runs `body`; a refusal is said on standard error, exit status 1.
    static func refusing<T>(_ body: () throws(StaffError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            FileHandle.standardError.write(Data("checkout: \(words(error))\n".utf8))
            throw ExitCode(error == .storage ? 3 : 1)
        }
    }

    static func words(_ error: StaffError) -> String {
        switch error {
        case .nameMissing: "a person needs a name (--name)."
        case let .nameTaken(name): "someone active is called \(name) already."
        case .pinNotDigits: "the PIN needs 4 to 12 digits."
        case .pinTaken: "someone active has this PIN already: each person needs a PIN of their own."
        case .badgeNotValid: "a badge code is 4 to 32 letters or digits, and not a card number."
        case .badgeTaken: "someone active carries this badge already."
        case let .unknownPerson(who): "no one active is named or numbered \(who) (checkout staff list shows everyone)."
        case .notRecognised: "no one has this PIN or badge."
        case .tooManyTries: "too many wrong PINs in a row: wait a minute."
        case let .signInNeeded(action): "\(action.rawValue) needs someone signed in."
        case let .needsManager(action): "\(action.rawValue) needs a manager."
        case .storage: "the database could not be read or written."
        }
    }
}

extension StaffRole: ExpressibleByArgument {}
