import Foundation
#if canImport(CoreFoundation)
import CoreFoundation
#endif

/// How a receipt's characters become a receipt printer's bytes. ESC/POS printers know code
/// pages, not Unicode: Latin text goes out in PC858 (PC850 with the euro sign), selected with
/// `ESC t 19`; Chinese text in GB18030 after `FS &` (the Chinese character mode of the printers
/// sold with Chinese fonts). A character the page lacks prints as "?", never as stray bytes.
public enum EscPosTextEncoding: Equatable, Sendable {
    case pc858
    case gb18030

    /// The page a receipt needs: GB18030 as soon as one of its characters is not in PC858.
    public static func needed(for texts: [String]) -> EscPosTextEncoding {
        texts.allSatisfy { $0.allSatisfy(pc858Encodable) } ? .pc858 : .gb18030
    }

    /// The command that selects the page, sent after `ESC @`.
    public var selection: [UInt8] {
        switch self {
        case .pc858: [0x1B, 0x74, 19]
        case .gb18030: [0x1C, 0x26]
        }
    }

    public func encode(_ text: String) -> [UInt8] {
        switch self {
        case .pc858:
            return text.flatMap { character -> [UInt8] in
                if character == "€" { return [0xD5] }
                guard Self.pc858Encodable(character), let data = String(character).data(using: Self.pc850Encoding) else { return [0x3F] }
                return Array(data)
            }
        case .gb18030:
            return text.flatMap { character -> [UInt8] in
                String(character).data(using: Self.gb18030Encoding).map(Array.init) ?? [0x3F]
            }
        }
    }

    public func decode(_ bytes: [UInt8]) -> String {
        switch self {
        case .pc858:
            return bytes.map { byte in
                byte == 0xD5 ? "€" : String(data: Data([byte]), encoding: Self.pc850Encoding) ?? "?"
            }.joined()
        case .gb18030:
            return String(data: Data(bytes), encoding: Self.gb18030Encoding) ?? ""
        }
    }

    private static func pc858Encodable(_ character: Character) -> Bool {
        // PC850's 0xD5 is the dotless i; PC858 has the euro sign there instead.
        if character == "€" { return true }
        if character == "ı" { return false }
        return character.unicodeScalars.count == 1 && String(character).data(using: pc850Encoding) != nil
    }

    static let pc850Encoding = String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(CFStringEncoding(CFStringEncodings.dosLatin1.rawValue)))
    static let gb18030Encoding = String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(CFStringEncoding(CFStringEncodings.GB_18030_2000.rawValue)))
}
