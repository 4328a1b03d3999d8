/// The eight data masks (ISO/IEC 18004 §7.8.2). XORing data with a regular pattern breaks up large light or
/// dark areas and accidental finder look-alikes that would confuse a reader. Function modules are never
/// masked.
enum Masking {
    /// Whether mask `mask` flips the module in row `row` and column `column`.
    static func flips(_ mask: Int, row: Int, column: Int) -> Bool {
        switch mask {
        case 0: return (row + column) % 2 == 0
        case 1: return row % 2 == 0
        case 2: return column % 3 == 0
        case 3: return (row + column) % 3 == 0
        case 4: return (row / 2 + column / 3) % 2 == 0
        case 5: return (row * column) % 2 + (row * column) % 3 == 0
        case 6: return ((row * column) % 2 + (row * column) % 3) % 2 == 0
        default: return ((row + column) % 2 + (row * column) % 3) % 2 == 0
        }
    }
}

extension ModuleGrid {
    /// Writes the format information for the level and mask, and the version information.
    mutating func drawInformation(version: Int, level: QRErrorCorrection, mask: Int) {
        drawFormatBits(FormatInformation.formatBits(level: level, mask: mask))
        if version >= 7 { drawVersionBits(version) }
    }
}
