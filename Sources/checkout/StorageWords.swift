import ArgumentParser
import CheckoutKit
import Foundation
import CounterApp
import Localization
import PaymentsCore

/// The words for what the core says about its storage: why it cannot be opened (and what to
/// do), and what the operator should hear once about the vault key.
enum StorageWords {
    /// The exit status when the database or its vault key cannot be opened: apart from 1 (a
    /// terminal that cannot draw) so that a service manager can tell that restarting will not help.
    static let cannotOpenStatus: Int32 = CounterApplication.startFailureStatus

    static func problem(_ error: CoreOpenError) -> String {
        let file = error.file
        switch error.reason {
        case .locked:
            return tr("the database {0} is held by another process and stayed locked for {1} seconds.", file, "\(Int(CoreDatabase.busyTimeout))")
                + "\n" + tr("Close the program that holds it (a sqlite3 shell, a backup, a stuck counter) and start again.")
        case .readOnly:
            return tr("the database {0} cannot be written (the file or its directory is read-only).", file)
                + "\n" + tr("Give this user write access to the file and its directory, or choose another file with --db.")
        case .cannotCreateDirectory:
            return tr("the directory for the database {0} cannot be created.", file)
                + "\n" + tr("Create it, or choose another file with --db.")
        case .corrupt:
            return tr("the file {0} is not a counter database, or it is damaged.", file)
                + "\n" + tr("Restore it from a backup, or choose another file with --db. The file is left as it is.")
        case .diskFull:
            return tr("the disk that holds the database {0} is full.", file)
                + "\n" + tr("Free some space and start again.")
        case let .vaultKeyMissing(expectedAt):
            return tr("the database {0} has sealed cards, but its vault key is not at {1}.", file, expectedAt)
                + "\n" + tr("Give the key with --vault-key FILE, CHECKOUT_VAULT_KEY_FILE or the systemd credential vault-key, or put it back there. No new key is made: the saved cards would be lost with the old one.")
        case let .vaultKeyWrong(path):
            return tr("the vault key {0} is not the key of the database {1}.", path, file)
                + "\n" + tr("Give the key this database was sealed with, with --vault-key FILE.")
        case let .vaultKeyMalformed(path):
            return tr("the vault key file {0} is damaged (a key is 64 bytes).", path)
                + "\n" + tr("Restore it from a backup, or give the right one with --vault-key FILE.")
        case let .vaultKeyUnwritable(path):
            return tr("the vault key for the database {0} cannot be written at {1}.", file, path)
                + "\n" + tr("Make that directory writable, or give another place with --vault-key FILE.")
        case let .serverUnreachable(detail):
            return tr("the PostgreSQL server {0} could not be reached: {1}", file, detail)
                + "\n" + tr("Check that the server runs and that this counter's role may connect to the database (Docs/fleet.md, setting up the server).")
        case let .failed(detail):
            return tr("the database {0} could not be opened: {1}", file, detail)
        }
    }

    static func problem(_ error: JournalKeyError) -> String {
        switch error {
        case let .missing(counter, expectedAt):
            return tr("the journal of counter {0} is signed with a key that is not at {1}.", counter, expectedAt)
                + "\n" + tr("Put the key back from its backup, or give it with --journal-key FILE. No new key is made: the journal so far is signed with the old one.")
        case let .notTheCountersKey(counter, path, recorded, inFile):
            return tr("the journal key {0} (fingerprint {1}) is not the key of counter {2} (fingerprint {3}).", path, inFile, counter, recorded)
                + "\n" + tr("Give this counter's own key with --journal-key FILE, or another name with --counter.")
        case let .malformed(path):
            return tr("the journal key file {0} is damaged (a key is 32 bytes).", path)
                + "\n" + tr("Restore it from a backup, or give the right one with --journal-key FILE.")
        case let .unwritable(path):
            return tr("the journal key cannot be written at {0}.", path)
                + "\n" + tr("Make that directory writable, or give another place with --journal-key FILE.")
        case let .storage(detail):
            return tr("the journal's keys could not be read: {0}", detail)
        }
    }

    static func notice(_ notice: VaultKeyNotice) -> String {
        switch notice {
        case let .movedFromBesideDatabase(from, to):
            tr("the vault key was moved from {0} to {1}, away from the data. Back it up: without it, saved cards cannot be charged.", from, to)
        case let .finishedInterruptedRotation(path):
            tr("a vault key rotation that had stopped half-way was finished; the key is {0}.", path)
        }
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(("checkout: " + text + "\n").utf8))
    }

    /// The counter's services over the database the command line names. A file is opened now,
    /// before curses takes the terminal: a database or key that cannot be opened stops the
    /// counter here, said on a clean terminal, with a status a service manager can read. A
    /// database in memory has nothing to say so, and is built from nothing (every migration)
    /// at each start: it is opened with the services, after the first frame.
    static func services(database argument: String?, vaultKey: VaultKeyLocation, journalKey: JournalKeyLocation? = nil, counterName: String,
                         keepsGuestCart: Bool, shop: ShopSettings) throws -> CounterApplication.ServicesFactory {
        let logPayments: (String) -> Void = { Log.payments.info("\($0)") }
        if let argument, DatabaseLocation(argument: argument) == .inMemory {
            return { clock, timers in
                let core = try CounterCore(database: argument, vaultKey: vaultKey)
                core.counterName = counterName
                core.shop = shop
                Log.storage.info("database opened", metadata: ["path": "\(argument)"])
                return try core.services(clock: clock, scheduler: timers, log: logPayments)
            }
        }
        let core = try open(database: argument, vaultKey: vaultKey, journalKey: journalKey)
        try checkJournalKey(core, counter: counterName)
        core.counterName = counterName
        core.keepsGuestCart = keepsGuestCart
        core.shop = shop
        return CounterApplication.services(core: core, log: logPayments)
    }

    /// Opens the core over the database the command line names, saying the notices; on
    /// failure, says why and what to do, and ends with `cannotOpenStatus`.
    static func open(database argument: String?, vaultKey: VaultKeyLocation, journalKey: JournalKeyLocation? = nil) throws -> CounterCore {
        let path = argument ?? CounterCore.defaultDatabasePath()
        do {
            let core = try CounterCore(database: path, vaultKey: vaultKey, journalKey: journalKey)
            core.notices.forEach { writeError(notice($0)) }
            Log.storage.info("database opened", metadata: ["path": "\(DatabaseLocation(argument: path).displayName)"])
            for notice in core.notices { Log.storage.notice("\(Self.notice(notice))") }
            return core
        } catch {
            Log.storage.error("database not opened", metadata: ["path": "\(DatabaseLocation(argument: path).displayName)", "reason": "\(problem(error))"])
            writeError(problem(error))
            throw ExitCode(cannotOpenStatus)
        }
    }

    /// Checks the counter's journal key before the terminal is taken; on failure, says why and
    /// what to do, and ends with `cannotOpenStatus`.
    static func checkJournalKey(_ core: CounterCore, counter: String) throws {
        do {
            try core.checkJournalKey(counter: counter)
        } catch {
            Log.storage.error("journal key not usable", metadata: ["counter": "\(counter)", "reason": "\(problem(error))"])
            writeError(problem(error))
            try? core.close()
            throw ExitCode(cannotOpenStatus)
        }
    }
}
