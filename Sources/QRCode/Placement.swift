/// Drawing the function patterns and laying the codewords into the free modules.
/// Coordinates are (x: column, y: row) with (0, 0) at the top left.
extension ModuleGrid {
    /// A grid for `version` with every function pattern drawn and the format and version areas
    /// reserved (format bits are written later, once the mask is chosen).
    init(functionPatternsFor version: SymbolVersion) {
        self.init(size: version.size)
        drawTimingPatterns()
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        drawAlignmentPatterns(centres: version.alignmentCentres)
        // Reserve the format areas now so data placement skips them; the bits come later.
        drawFormatBits(0)
        if version.number >= 7 { drawVersionBits(FormatInfo.versionBits(version: version.number)) }
    }

    /// Alternating modules along row 6 and column 6, dark at even positions. Drawn first:
    /// the finders and alignment patterns then overwrite the parts they cover.
    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
    }

    /// A 7×7 finder (dark ring, light ring, dark 3×3 core) plus the light one-module separator
    /// around it, clipped at the symbol's edges.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx, y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))  // 0 centre … 3 outer dark ring, 4 separator
                setFunction(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// 5×5 alignment patterns (dark ring, light ring, dark centre) at every pair of centres
    /// except the three corners the finders occupy.
    private mutating func drawAlignmentPatterns(centres: [Int]) {
        guard let first = centres.first, let last = centres.last else { return }
        for centreY in centres {
            for centreX in centres {
                let onFinder = (centreX == first && centreY == first)
                    || (centreX == first && centreY == last)
                    || (centreX == last && centreY == first)
                if onFinder { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        setFunction(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
    }

    /// Writes the 15 format bits twice (bit 0 is the least significant), plus the dark module
    /// that always sits beside the lower copy.
    ///
    /// First copy, around the top-left finder: bits 0-7 run down column 8 (skipping the timing
    /// row), bits 8-14 run left along row 8 (skipping the timing column).
    /// Second copy, split in two: bits 0-7 along row 8 from the right edge leftwards, bits 8-14
    /// down column 8 under the bottom-left finder.
    mutating func drawFormatBits(_ bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }

        for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// Writes the 18 version bits as two 6×3 blocks: above the bottom-left finder and, mirrored
    /// across the diagonal, left of the top-right finder.
    private mutating func drawVersionBits(_ bits: Int) {
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let along = index / 3, across = size - 11 + index % 3
            setFunction(x: across, y: along, dark: isDark)
            setFunction(x: along, y: across, dark: isDark)
        }
    }

    /// Lays the codewords' bits, most significant first, into the non-function modules: two
    /// columns at a time from the right edge, snaking up then down, right module before left.
    /// Column 6 (the vertical timing pattern) is skipped whole, so pairs left of it shift by one.
    /// Modules left over after the last codeword are remainder bits and stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        var upward = true
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunctionModule(x: x, y: y) {
                    if bitIndex < bitCount {
                        let byte = codewords[bitIndex / 8]
                        setData(x: x, y: y, dark: (byte >> UInt8(7 - bitIndex % 8)) & 1 == 1)
                        bitIndex += 1
                    }
                }
            }
            upward.toggle()
            right -= 2
        }
        precondition(bitIndex == bitCount, "codewords do not match the symbol's capacity")
    }
}
