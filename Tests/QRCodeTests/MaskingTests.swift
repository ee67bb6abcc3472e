import Testing
@testable import QRCode

struct MaskingTests {
    @Test func maskPatternsAtKnownModules() {
        // (x, y) = (column, row). Mask 0 is a checkerboard, 1 every other row, 2 every third column.
        #expect(Masking.flips(pattern: 0, x: 0, y: 0) && !Masking.flips(pattern: 0, x: 1, y: 0))
        #expect(Masking.flips(pattern: 1, x: 5, y: 2) && !Masking.flips(pattern: 1, x: 5, y: 3))
        #expect(Masking.flips(pattern: 2, x: 3, y: 1) && !Masking.flips(pattern: 2, x: 4, y: 1))
        #expect(Masking.flips(pattern: 4, x: 2, y: 1) && !Masking.flips(pattern: 4, x: 3, y: 1))
        #expect(Masking.flips(pattern: 5, x: 6, y: 1) && !Masking.flips(pattern: 5, x: 1, y: 1))
    }

    @Test func runPenalty() {
        #expect(Masking.runPenalty(of: Array(repeating: true, count: 4)) == 0)
        #expect(Masking.runPenalty(of: Array(repeating: true, count: 5)) == 3)
        #expect(Masking.runPenalty(of: Array(repeating: false, count: 7)) == 5)
        #expect(Masking.runPenalty(of: [true, true, true, true, true, false, false, false, false, false, false]) == 7)
    }

    @Test func finderLikePenalty() {
        let pattern: [Bool] = [true, false, true, true, true, false, true]
        let light = Array(repeating: false, count: 4)
        #expect(Masking.finderLikePenalty(of: pattern + light) == 40)
        #expect(Masking.finderLikePenalty(of: light + pattern) == 40)
        #expect(Masking.finderLikePenalty(of: light + pattern + light) == 80)
        #expect(Masking.finderLikePenalty(of: pattern + [false, false, false, true]) == 0)
    }

    /// An all-light 21×21 grid: 42 lines of 21 (3 + 16 each), 400 2×2 blocks, 0 % dark.
    @Test func penaltyOfAnEmptyGrid() {
        #expect(Masking.penalty(of: ModuleGrid(size: 21)) == 42 * 19 + 400 * 3 + 0 + 100)
    }

    @Test func applyingAMaskTwiceRestoresTheGridAndSparesFunctionModules() {
        let original = ModuleGrid(functionPatternsFor: SymbolVersion(2))
        var grid = original
        grid.applyMask(3)
        #expect(grid != original)
        for y in 0..<grid.size {
            for x in 0..<grid.size where grid.isFunctionModule(x: x, y: y) {
                #expect(grid[x, y] == original[x, y])
            }
        }
        grid.applyMask(3)
        #expect(grid == original)
    }

    @Test func chosenMaskHasTheLowestPenalty() throws {
        let text = "https://pay.example/checkout/src_000042?amount=1250&currency=EUR"
        let segment = Segment(text: text)
        let chosen = try QRCode.encode(text)
        func penalty(_ code: QRCode) -> Int {
            var grid = ModuleGrid(size: code.size)
            for y in 0..<code.size { for x in 0..<code.size { grid.setData(x: x, y: y, dark: code[x, y]) } }
            return Masking.penalty(of: grid)
        }
        let penalties = (0..<8).map { mask in
            penalty(QRCode(segment: segment, version: SymbolVersion(chosen.version), correction: .medium, forcedMask: mask))
        }
        #expect(penalty(chosen) == penalties.min())
        #expect(penalties.firstIndex(of: penalties.min()!) == chosen.mask)
    }
}
