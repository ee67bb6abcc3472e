import Testing
@testable import QRCode

struct RendererTests {
    @Test("half-block lines have the documented shape", arguments: [0, 1, 2, 4])
    func halfBlockShape(quietZone: Int) throws {
        let code = try QRCode.encode("wxp://f2f0a1b2c3d4e5f6")
        let width = code.size + 2 * quietZone
        for invert in [false, true] {
            let lines = code.halfBlockLines(quietZone: quietZone, invert: invert)
            #expect(lines.count == (width + 1) / 2)
            #expect(lines.allSatisfy { $0.count == width })
            #expect(lines.allSatisfy { $0.allSatisfy { " ▀▄█".contains($0) } })
        }
    }

    /// Each character's halves are two module rows; reading them back gives the matrix.
    @Test("half-block lines carry the module matrix", arguments: [false, true])
    func halfBlockContent(invert: Bool) throws {
        let code = try QRCode.encode("https://pay.example/checkout/src_000042?amount=1250&currency=EUR")
        let quiet = 2
        let lines = code.halfBlockLines(quietZone: quiet, invert: invert).map(Array.init)
        let width = code.size + 2 * quiet
        for row in 0..<width {
            for column in 0..<width {
                let character = lines[row / 2][column]
                let ink = row % 2 == 0 ? "▀█".contains(character) : "▄█".contains(character)
                #expect(ink == (code[column - quiet, row - quiet] != invert), "row \(row), column \(column)")
            }
        }
        // With an odd number of rows, the last line's lower half is past the image: never ink.
        #expect(width % 2 == 1)
        #expect(lines.last!.allSatisfy { $0 == " " || $0 == "▀" })
    }

    @Test func defaultQuietZoneIsBlankOrSolid() throws {
        let code = try QRCode.encode("1")
        let plain = code.halfBlockLines()
        #expect(plain.first == String(repeating: " ", count: code.size + 4))
        let inverted = code.halfBlockLines(invert: true)
        #expect(inverted.first == String(repeating: "█", count: code.size + 4))
        // Top-left finder's top edge, below two quiet rows, in the second line's upper half.
        #expect(plain[1].hasPrefix("  █▀▀▀▀▀█"))
        #expect(inverted[1].hasPrefix("██ ▄▄▄▄▄ "))
    }

    @Test func plainPBMImage() throws {
        let code = try QRCode.encode("wxp://f2f0a1b2c3d4e5f6")
        let image = code.pbm(scale: 3, quietZone: 4)
        let lines = image.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "P1")
        #expect(lines[1].hasPrefix("#"))
        let pixels = (code.size + 8) * 3
        #expect(lines[2] == "\(pixels) \(pixels)")
        let raster = lines.dropFirst(3).joined()
        #expect(raster.count == pixels * pixels)
        #expect(raster.allSatisfy { $0 == "0" || $0 == "1" })
        #expect(lines.allSatisfy { $0.count <= 70 })
        // Pixel (x, y) is module (x/3 - 4, y/3 - 4); 1 is black.
        let bits = Array(raster)
        for (x, y) in [(0, 0), (12, 12), (14, 13), (40, 25), (pixels - 1, pixels - 1)] {
            #expect((bits[y * pixels + x] == "1") == code[x / 3 - 4, y / 3 - 4], "pixel \(x), \(y)")
        }
    }
}
