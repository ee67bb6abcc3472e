/// A growing sequence of bits, most significant bit first, as the QR data stream is defined.
struct BitBuffer: Sendable, Equatable {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    /// Appends the low `length` bits of `value`, most significant first.
    mutating func append(_ value: Int, length: Int) {
        precondition(length >= 0 && length <= 31 && value >> length == 0, "value does not fit in \(length) bits")
        for shift in stride(from: length - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    mutating func append(contentsOf other: BitBuffer) {
        bits.append(contentsOf: other.bits)
    }

    /// The bits packed into bytes; the last byte is padded with zero bits.
    var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (index, bit) in bits.enumerated() where bit {
            result[index / 8] |= 0x80 >> UInt8(index % 8)
        }
        return result
    }
}
