@testable import CounterApp
import Foundation
import Testing

/// The kiosk's printer and operator PIN.
@Suite struct KioskPartsTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(UUID().uuidString)")

    @Test func theOperatorPINIsStoredHashedAndOnlyTheRightOneVerifies() throws {
        let path = directory.appendingPathComponent("operator-pin").path
        let pin = OperatorPIN(path: path, iterations: 1_000)
        #expect(!pin.isSet)
        #expect(!pin.verify("4711"), "no PIN set: nothing opens the menu")
        try pin.set("4711")
        let stored = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!stored.contains("4711"))
        #expect(stored.hasPrefix("pbkdf2-sha256$1000$"))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(pin.verify("4711"))
        #expect(!pin.verify("4712"))
        #expect(!pin.verify(""))
        #expect(throws: OperatorPIN.SetError.self) { try pin.set("12") }
        #expect(throws: OperatorPIN.SetError.self) { try pin.set("abcd") }
    }
}
