/// A receipt in ESC/POS, the command set of nearly every receipt printer (Epson's, and the many
/// that follow it): initialise, the code page, the shop's name large and centred, the lines, the
/// total in bold, a QR code of the order number drawn by the printer itself, a feed and a cut,
/// and the cash drawer's kick when the receipt says so.
public enum EscPosReceipt {
    /// The commands used, by their manual's names.
    public enum Command {
        static let initialise: [UInt8] = [0x1B, 0x40]                       // ESC @
        static func align(_ alignment: UInt8) -> [UInt8] { [0x1B, 0x61, alignment] } // ESC a n: 0 left, 1 centre, 2 right
        static func bold(_ on: Bool) -> [UInt8] { [0x1B, 0x45, on ? 1 : 0] } // ESC E n
        static func size(_ n: UInt8) -> [UInt8] { [0x1D, 0x21, n] }        // GS ! n: 0x11 double width and height
        static func feed(_ lines: UInt8) -> [UInt8] { [0x1B, 0x64, lines] } // ESC d n
        static let cut: [UInt8] = [0x1D, 0x56, 66, 0]                      // GS V 66 0: feed to the cutter, partial cut
        /// ESC p 0 25 250: a pulse on the drawer's pin 2, 50 ms on, 500 ms off.
        static let drawerKick: [UInt8] = [0x1B, 0x70, 0, 25, 250]
        static let lineFeed: UInt8 = 0x0A

        /// GS ( k: model 2, module size 6, error correction M, store the data, print it.
        static func qrCode(_ data: [UInt8]) -> [UInt8] {
            let stored = data.count + 3
            return [0x1D, 0x28, 0x6B, 4, 0, 49, 65, 50, 0]
                + [0x1D, 0x28, 0x6B, 3, 0, 49, 67, 6]
                + [0x1D, 0x28, 0x6B, 3, 0, 49, 69, 49]
                + [0x1D, 0x28, 0x6B, UInt8(stored & 0xFF), UInt8(stored >> 8), 49, 80, 48] + data
                + [0x1D, 0x28, 0x6B, 3, 0, 49, 81, 48]
        }
    }

    public static func encode(_ document: ReceiptDocument) -> [UInt8] {
        let encoding = EscPosTextEncoding.needed(for: document.lines.flatMap(texts))
        var bytes = Command.initialise + encoding.selection
        // The drawer opens as the receipt starts printing, not after the cut.
        if document.opensDrawer { bytes += Command.drawerKick }
        func line(_ text: String) { bytes += encoding.encode(text) + [Command.lineFeed] }
        for documentLine in document.lines {
            switch documentLine {
            case let .title(text):
                bytes += Command.align(1) + Command.size(0x11) + Command.bold(true)
                line(text)
                bytes += Command.bold(false) + Command.size(0) + Command.align(0)
            case let .centered(text):
                bytes += Command.align(1)
                line(text)
                bytes += Command.align(0)
            case let .emphasis(text):
                bytes += Command.align(1) + Command.bold(true)
                line(text)
                bytes += Command.bold(false) + Command.align(0)
            case let .text(text):
                line(text)
            case let .item(what, amount):
                ReceiptDocument.columns(what, amount).forEach(line)
            case let .total(text):
                bytes += Command.align(2) + Command.bold(true)
                line(text)
                bytes += Command.bold(false) + Command.align(0)
            case .rule:
                line(String(repeating: "-", count: ReceiptDocument.width))
            case .blank:
                bytes.append(Command.lineFeed)
            case let .qrCode(text):
                // The order number is ASCII: the QR code's bytes are the same on every code page.
                bytes += Command.align(1) + Command.qrCode(Array(text.utf8)) + [Command.lineFeed] + Command.align(0)
            }
        }
        bytes += Command.feed(4) + Command.cut
        return bytes
    }

    private static func texts(_ line: ReceiptDocument.Line) -> [String] {
        switch line {
        case let .title(text), let .centered(text), let .emphasis(text), let .text(text), let .total(text): [text]
        case let .item(what, amount): [what, amount]
        case .rule, .blank, .qrCode: []
        }
    }
}
