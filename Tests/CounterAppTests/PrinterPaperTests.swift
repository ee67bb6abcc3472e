@testable import CounterApp
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A receipt printer on a pseudo-terminal: it answers ESC/POS's paper status request
/// (`DLE EOT 4`) with the byte it is given (none: it never answers), and keeps what it is sent.
final class FakeEscPosPrinter: @unchecked Sendable {
    let path: String
    private let controller: Int32
    private let device: Int32
    private let answer: UInt8?
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(answer: UInt8?) throws {
        // Linux's TIOCSPTLCK and TIOCGPTN (macros Swift does not import): unlock the device
        // side, and learn its number.
        let unlockRequest: UInt = 0x4004_5431, numberRequest: UInt = 0x8004_5430
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, unlockRequest, &unlock) == 0, ioctl(controller, numberRequest, &number) == 0 else {
            throw POSIXError(.ENODEV)
        }
        path = "/dev/pts/\(number)"
        // Raw, so the bytes pass as a USB printer's would (no echo, no line editing); kept open
        // so the settings stay while the counter opens and closes the device.
        device = open(path, O_RDWR | O_NOCTTY)
        var settings = termios()
        tcgetattr(device, &settings)
        cfmakeraw(&settings)
        tcsetattr(device, TCSANOW, &settings)
        self.answer = answer
        Thread.detachNewThread { [self] in serve() }
    }

    var bytes: [UInt8] { lock.withLock { received } }

    private func serve() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while lock.withLock({ running }) {
            var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20) > 0 else { continue }
            let count = read(controller, &buffer, buffer.count)
            guard count > 0 else { continue }
            let chunk = Array(buffer[0..<count])
            let asked = lock.withLock { () -> Bool in
                received += chunk
                return received.count >= 3 && Array(received.suffix(3)) == [0x10, 0x04, 0x04]
            }
            if asked, var byte = answer { _ = Glibc.write(controller, &byte, 1) }
        }
        done.signal()
    }

    func stop() {
        lock.withLock { running = false }
        done.wait()
        close(device)
        close(controller)
    }
}

@Suite struct PrinterPaperTests {
    @Test func theStatusByteSaysWhetherThePaperIsThereLowOrOut() {
        #expect(ReceiptPrinter.paper(status: 0x12) == .present)
        #expect(ReceiptPrinter.paper(status: 0x1E) == .low, "near-end sensor bits 2-3")
        #expect(ReceiptPrinter.paper(status: 0x72) == .out, "end sensor bits 5-6")
        #expect(ReceiptPrinter.paper(status: 0x7E) == .out, "out wins over low")
        #expect(ReceiptPrinter.paper(status: 0x00) == nil, "the fixed bits are wrong: not a status byte")
        #expect(ReceiptPrinter.paper(status: 0x41) == nil, "an 'A' echoed back is not a status")
    }

    @Test func aPrinterOutOfPaperIsSentNothingAndTheReceiptWaits() throws {
        let printer = try FakeEscPosPrinter(answer: 0x72)
        defer { printer.stop() }
        let receipts = ReceiptPrinter(path: printer.path)
        #expect(receipts.paper() == .out)
        let document = ReceiptDocument(ReceiptPrinterTests.paidOrder(), copy: false)
        #expect(receipts.print(document) == .failure(.outOfPaper(printer.path)))
        Thread.sleep(forTimeInterval: 0.1)
        #expect(printer.bytes.allSatisfy { [0x10, 0x04].contains($0) }, "only status requests, no receipt: \(printer.bytes.count) bytes")
    }

    @Test func aPrinterWithPaperOrLowOnItPrints() throws {
        for (answer, paper) in [(UInt8(0x12), ReceiptPrinter.Paper.present), (0x1E, .low)] {
            let printer = try FakeEscPosPrinter(answer: answer)
            defer { printer.stop() }
            let receipts = ReceiptPrinter(path: printer.path)
            #expect(receipts.paper() == paper)
            let document = ReceiptDocument(ReceiptPrinterTests.paidOrder(), copy: false)
            #expect(receipts.print(document) == .success(printer.path))
            Thread.sleep(forTimeInterval: 0.1)
            #expect(printer.bytes.count > 100, "the receipt reached the printer")
        }
    }

    @Test func aPrinterThatNeverAnswersIsNotTakenForOutOfPaper() throws {
        let printer = try FakeEscPosPrinter(answer: nil)
        defer { printer.stop() }
        let receipts = ReceiptPrinter(path: printer.path)
        #expect(receipts.paper(patience: 50) == nil)
        #expect(receipts.print(ReceiptDocument(ReceiptPrinterTests.paidOrder(), copy: false)) == .success(printer.path))
        // Files and plain text cannot say: nothing is asked of them.
        #expect(ReceiptPrinter(path: "/dev/null").paper() == nil)
        #expect(ReceiptPrinter(path: printer.path, format: .text).paper() == nil)
    }
}
