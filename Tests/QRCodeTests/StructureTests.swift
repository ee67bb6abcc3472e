import Testing
@testable import QRCode

/// Function patterns, format and version information, and the capacity tables.
struct StructureTests {
    @Test("format information bits match ISO/IEC 18004 annex C", arguments: [
        (QRErrorCorrection.medium, 0, 0x5412),
        (.medium, 1, 0x5125),
        (.medium, 7, 0x4AA0),
        (.low, 0, 0x77C4),
        (.low, 4, 0x662F),
        (.quartile, 0, 0x355F),
        (.high, 0, 0x1689),
    ])
    func formatBits(_ correction: QRErrorCorrection, mask: Int, expected: Int) {
        #expect(FormatInfo.formatBits(correction: correction, mask: mask) == expected)
    }

    @Test("version information bits match ISO/IEC 18004 annex D", arguments: [
        (7, 0x07C94), (8, 0x085BC), (21, 0x15683), (40, 0x28C69),
    ])
    func versionBits(_ version: Int, expected: Int) {
        #expect(FormatInfo.versionBits(version: version) == expected)
    }

    @Test func capacitiesMatchTheStandard() {
        #expect(SymbolVersion(1).totalCodewords == 26)
        #expect(SymbolVersion(2).totalCodewords == 44)
        #expect(SymbolVersion(2).dataModuleCount % 8 == 7)  // seven remainder bits
        #expect(SymbolVersion(7).totalCodewords == 196)
        #expect(SymbolVersion(40).totalCodewords == 3706)
        #expect(SymbolVersion(1).dataCodewordCount(.low) == 19)
        #expect(SymbolVersion(1).dataCodewordCount(.high) == 9)
        #expect(SymbolVersion(40).dataCodewordCount(.low) == 2956)
        #expect(SymbolVersion(40).dataCodewordCount(.medium) == 2334)
        #expect(SymbolVersion(40).dataCodewordCount(.quartile) == 1666)
        #expect(SymbolVersion(40).dataCodewordCount(.high) == 1276)
        for number in SymbolVersion.range {
            for correction in QRErrorCorrection.allCases {
                let blocks = SymbolVersion(number).blockStructure(correction)
                #expect(blocks.dataCodewords > 0 && blocks.longBlockCount < blocks.blockCount)
            }
        }
    }

    @Test func alignmentCentresMatchTheStandardTable() {
        #expect(SymbolVersion(1).alignmentCentres == [])
        #expect(SymbolVersion(2).alignmentCentres == [6, 18])
        #expect(SymbolVersion(7).alignmentCentres == [6, 22, 38])
        #expect(SymbolVersion(15).alignmentCentres == [6, 26, 48, 70])
        #expect(SymbolVersion(32).alignmentCentres == [6, 34, 60, 86, 112, 138])
        #expect(SymbolVersion(36).alignmentCentres == [6, 24, 50, 76, 102, 128, 154])
        #expect(SymbolVersion(40).alignmentCentres == [6, 30, 58, 86, 114, 142, 170])
    }

    /// The counted free modules of each drawn grid agree with the formula the capacities use.
    @Test("data module count matches the drawn function patterns", arguments: SymbolVersion.range)
    func dataModules(_ number: Int) {
        let version = SymbolVersion(number)
        let grid = ModuleGrid(functionPatternsFor: version)
        #expect(grid.isFunction.filter { !$0 }.count == version.dataModuleCount)
    }

    @Test("finders sit in three corners, not the fourth", arguments: [1, 7, 40])
    func finderPatterns(_ version: Int) throws {
        let code = try QRCode.encode(textFilling(version: version, correction: .medium))
        let finder = [
            "#######",
            "#.....#",
            "#.###.#",
            "#.###.#",
            "#.###.#",
            "#.....#",
            "#######",
        ]
        func hasFinder(left: Int, top: Int) -> Bool {
            finder.enumerated().allSatisfy { row, pattern in
                pattern.enumerated().allSatisfy { column, module in
                    code[left + column, top + row] == (module == "#")
                }
            }
        }
        func separatorIsLight(left: Int, top: Int) -> Bool {
            (-1...7).allSatisfy { offset in
                !code[left + offset, top - 1] && !code[left + offset, top + 7]
                    && !code[left - 1, top + offset] && !code[left + 7, top + offset]
            }
        }
        let far = code.size - 7
        #expect(hasFinder(left: 0, top: 0) && separatorIsLight(left: 0, top: 0))
        #expect(hasFinder(left: far, top: 0) && separatorIsLight(left: far, top: 0))
        #expect(hasFinder(left: 0, top: far) && separatorIsLight(left: 0, top: far))
        #expect(!hasFinder(left: far, top: far))
    }

    @Test func timingPatternsAndDarkModule() throws {
        let code = try QRCode.encode("wxp://f2f0a1b2c3d4e5f6")
        for index in 8..<(code.size - 8) {
            #expect(code[index, 6] == (index % 2 == 0))
            #expect(code[6, index] == (index % 2 == 0))
        }
        #expect(code[8, code.size - 8])
    }

    /// Reads both copies of the format information back out of a finished symbol.
    @Test("both format copies carry the level and chosen mask", arguments: QRErrorCorrection.allCases)
    func formatCopies(_ correction: QRErrorCorrection) throws {
        let code = try QRCode.encode("https://pay.example/checkout/src_000042", correction: correction)
        let size = code.size
        // Positions of bits 14 (first) down to 0 in each copy, as (x, y).
        let first = [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8),
                     (8, 7), (8, 5), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0)]
        let second = (0..<7).map { (8, size - 1 - $0) } + (0..<8).map { (size - 8 + $0, 8) }
        func read(_ positions: [(Int, Int)]) -> Int {
            positions.reduce(0) { $0 << 1 | (code[$1.0, $1.1] ? 1 : 0) }
        }
        let expected = FormatInfo.formatBits(correction: correction, mask: code.mask)
        #expect(read(first) == expected)
        #expect(read(second) == expected)
    }

    @Test func versionInformationBlocks() throws {
        let code = try QRCode.encode(textFilling(version: 7, correction: .medium))
        #expect(code.version == 7 && code.size == 45)
        // Bit i sits at column size-11+i%3, row i/3 (top right) and transposed (bottom left).
        var topRight = 0, bottomLeft = 0
        for index in stride(from: 17, through: 0, by: -1) {
            topRight = topRight << 1 | (code[code.size - 11 + index % 3, index / 3] ? 1 : 0)
            bottomLeft = bottomLeft << 1 | (code[index / 3, code.size - 11 + index % 3] ? 1 : 0)
        }
        #expect(topRight == 0x07C94)
        #expect(bottomLeft == 0x07C94)
    }

    @Test func smallerVersionsHaveNoVersionBlock() throws {
        // Version 6 has data modules where version 7 puts its version information; the
        // grid must leave them free.
        let grid = ModuleGrid(functionPatternsFor: SymbolVersion(6))
        #expect(!grid.isFunctionModule(x: grid.size - 11, y: 0))
        #expect(ModuleGrid(functionPatternsFor: SymbolVersion(7)).isFunctionModule(x: 45 - 11, y: 0))
    }
}
