/// The eight data masks and the penalty score used to choose among them. Masking flips data
/// modules in a fixed pattern so that the symbol has no large blank areas or finder look-alikes
/// that would confuse a reader; the encoder tries all eight and keeps the lowest penalty.
enum Masking {
    /// Whether mask `pattern` flips the module at column `x`, row `y`.
    static func flips(pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (x * y) % 2 + (x * y) % 3 == 0
        case 6: ((x * y) % 2 + (x * y) % 3) % 2 == 0
        case 7: ((x + y) % 2 + (x * y) % 3) % 2 == 0
        default: preconditionFailure("mask patterns are 0...7")
        }
    }

    // Penalty weights from ISO/IEC 18004 (section 7.8.3).
    static let runPenalty = 3  // N1, for a run of five, plus one per module longer
    static let blockPenalty = 3  // N2, per 2×2 block of one colour
    static let finderLikePenalty = 40  // N3
    static let balancePenalty = 10  // N4, per 5 % away from half dark

    /// The total penalty of a finished (masked, format-drawn) grid.
    static func penalty(of grid: ModuleGrid) -> Int {
        let size = grid.size
        var total = 0
        // Rules 1 and 3 look along lines; rows and columns are scored the same way.
        // One reused buffer: this runs eight times per symbol on up to 177 × 177 modules.
        var line = [Bool](repeating: false, count: size)
        for index in 0..<size {
            for position in 0..<size { line[position] = grid[position, index] }
            total += runPenalty(of: line) + finderLikePenalty(of: line)
            for position in 0..<size { line[position] = grid[index, position] }
            total += runPenalty(of: line) + finderLikePenalty(of: line)
        }
        // Rule 2: every 2×2 square of one colour (overlapping squares each count).
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = grid[x, y]
                if grid[x + 1, y] == colour, grid[x, y + 1] == colour, grid[x + 1, y + 1] == colour {
                    total += blockPenalty
                }
            }
        }
        // Rule 4: distance of the dark share from 50 %, in whole steps of 5 %.
        let darkCount = grid.dark.lazy.filter { $0 }.count
        let percentAwayFromHalf = abs(darkCount * 100 / (size * size) - 50)
        total += percentAwayFromHalf / 5 * balancePenalty
        return total
    }

    /// Rule 1: each run of five or more same-coloured modules scores 3, plus 1 per extra module.
    static func runPenalty(of line: [Bool]) -> Int {
        var score = 0
        var runLength = 0
        var previous: Bool?
        for module in line {
            if module == previous {
                runLength += 1
            } else {
                if runLength >= 5 { score += runPenalty + runLength - 5 }
                runLength = 1
                previous = module
            }
        }
        if runLength >= 5 { score += runPenalty + runLength - 5 }
        return score
    }

    /// dark-light-dark-dark-dark-light-dark then four light modules, as 11 bits (first module
    /// most significant): the 1:1:3:1:1 ratio of a finder, which readers search for.
    private static let finderLikeBits = 0b101_1101_0000
    /// The same, mirrored: four light modules first.
    private static let finderLikeBitsMirrored = 0b000_0101_1101

    /// Rule 3: each occurrence of the finder-like sequence (either direction) scores 40.
    static func finderLikePenalty(of line: [Bool]) -> Int {
        var score = 0
        var window = 0  // the last 11 modules, newest in the lowest bit
        for (position, module) in line.enumerated() {
            window = (window << 1 | (module ? 1 : 0)) & 0b111_1111_1111
            guard position >= 10 else { continue }
            if window == finderLikeBits || window == finderLikeBitsMirrored { score += finderLikePenalty }
        }
        return score
    }
}

extension ModuleGrid {
    /// Flips every data module that mask `pattern` selects; applying it twice undoes it.
    mutating func applyMask(_ pattern: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunctionModule(x: x, y: y) && Masking.flips(pattern: pattern, x: x, y: y) {
                flip(x: x, y: y)
            }
        }
    }
}
