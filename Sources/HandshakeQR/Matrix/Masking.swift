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

    /// Every mask repeats with a period dividing 12 rows and 6 columns (the moduli are 2 and 3, and mask 4
    /// uses row / 2 and column / 3), so one 12 × 6 tile per mask, computed once, replaces a modulo-heavy
    /// formula per module when masks are applied eight times per symbol.
    static let tiles: [[UInt8]] = (0...7).map { mask in
        var tile = [UInt8](repeating: 0, count: 72)
        for row in 0..<12 {
            for column in 0..<6 { tile[row * 6 + column] = flips(mask, row: row, column: column) ? 1 : 0 }
        }
        return tile
    }
}

extension ModuleGrid {
    /// XORs the data area with mask `mask`.
    mutating func applyMask(_ mask: Int) {
        let size = size
        Masking.tiles[mask].withUnsafeBufferPointer { tile in
            isFunction.withUnsafeBufferPointer { function in
                modules.withUnsafeMutableBufferPointer { m in
                    var tileRow = 0
                    for y in 0..<size {
                        var tileColumn = 0
                        for x in 0..<size {
                            let index = y * size + x
                            // Function modules are never masked: multiply the flip by 0 there.
                            let flip = tile[tileRow * 6 + tileColumn] & (function[index] ? 0 : 1)
                            m[index] ^= flip
                            tileColumn = tileColumn == 5 ? 0 : tileColumn + 1
                        }
                        tileRow = tileRow == 11 ? 0 : tileRow + 1
                    }
                }
            }
        }
    }

    /// Writes the format information for the level and mask, and the version information.
    mutating func drawInformation(version: Int, level: QRErrorCorrection, mask: Int) {
        drawFormatBits(FormatInformation.formatBits(level: level, mask: mask))
        if version >= 7 { drawVersionBits(version) }
    }
}
