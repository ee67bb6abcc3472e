import Foundation
import Localization
import TerminalUI

/// Prints receipts as plain text to a file or a device (`--printer /dev/usb/lp0`, or a file a
/// spooler watches). Appends, so a file keeps every receipt; a device just prints.
public struct ReceiptPrinter: Sendable {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notConfigured
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .notConfigured: tr("no printer configured")
            case let .cannotWrite(path): tr("cannot write to {0}", path)
            }
        }
    }

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Writes the receipt; answers where it went.
    public func print(_ receipt: ReceiptFeature.State, copy: Bool = false) -> Result<String, Failure> {
        let text = Self.text(of: receipt, copy: copy)
        guard let handle = FileHandle(forWritingAtPath: path) ?? Self.create(path) else {
            return .failure(.cannotWrite(path))
        }
        defer { try? handle.close() }
        do {
            _ = try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            return .success(path)
        } catch {
            return .failure(.cannotWrite(path))
        }
    }

    private static func create(_ path: String) -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: path)
    }

    /// The receipt as a till prints it: 40 columns, the order number first and last. Columns
    /// are counted as a terminal or a till counts them: a Chinese character takes two.
    public static func text(of receipt: ReceiptFeature.State, copy: Bool) -> String {
        var lines = [tr("Checkout Counter · Honey Store")]
        if copy { lines.append(tr("** COPY **")) }
        lines += [tr("Order {0}", receipt.orderNumber), DateText.dayAndTime(receipt.paidAt), ""]
        for line in receipt.lines {
            let left = "\(line.quantity) x \(tr(line.product.name))"
            let right = line.total?.formatted() ?? ""
            lines.append(left + String(repeating: " ", count: max(1, 40 - left.displayWidth - right.displayWidth)) + right)
        }
        let total = tr("Total {0}", receipt.total.formatted())
        lines.append(String(repeating: " ", count: max(0, 40 - total.displayWidth)) + total)
        if !receipt.cardLastFour.isEmpty { lines.append(tr("Paid with {0} **** {1}", receipt.cardBrand, receipt.cardLastFour)) }
        lines += ["", tr("Thank you!"), String(repeating: "-", count: 40), ""]
        return lines.joined(separator: "\n")
    }
}
