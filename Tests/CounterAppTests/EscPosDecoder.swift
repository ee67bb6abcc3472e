@testable import CounterApp

/// Reads ESC/POS bytes back, as a receipt printer would: the commands it obeys and the lines it
/// prints, each with the style in force. Knows the commands `EscPosReceipt` may send and fails
/// on any other, so a stray byte is a test failure, not a garbled receipt.
struct EscPosDecoder {
    enum Command: Equatable {
        case initialise
        case codePage(UInt8)
        case chineseMode
        case align(UInt8)
        case size(UInt8)
        case bold(Bool)
        case feed(UInt8)
        case cut
        case drawerKick
        case qrCode(String)
    }

    struct Line: Equatable {
        var text: String
        var bold = false
        var alignment: UInt8 = 0
        var size: UInt8 = 0
    }

    enum Element: Equatable {
        case command(Command)
        case line(Line)
    }

    struct Malformed: Error, CustomStringConvertible {
        let offset: Int
        let why: String
        var description: String { "byte \(offset): \(why)" }
    }

    private(set) var elements: [Element] = []

    var commands: [Command] { elements.compactMap { if case let .command(c) = $0 { c } else { nil } } }
    var lines: [Line] { elements.compactMap { if case let .line(l) = $0 { l } else { nil } } }
    var texts: [String] { lines.map(\.text) }

    init(_ bytes: [UInt8]) throws {
        var encoding = EscPosTextEncoding.pc858
        var style = Line(text: "")
        var text: [UInt8] = []
        var qrData: [UInt8]?
        var index = 0
        func take(_ count: Int) throws -> [UInt8] {
            guard index + count <= bytes.count else { throw Malformed(offset: index, why: "a command cut short") }
            defer { index += count }
            return Array(bytes[index..<index + count])
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                index += 1
                var line = style
                line.text = encoding.decode(text)
                elements.append(.line(line))
                text = []
            case 0x1B:
                let command = try take(2)[1]
                switch command {
                case 0x40: elements.append(.command(.initialise)); style = Line(text: ""); encoding = .pc858
                case 0x74:
                    let page = try take(1)[0]
                    guard page == 19 else { throw Malformed(offset: index, why: "code page \(page), not PC858") }
                    elements.append(.command(.codePage(page)))
                case 0x61: style.alignment = try take(1)[0]; elements.append(.command(.align(style.alignment)))
                case 0x45: style.bold = try take(1)[0] == 1; elements.append(.command(.bold(style.bold)))
                case 0x64: elements.append(.command(.feed(try take(1)[0])))
                case 0x70:
                    guard try take(3) == [0, 25, 250] else { throw Malformed(offset: index, why: "a drawer pulse of another shape") }
                    elements.append(.command(.drawerKick))
                default: throw Malformed(offset: index - 2, why: String(format: "ESC 0x%02X", command))
                }
            case 0x1C:
                guard try take(2)[1] == 0x26 else { throw Malformed(offset: index - 2, why: "an FS command other than FS &") }
                encoding = .gb18030
                elements.append(.command(.chineseMode))
            case 0x1D:
                let command = try take(2)[1]
                switch command {
                case 0x21: style.size = try take(1)[0]; elements.append(.command(.size(style.size)))
                case 0x56:
                    guard try take(2) == [66, 0] else { throw Malformed(offset: index, why: "another kind of cut") }
                    elements.append(.command(.cut))
                case 0x28:
                    let header = try take(3)
                    guard header[0] == 0x6B else { throw Malformed(offset: index, why: "GS ( other than k") }
                    let length = Int(header[1]) | Int(header[2]) << 8
                    let body = try take(length)
                    switch (body[0], body[1]) {
                    case (49, 65), (49, 67), (49, 69): break          // model, module size, error correction
                    case (49, 80): qrData = Array(body[3...])        // store
                    case (49, 81):                                   // print
                        guard let data = qrData else { throw Malformed(offset: index, why: "a QR code printed before it was stored") }
                        elements.append(.command(.qrCode(String(decoding: data, as: UTF8.self))))
                    default: throw Malformed(offset: index, why: "QR function \(body[1])")
                    }
                default: throw Malformed(offset: index - 2, why: String(format: "GS 0x%02X", command))
                }
            default:
                guard byte >= 0x20 else { throw Malformed(offset: index, why: String(format: "control byte 0x%02X", byte)) }
                text.append(byte)
                index += 1
            }
        }
        guard text.isEmpty else { throw Malformed(offset: index, why: "text after the last line feed") }
    }
}
