/// One of the 40 symbol sizes (ISO/IEC 18004 "versions") and the numbers that follow from it:
/// side length, alignment pattern positions, codeword capacity and the error-correction block
/// structure at each level.
struct SymbolVersion: Sendable, Equatable {
    static let range = 1...40

    let number: Int

    init(_ number: Int) {
        precondition(Self.range.contains(number), "QR versions are 1...40")
        self.number = number
    }

    /// Modules per side: 21 for version 1, four more per version.
    var size: Int { 17 + 4 * number }

    /// Row and column centres of the alignment patterns; a pattern sits at every pair of them
    /// except the three that would overlap the finders. Version 1 has none.
    ///
    /// The standard gives these as a table; they follow a rule, used here: the first is always 6,
    /// the last is 7 modules in from the far edge, and the rest are evenly spaced back from the
    /// last with an even step (version 32 is the one exception the rule needs).
    var alignmentCentres: [Int] {
        if number == 1 { return [] }
        let count = number / 7 + 2
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        for index in stride(from: count - 2, through: 0, by: -1) {
            centres.append(size - 7 - index * step)
        }
        return centres
    }

    /// Modules left for codewords once every function pattern is placed.
    var dataModuleCount: Int {
        let perSide = alignmentCentres.count
        let alignmentPatterns = perSide == 0 ? 0 : perSide * perSide - 3
        // Patterns on row 6 or column 6 share 5 modules each with a timing pattern.
        let alignmentOnTimingLines = perSide == 0 ? 0 : 2 * (perSide - 2)
        let finders = 3 * 8 * 8  // 7×7 finder plus its one-module separator, in three corners
        let timing = 2 * (size - 16)
        let formatAndDarkModule = 2 * 15 + 1
        let alignment = 25 * alignmentPatterns - 5 * alignmentOnTimingLines
        let versionInformation = number >= 7 ? 2 * 18 : 0
        return size * size - finders - timing - formatAndDarkModule - alignment - versionInformation
    }

    /// Data plus parity codewords; leftover modules (0-7) are remainder bits.
    var totalCodewords: Int { dataModuleCount / 8 }

    func blockStructure(_ correction: QRErrorCorrection) -> BlockStructure {
        let level = correction.tableIndex
        return BlockStructure(
            totalCodewords: totalCodewords,
            blockCount: Self.blockCounts[level][number - 1],
            parityPerBlock: Self.parityCodewordsPerBlock[level][number - 1]
        )
    }

    func dataCodewordCount(_ correction: QRErrorCorrection) -> Int {
        blockStructure(correction).dataCodewords
    }

    // Tables from ISO/IEC 18004 (table 9), by level L, M, Q, H, then version 1...40. Every block
    // of a symbol has the same number of parity codewords; only data lengths differ by one.

    static let parityCodewordsPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    static let blockCounts: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]
}

/// How a symbol's codewords split into Reed-Solomon blocks. When the data does not divide
/// evenly, the first blocks ("short") hold one data codeword less than the rest.
struct BlockStructure: Sendable, Equatable {
    let totalCodewords: Int
    let blockCount: Int
    let parityPerBlock: Int

    var dataCodewords: Int { totalCodewords - blockCount * parityPerBlock }
    var longBlockCount: Int { totalCodewords % blockCount }
    var shortBlockCount: Int { blockCount - longBlockCount }
    var shortBlockDataLength: Int { totalCodewords / blockCount - parityPerBlock }

    func dataLength(ofBlock index: Int) -> Int {
        shortBlockDataLength + (index < shortBlockCount ? 0 : 1)
    }

    /// Splits `data` into blocks, appends each block's parity, and interleaves: first the
    /// data codewords column by column across blocks (short blocks have no last column), then
    /// the parity codewords the same way. Interleaving spreads a local smudge over many blocks.
    func interleave(data: [UInt8]) -> [UInt8] {
        precondition(data.count == dataCodewords)
        let code = ReedSolomon(parityCount: parityPerBlock)
        var dataBlocks: [[UInt8]] = []
        var parityBlocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let block = Array(data[offset..<offset + dataLength(ofBlock: index)])
            offset += block.count
            dataBlocks.append(block)
            parityBlocks.append(code.parity(for: block))
        }
        var result: [UInt8] = []
        result.reserveCapacity(totalCodewords)
        for column in 0..<(shortBlockDataLength + 1) {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<parityPerBlock {
            for block in parityBlocks { result.append(block[column]) }
        }
        return result
    }
}
