@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// "No operator PIN is set. Set one with: checkout kiosk --set-operator-pin": once the operator
/// has done so, F10 asks for it at once, without restarting the counter.
@Suite struct OperatorPINSetWhileRunningTests {
    @Test func aPINSetWhileTheCounterRunsIsAskedForAtOnce() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("operator-pin-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pin = OperatorPIN(path: path, iterations: 1_000)
        let shell = CounterShell(counter: CounterApplication(), configuration: KioskFeature.Configuration(isKiosk: false),
                                 themes: ThemeCycle.standard(library: KioskTapeWorld.library, current: .builtIn), operatorPIN: pin)
        shell.handle(.key(.function(10)))
        #expect(shell.state.notice == .noOperatorPIN)
        #expect(shell.state.overlay == nil)
        try pin.set("4711")
        shell.handle(.key(.function(10)))
        #expect(shell.state.overlay == .operatorPIN(entry: "", message: nil))
    }
}
