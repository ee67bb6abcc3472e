@testable import CounterApp
import CheckoutKit
import Clocks
import Foundation
import ProgramSupport
import PaymentsCore
import TerminalUI
import Testing

@Suite struct WalletCounterTests {
    static let jar = Money(minorUnits: 1_250, currency: .eur)
    static let methods: [PaymentMethodType] = [.card, .wechatPay]

    /// A client that records what the counter asked of the payment.
    final class Calls {
        var log: [String] = []
        var client: WalletClient {
            WalletClient(open: { _, _, _ in }, select: { self.log.append("select \($0.identifier)") },
                         pay: { self.log.append("pay \($0)") }, answerWallet: { self.log.append("wallet \($0)") },
                         dismiss: { self.log.append("dismiss") })
        }
    }

    /// "Do not pay again" is read whole at the smallest size the counter draws (60x18).
    @Test func aPossibleSuccessSaysItWholeAtSixtyColumns() {
        var state = WalletCounterFeature.State(itemDescription: "Jar", amount: Self.jar)
        state.phase = .finished(.possibleSuccess)
        var frame = Frame(size: Size(columns: 60, rows: 18))
        WalletCounterFeature.draw(state, into: &frame, in: Rect(x: 0, y: 1, width: 60, height: 16), time: Date())
        let words = frame.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(words.contains("The wallet confirmed it; the final word is late. Do not pay again."), "\(frame.text)")
    }

    /// The payment code is never cut (issue 15: "…" even at 100x30): the box widens for it where
    /// the terminal allows, and a narrow one carries the rest over the line below.
    @Test(arguments: [Size(columns: 100, rows: 30), Size(columns: 80, rows: 24), Size(columns: 60, rows: 24)])
    func theWholePaymentCodeIsOnTheScreen(size: Size) {
        let code = "wechatpay://pay/src_me20y2m4rtav5ujajqeu"
        var state = WalletCounterFeature.State(itemDescription: "Jar", amount: Self.jar)
        state.phase = .walletStep(paymentCode: code, methodName: "WeChat Pay")
        var frame = Frame(size: size)
        WalletCounterFeature.draw(state, into: &frame, in: Rect(x: 0, y: 1, width: size.columns, height: size.rows - 2), time: Date())
        let rows = frame.text.split(separator: "\n").map { String($0) }
        let first = rows.firstIndex { $0.contains("wechatpay://") }
        #expect(first != nil)
        guard let first else { return }
        let start = rows[first].range(of: "wechatpay://")!
        let column = rows[first].distance(from: rows[first].startIndex, to: start.lowerBound)
        // The code's rows, read from its column on (the next row only when the code goes on).
        let pieces = rows[first...].prefix(2).map { String($0.dropFirst(column).prefix { $0 != " " && $0 != "│" }) }
        #expect(!rows[first...].prefix(2).joined().contains("…"))
        #expect(pieces[0] == code || pieces.joined() == code, "\(pieces)")
    }

    @Test func payMarksInProgressAndAFailureRestoresIdleWithTheError() {
        let calls = Calls()
        let store = TestStore(initialState: WalletCounterFeature.State(itemDescription: "Jar", amount: Self.jar), environment: calls.client) {
            WalletCounterFeature.reduce(&$0, $1)
        }
        store.send(.counterOpened(methods: Self.methods, selected: Self.methods[0])) {
            $0.methods = Self.methods
            $0.phase = .idle
        }
        store.send(.moveDown) { $0.list = ListSelection(1) }
        store.send(.pay) { $0.phase = .inProgress }
        store.send(.walletPrompt(paymentCode: "wechatpay://pay/src_1", methodName: "WeChat Pay")) {
            $0.phase = .walletStep(paymentCode: "wechatpay://pay/src_1", methodName: "WeChat Pay")
        }
        store.send(.declineInWallet) { $0.phase = .inProgress }
        store.send(.preparerChanged(.failed(.described("The wallet declined.")))) {
            $0.phase = .idle
            $0.failure = "The wallet declined."
        }
        store.send(.pay) {
            $0.phase = .inProgress
            $0.failure = nil
        }
        store.send(.preparerChanged(.dismissed(.success))) { $0.phase = .finished(.success) }
        store.send(.dismiss)
        store.finish()
        #expect(calls.log == ["select wechatPay", "pay [:]", "wallet declined", "pay [:]"])
    }

    @Test func theSlowTestWalletAsksForAPossibleSuccessAndEscDismisses() {
        let calls = Calls()
        var state = WalletCounterFeature.State(itemDescription: "Jar", amount: Self.jar)
        state.methods = Self.methods
        state.phase = .idle
        let store = TestStore(initialState: state, environment: calls.client) { WalletCounterFeature.reduce(&$0, $1) }
        store.send(.toggleSlowTestWallet) { $0.slowTestWallet = true }
        store.send(.pay) { $0.phase = .inProgress }
        store.send(.dismiss)
        store.send(.preparerChanged(.dismissed(nil))) { $0.phase = .finished(.dismissed) }
        store.finish()
        #expect(calls.log == ["pay [\"test_wallet\": \"slow\"]", "dismiss"])
        #expect(WalletCounterFeature.action(for: .key(.escape), in: state) == .dismiss)
    }

    /// Issue 8's "done when": the QR code the wallet step draws decodes, with a real decoder, to
    /// the payment code. The module matrix is read back from the screen's half blocks.
    @Test func theDrawnQRCodeDecodesToThePaymentCode() throws {
        let terminal = HeadlessTerminal(application: PaymentScreenHost.wallet(), size: Size(columns: 80, rows: 24), clock: ManualClock())
        terminal.settle()
        terminal.send(.enter)
        terminal.settle()
        let screen = terminal.screen
        let code = try #require(screen.text.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.contains("://pay/") }.map(String.init)
        }.first)
        #expect(code == "wechatpay://pay/src_000001")

        let matrix = try #require(DrawnQR.modules(in: screen))
        let image = DrawnQR.pbm(matrix)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-qr-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("code.pbm")
        try image.write(to: file, atomically: true, encoding: .ascii)
        #expect(try DrawnQR.zbarimg(file.path) == code)
        terminal.send(.escape) // closes the wallet prompt: its completion is called, as always
    }
}

/// Reads the QR code back from a drawn frame: the box of half-block characters on the wallet step.
enum DrawnQR {
    static let blocks: Set<Character> = ["█", "▀", "▄"]

    /// The module matrix (true = dark) of the half-block art: drawn inverted, so a block is a
    /// light module and a blank is dark. Rows and columns of the art's bounding box, quiet zone in.
    static func modules(in frame: Frame) -> [[Bool]]? {
        var cells: [(x: Int, y: Int)] = []
        for y in 0..<frame.size.rows {
            for x in 0..<frame.size.columns where blocks.contains(frame[x, y].character) {
                cells.append((x, y))
            }
        }
        guard let minX = cells.map(\.x).min(), let maxX = cells.map(\.x).max(),
              let minY = cells.map(\.y).min(), let maxY = cells.map(\.y).max() else { return nil }
        var rows: [[Bool]] = []
        for y in minY...maxY {
            var upper: [Bool] = [], lower: [Bool] = []
            for x in minX...maxX {
                let c = frame[x, y].character
                upper.append(!(c == "█" || c == "▀"))
                lower.append(!(c == "█" || c == "▄"))
            }
            rows.append(upper)
            rows.append(lower)
        }
        // The art is square: an odd module count leaves the last half row outside the image.
        return Array(rows.prefix(maxX - minX + 1))
    }

    /// A plain PBM with a white margin, 4 pixels a module.
    static func pbm(_ modules: [[Bool]], scale: Int = 4, margin: Int = 4) -> String {
        let side = (modules.count + 2 * margin) * scale
        var lines = ["P1", "\(side) \(side)"]
        for row in -margin..<(modules.count + margin) {
            let pixels = (-margin..<(modules.count + margin)).flatMap { column -> [String] in
                let dark = modules.indices.contains(row) && modules[row].indices.contains(column) && modules[row][column]
                return Array(repeating: dark ? "1" : "0", count: scale)
            }
            let line = pixels.joined(separator: " ")
            lines.append(contentsOf: Array(repeating: line, count: scale))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func zbarimg(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try RequiredProgram.zbarimg.require())
        process.arguments = ["--raw", "-q", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The wallet's states the store cannot reach (its cart is in euros, which every wallet takes):
/// played on the counter alone, with their goldens under `Tapes/wallet/`.
@Suite struct WalletCounterAloneTapes {
    @Test func aSourceTheCoreCannotCreateIsAnErrorAndIdleAgain() throws {
        let tape = """
        # Seed 000: the source cannot be created (WeChat Pay does not take pounds): the error, idle.
        Press 1
        Press Enter
        Expect "does not take GBP"
        Expect "[ Pay £12.50 ]"
        Snapshot "source-creation-failed"
        """
        let failure = try TapeFolder.play(tape, goldens: "wallet/counter-alone.snapshots") {
            PaymentScreenHost.wallet(amount: Money(minorUnits: 1_250, currency: .gbp))
        }
        #expect(failure == nil, "\(failure ?? "")")
    }
}
