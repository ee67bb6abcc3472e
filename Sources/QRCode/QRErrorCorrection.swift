/// How much of the symbol may be damaged and still decode. Higher levels spend more codewords on
/// Reed-Solomon parity, so the same text needs a larger version.
public enum QRErrorCorrection: Sendable, Hashable, CaseIterable {
    /// About 7 % of the codewords can be restored.
    case low
    /// About 15 % of the codewords can be restored. The usual choice for screens.
    case medium
    /// About 25 % of the codewords can be restored.
    case quartile
    /// About 30 % of the codewords can be restored.
    case high

    /// The two bits the format information uses for this level. They are not in the order of
    /// strength (L=01, M=00, Q=11, H=10): that is how ISO/IEC 18004 assigns them.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// Row index into the per-level tables of `SymbolVersion`.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}

/// Why a text could not become a QR code.
public enum QREncodingError: Error, Sendable, Equatable {
    /// The text needs `bitCount` data bits, more than the largest symbol (version 40) holds at
    /// that correction level (`capacityBits`).
    case dataTooLong(bitCount: Int, capacityBits: Int, correction: QRErrorCorrection)
    /// A version outside 1...40 was asked for.
    case invalidVersion(Int)
}
