import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The paper in an ESC/POS receipt printer, as the printer itself says it: asked with the
/// real-time status request `DLE EOT 4` (the roll paper sensor), answered with one byte.
extension ReceiptPrinter {
    public enum Paper: Equatable, Sendable {
        case present
        /// The near-end sensor is on: a few receipts are left on the roll.
        case low
        /// No paper: a receipt sent now would be lost in the printer's buffer.
        case out
    }

    /// What the printer says of its paper; nil when it cannot say: a file, plain text, a
    /// printer that does not answer within `patience` milliseconds, or an answer that is not a
    /// status byte. Not knowing is never taken for "out".
    public func paper(patience: Int32 = 200) -> Paper? {
        guard format == .escpos else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return nil }
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // An answer left over from an earlier request would be read as this one's.
        var stale = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &stale, stale.count) > 0 {}
        let request: [UInt8] = [0x10, 0x04, 0x04]
        guard request.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == request.count else { return nil }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, patience) > 0 else { return nil }
        var byte: UInt8 = 0
        guard read(descriptor, &byte, 1) == 1 else { return nil }
        return Self.paper(status: byte)
    }

    /// The roll paper sensor's byte: bits 1 and 4 always set, 0 and 7 always clear; bits 2-3
    /// the near-end sensor, bits 5-6 the end sensor.
    static func paper(status byte: UInt8) -> Paper? {
        guard byte & 0x93 == 0x12 else { return nil }
        if byte & 0x60 == 0x60 { return .out }
        if byte & 0x0C == 0x0C { return .low }
        return .present
    }
}
