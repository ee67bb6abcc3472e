/// Plain-text renderings of a symbol. Both add the quiet zone, the light margin readers need to
/// find the symbol's edge (the standard asks for 4 modules; screens often get away with 2).
extension QRCode {
    /// The symbol as terminal text, two module rows per line, using `▀` (upper half), `▄` (lower
    /// half), `█` (both) and space (neither).
    ///
    /// The block characters are drawn in the terminal's foreground colour and spaces show its
    /// background. By default (`invert: false`) the blocks are the **dark** modules, which is
    /// right for dark text on a light background. On the usual light-on-dark terminal pass
    /// `invert: true`: the blocks are then the **light** modules and the quiet zone, and the dark
    /// modules are the terminal's dark background, so the code still reads dark-on-light.
    ///
    /// There are `(size + 2 × quietZone + 1) / 2` lines of `size + 2 × quietZone` characters.
    /// When the module rows are odd in number, the last line's lower half lies outside the image
    /// and is never drawn, inverted or not.
    public func halfBlockLines(quietZone: Int = 2, invert: Bool = false) -> [String] {
        precondition(quietZone >= 0, "the quiet zone cannot be negative")
        let width = size + 2 * quietZone
        // Is the module at image row `row` drawn with a block? Rows past the image never are.
        func ink(x: Int, row: Int) -> Bool {
            guard row < width else { return false }
            return self[x - quietZone, row - quietZone] != invert
        }
        return stride(from: 0, to: width, by: 2).map { top in
            String((0..<width).map { x -> Character in
                switch (ink(x: x, row: top), ink(x: x, row: top + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }

    /// The symbol as a plain PBM ("P1") image: 1 is black (a dark module), 0 white, each module
    /// `scale` pixels square, with a `quietZone`-module white margin. For image-based decoders
    /// such as zbarimg; lines are kept within the format's 70-character limit.
    public func pbm(scale: Int = 4, quietZone: Int = 4) -> String {
        precondition(scale >= 1 && quietZone >= 0)
        let pixels = (size + 2 * quietZone) * scale
        var text = "P1\n# QR code version \(version), \(size)x\(size) modules\n\(pixels) \(pixels)\n"
        text.reserveCapacity(text.utf8.count + pixels * (pixels + pixels / 70 + 1))
        for pixelY in 0..<pixels {
            let row = (0..<pixels).map { pixelX -> Character in
                self[pixelX / scale - quietZone, pixelY / scale - quietZone] ? "1" : "0"
            }
            var start = 0
            while start < row.count {
                let end = min(start + 70, row.count)
                text += String(row[start..<end])
                text += "\n"
                start = end
            }
        }
        return text
    }
}
