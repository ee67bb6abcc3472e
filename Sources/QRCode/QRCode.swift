/// A QR Code Model 2 encoder (ISO/IEC 18004), written for the wallet checkout, which shows the
/// payment code as a QR code drawn in the terminal.
///
/// Supported: numeric, alphanumeric and byte (UTF-8) modes, the most compact one chosen for the
/// whole text; versions 1-40, the smallest that fits chosen automatically; error-correction
/// levels L, M, Q and H; Reed-Solomon parity with block interleaving; all function patterns,
/// format and version information; all eight masks, scored with the four penalty rules.
/// Output is the module matrix plus two renderers (`halfBlockLines` for terminals, `pbm` for
/// image-based decoders), which add the quiet zone.
///
/// Not supported: mixed-mode segments, kanji mode, ECI headers, structured append, Micro QR.
/// Byte mode carries no ECI header saying "UTF-8": readers have to recognise UTF-8 themselves,
/// which zbar does (the tests decode CJK text), as do the common phone readers.
///
/// Why our own: no Swift QR package is available on the build machines, and libqrencode would be
/// a system dependency (a system-library target, a package on every machine and in CI) for what
/// is a few hundred lines of self-contained, testable Swift.
public struct QRCode: Sendable, Hashable {
    /// The symbol version, 1...40.
    public let version: Int
    /// Modules per side, without quiet zone: 17 + 4 × version.
    public let size: Int
    /// The error-correction level the symbol was encoded at.
    public let correction: QRErrorCorrection
    /// The data mask (0...7) that scored the lowest penalty.
    public let mask: Int
    /// Row-major, `true` for dark.
    private let modules: [Bool]

    /// Whether the module at column `x`, row `y` is dark. Coordinates outside the symbol are
    /// light, as the quiet zone around it is.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// Encodes `text` in the smallest version that holds it at `correction`.
    public static func encode(
        _ text: String,
        correction: QRErrorCorrection = .medium
    ) throws(QREncodingError) -> QRCode {
        try encode(text, correction: correction, minimumVersion: 1)
    }

    /// Encodes `text` in the smallest version, no smaller than `minimumVersion`, that holds it.
    /// A fixed minimum keeps a screen's layout steady while the text's length varies.
    public static func encode(
        _ text: String,
        correction: QRErrorCorrection = .medium,
        minimumVersion: Int
    ) throws(QREncodingError) -> QRCode {
        guard SymbolVersion.range.contains(minimumVersion) else { throw .invalidVersion(minimumVersion) }
        let segment = Segment(text: text)
        for number in minimumVersion...SymbolVersion.range.upperBound {
            let version = SymbolVersion(number)
            let capacity = version.dataCodewordCount(correction) * 8
            if let needed = segment.bitLength(version: number), needed <= capacity {
                return QRCode(segment: segment, version: version, correction: correction)
            }
        }
        let largest = SymbolVersion(SymbolVersion.range.upperBound)
        let needed = 4 + segment.mode.characterCountBits(version: largest.number) + segment.payload.count
        throw .dataTooLong(
            bitCount: needed,
            capacityBits: largest.dataCodewordCount(correction) * 8,
            correction: correction
        )
    }

    /// Builds the symbol for a segment known to fit `version`; `forcedMask` skips the penalty
    /// search (tests use it to compare with published examples).
    init(segment: Segment, version: SymbolVersion, correction: QRErrorCorrection, forcedMask: Int? = nil) {
        let data = Self.dataCodewords(segment: segment, version: version, correction: correction)
        let codewords = version.blockStructure(correction).interleave(data: data)
        var unmasked = ModuleGrid(functionPatternsFor: version)
        unmasked.placeCodewords(codewords)

        var best: (grid: ModuleGrid, mask: Int, penalty: Int)?
        for mask in forcedMask.map({ [$0] }) ?? Array(0..<8) {
            var candidate = unmasked
            candidate.applyMask(mask)
            candidate.drawFormatBits(FormatInfo.formatBits(correction: correction, mask: mask))
            let penalty = forcedMask == nil ? Masking.penalty(of: candidate) : 0
            if best == nil || penalty < best!.penalty { best = (candidate, mask, penalty) }
        }
        self.version = version.number
        self.size = version.size
        self.correction = correction
        self.mask = best!.mask
        self.modules = best!.grid.dark
    }

    /// The data codewords before error correction: mode, count and payload, then a terminator
    /// of up to four zero bits, zero bits to the byte boundary, and the alternating pad bytes
    /// 0xEC 0x11 to fill the capacity.
    static func dataCodewords(segment: Segment, version: SymbolVersion, correction: QRErrorCorrection) -> [UInt8] {
        let capacityBits = version.dataCodewordCount(correction) * 8
        var buffer = segment.bits(version: version.number)
        precondition(buffer.count <= capacityBits)
        buffer.append(0, length: min(4, capacityBits - buffer.count))
        buffer.append(0, length: (8 - buffer.count % 8) % 8)
        var bytes = buffer.bytes
        let padBytes: [UInt8] = [0xEC, 0x11]
        while bytes.count < capacityBits / 8 {
            bytes.append(padBytes[(bytes.count - buffer.count / 8) % 2])
        }
        return bytes
    }
}
