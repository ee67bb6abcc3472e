/// A receipt as plain text, for a file a spooler or a person reads (`--printer-format text`):
/// 40 columns, the order number first and last (a file has no QR code).
enum ReceiptText {
    static func render(_ document: ReceiptDocument) -> String {
        var lines: [String] = []
        for line in document.lines {
            switch line {
            case let .title(text), let .centered(text), let .emphasis(text): lines.append(ReceiptDocument.centred(text))
            case let .text(text): lines.append(text)
            case let .item(what, amount): lines += ReceiptDocument.columns(what, amount)
            case let .total(text): lines.append(ReceiptDocument.rightAligned(text))
            case .rule: lines.append(String(repeating: "-", count: ReceiptDocument.width))
            case .blank: lines.append("")
            case let .qrCode(text): lines.append(ReceiptDocument.centred(text))
            }
        }
        lines += [String(repeating: "=", count: ReceiptDocument.width), ""]
        return lines.joined(separator: "\n") + "\n"
    }
}
