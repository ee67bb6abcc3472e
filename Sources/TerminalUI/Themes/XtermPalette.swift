/// The 256-colour palette as xterm defines it by default, so that a theme written for 256
/// colours can be shown in truecolor with the colours its author saw.
///
/// Indices 0-7 stay the terminal's own (see `RoleLook.inTruecolor`); the rest is computed:
/// 8-15 the bright colours, 16-231 a 6x6x6 cube, 232-255 a grey ramp.
enum XtermPalette {
    /// The colour at `index` (0-255) as 0xRRGGBB.
    static func rgb(_ index: Int) -> UInt32 {
        switch index {
        case 0..<16:
            return basic[index]
        case 16..<232:
            let cube = index - 16
            let levels: [UInt32] = [0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]
            return levels[cube / 36] << 16 | levels[cube / 6 % 6] << 8 | levels[cube % 6]
        case 232..<256:
            let grey = UInt32(8 + 10 * (index - 232))
            return grey << 16 | grey << 8 | grey
        default:
            return 0xFFFFFF
        }
    }

    private static let basic: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
}
