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

    /// The 0/1 pattern of a mask over a whole `size`×`size` square, with zeros on function modules, so
    /// applying a mask is one XOR per module. Built per mask on demand; all eight are needed only when the
    /// encoder chooses the mask itself.
    static func pattern(_ mask: Int, grid: ModuleGrid) -> [UInt8] {
        let size = grid.size
        var pattern = [UInt8](repeating: 0, count: size * size)
        for row in 0..<size {
            for column in 0..<size where !grid.isFunction[row * size + column] {
                pattern[row * size + column] = flips(mask, row: row, column: column) ? 1 : 0
            }
        }
        return pattern
    }
}

extension ModuleGrid {
    /// XORs the data area with mask `mask`.
    mutating func applyMask(_ mask: Int) {
        let pattern = Masking.pattern(mask, grid: self)
        for index in modules.indices { modules[index] ^= pattern[index] }
    }

    /// Writes the format information for the level and mask, and the version information.
    mutating func drawInformation(version: Int, level: QRErrorCorrection, mask: Int) {
        drawFormatBits(FormatInformation.formatBits(level: level, mask: mask))
        if version >= 7 { drawVersionBits(version) }
    }
}
