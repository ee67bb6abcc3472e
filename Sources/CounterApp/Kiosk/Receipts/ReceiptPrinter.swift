import Foundation
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// Where receipts go (`--printer PATH`) and in which language: ESC/POS for a receipt printer
/// (`/dev/usb/lp0`, the default), or plain text appended to a file (`--printer-format text`).
/// A device is written as it is; a file path is created if missing and appended to, so a file
/// keeps every receipt.
public struct ReceiptPrinter: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case escpos
        case text
    }

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notConfigured
        case cannotWrite(String)
        /// The device takes no more bytes (out of paper, cover open, switched off with its
        /// buffer full): nothing more is waited for, the receipt waits instead.
        case notAccepting(String)
        /// The printer said it has no paper (ESC/POS status): nothing was sent.
        case outOfPaper(String)
        case noSuchReceipt(String)

        public var description: String {
            switch self {
            case .notConfigured: tr("no printer configured")
            case let .cannotWrite(path): tr("cannot write to {0}", path)
            case let .notAccepting(path): tr("{0} takes nothing (out of paper, or off?)", path)
            case let .outOfPaper(path): tr("{0} is out of paper", path)
            case let .noSuchReceipt(order): tr("no paid order {0}", order)
            }
        }
    }

    public let path: String
    public let format: Format

    public init(path: String, format: Format = .escpos) {
        self.path = path
        self.format = format
    }

    /// The document in this printer's language.
    public func bytes(of document: ReceiptDocument) -> [UInt8] {
        switch format {
        case .escpos: EscPosReceipt.encode(document)
        case .text: Array(ReceiptText.render(document).utf8)
        }
    }

    /// Whether the printer can be written at all, without printing anything: said at start, so
    /// the operator knows before the first receipt is lost to it.
    public func check() -> Failure? {
        if FileManager.default.fileExists(atPath: path) { return access(path, W_OK) == 0 ? nil : .cannotWrite(path) }
        if path.hasPrefix("/dev/") { return .cannotWrite(path) }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return access(directory.isEmpty ? "." : directory, W_OK) == 0 ? nil : .cannotWrite(path)
    }

    /// Writes the receipt; answers where it went.
    public func print(_ document: ReceiptDocument) -> Result<String, Failure> {
        // A printer that says it has no paper is sent nothing: the receipt waits, not lost.
        if paper() == .out { return .failure(.outOfPaper(path)) }
        return write(bytes(of: document))
    }

    /// Never blocks the loop for long: the device is opened without waiting, and a device that
    /// takes nothing for `patience` is reported, not waited for.
    func write(_ bytes: [UInt8], patience: Int32 = 1_000) -> Result<String, Failure> {
        // A device path is never created as a file (an unplugged /dev/usb/lp0 is a failure).
        let mayCreate = !path.hasPrefix("/dev/")
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC | (mayCreate ? O_CREAT : 0), 0o644)
        guard descriptor >= 0 else { return .failure(.cannotWrite(path)) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result > 0 {
                written += result
            } else if result < 0, errno == EINTR {
                continue
            } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                guard poll(&ready, 1, patience) > 0 else { return .failure(.notAccepting(path)) }
            } else {
                return .failure(.cannotWrite(path))
            }
        }
        return .success(path)
    }
}
