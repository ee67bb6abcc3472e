import Foundation
import TerminalTestSupport
import Testing

/// A database a real counter wrote: the store tape buys two jars with 4242 on it, played by the
/// binary into a fresh folder. The commands that read a shop's file (audit, export) start here.
enum SaleDatabase {
    static func afterASale(_ purpose: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("counter.sqlite").path
        let tape = CheckoutBinary.repositoryRoot.appendingPathComponent("Tapes/store/buy-with-4242.tape").path
        let played = try CheckoutBinary.run(["play", tape, "--db", database])
        #expect(played.status == 0, "\(played.output)")
        return database
    }
}
