import Foundation
import ProgramSupport
import Testing
@testable import QRCode

/// Runs the real decoder, `zbarimg` from zbar-tools, on images the encoder makes. zbar-tools is
/// a prerequisite (README): without it these tests fail, saying which package to install.
enum Zbar {
    /// Writes `image` (a plain PBM) to a temporary file and returns what `zbarimg --raw -q`
    /// decodes from it, without the newline zbarimg adds; nil when it finds no symbol.
    static func decode(pbm image: String) throws -> String? {
        let executable = URL(fileURLWithPath: try RequiredProgram.zbarimg.require())
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("qrcode-test-\(UUID().uuidString).pbm")
        try Data(image.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = executable
        process.arguments = ["--raw", "-q", file.path]
        let output = Pipe()
        process.standardOutput = output
        // zbarimg may complain on stderr about a missing D-Bus; that is no concern here.
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Decodes what a terminal would show for `lines` (from `halfBlockLines`): each character
    /// becomes two pixel rows of `scale`-pixel modules, blocks in the foreground colour.
    /// `foregroundIsDark` says whether that colour is black (`invert: false`) or white.
    static func decode(halfBlockLines lines: [String], foregroundIsDark: Bool, scale: Int = 4) throws -> String? {
        let width = lines.first?.count ?? 0
        var rows: [[Bool]] = []  // true = black pixel
        for line in lines {
            var top: [Bool] = [], bottom: [Bool] = []
            for character in line {
                let (upper, lower): (Bool, Bool) = switch character {
                case "█": (true, true)
                case "▀": (true, false)
                case "▄": (false, true)
                default: (false, false)
                }
                top.append(upper == foregroundIsDark)
                bottom.append(lower == foregroundIsDark)
            }
            rows.append(top)
            rows.append(bottom)
        }
        // A margin of the terminal's background colour around the picture, as the rest of the
        // screen would be: white behind dark blocks, black behind light ones.
        let margin = 4
        let backgroundIsBlack = !foregroundIsDark
        let pixels = (width + 2 * margin) * scale
        let pixelRows = (rows.count + 2 * margin) * scale
        var image = "P1\n\(pixels) \(pixelRows)\n"
        for pixelY in 0..<pixelRows {
            let y = pixelY / scale - margin
            var line = ""
            for pixelX in 0..<pixels {
                let x = pixelX / scale - margin
                let inside = rows.indices.contains(y) && (0..<width).contains(x)
                let black = inside ? rows[y][x] : backgroundIsBlack
                line += black ? "1" : "0"
                if line.count == 70 { image += line + "\n"; line = "" }
            }
            image += line + "\n"
        }
        return try decode(pbm: image)
    }
}

/// The longest text of lower-case letters (byte mode) that fits `version` at `correction`,
/// to force a symbol of exactly that version.
func textFilling(version: Int, correction: QRErrorCorrection) -> String {
    let countBits = EncodingMode.byte.characterCountBits(version: version)
    let capacityBits = SymbolVersion(version).dataCodewordCount(correction) * 8
    let length = (capacityBits - 4 - countBits) / 8
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    return String((0..<length).map { alphabet[($0 * 7 + version) % alphabet.count] })
}
