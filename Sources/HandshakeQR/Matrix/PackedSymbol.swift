/// A symbol as packed rows and packed columns, for scoring masks (see `LineBits`, `Penalty`).
struct PackedSymbol: Sendable {
    let size: Int
    var rows: [LineBits]
    var columns: [LineBits]

    /// Packs the dark modules of a grid, or its function-module map when `functionMap` is true.
    init(_ grid: ModuleGrid, functionMap: Bool = false) {
        size = grid.size
        let size = size
        // Words are gathered in flat arrays first: the shifts are branch-free and need no per-bit dispatch
        // on which of the three words a module falls in.
        var rowWords = [UInt64](repeating: 0, count: size * 3)
        var columnWords = [UInt64](repeating: 0, count: size * 3)
        let values: [UInt8] = functionMap ? grid.isFunction.map { $0 ? 1 : 0 } : grid.modules
        values.withUnsafeBufferPointer { m in
            rowWords.withUnsafeMutableBufferPointer { r in
                columnWords.withUnsafeMutableBufferPointer { c in
                    for y in 0..<size {
                        let yWord = y >> 6, yShift = UInt64(y & 63)
                        for x in 0..<size {
                            let bit = UInt64(m[y * size + x])
                            r[y * 3 + x >> 6] |= bit << UInt64(x & 63)
                            c[x * 3 + yWord] |= bit << yShift
                        }
                    }
                }
            }
        }
        rows = (0..<size).map { LineBits(low: rowWords[$0 * 3], middle: rowWords[$0 * 3 + 1], high: rowWords[$0 * 3 + 2]) }
        columns = (0..<size).map {
            LineBits(low: columnWords[$0 * 3], middle: columnWords[$0 * 3 + 1], high: columnWords[$0 * 3 + 2])
        }
    }

    /// Row-major modules, one byte each (1 dark), unpacked from the rows.
    var modules: [UInt8] {
        var result = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            let row = rows[y]
            for x in 0..<size {
                let word = x < 64 ? row.low : (x < 128 ? row.middle : row.high)
                result[y * size + x] = UInt8(truncatingIfNeeded: word >> UInt64(x & 63)) & 1
            }
        }
        return result
    }

    /// This symbol with mask `mask` applied outside the function modules given by `function`.
    func masked(_ mask: Int, function: PackedSymbol) -> PackedSymbol {
        var result = self
        let inside = LineBits.ones(size)
        let rowPatterns = Masking.packedRows[mask], columnPatterns = Masking.packedColumns[mask]
        for i in 0..<size {
            result.rows[i] = rows[i] ^ (rowPatterns[i % 12] & inside & ~function.rows[i])
            result.columns[i] = columns[i] ^ (columnPatterns[i % 6] & inside & ~function.columns[i])
        }
        return result
    }
}

extension Masking {
    /// Each mask's row patterns (row index mod 12) over 192 columns, packed.
    static let packedRows: [[LineBits]] = (0...7).map { mask in
        (0..<12).map { row in
            var bits = LineBits()
            for column in 0..<192 where flips(mask, row: row, column: column) { bits.set(column) }
            return bits
        }
    }

    /// Each mask's column patterns (column index mod 6) over 192 rows, packed.
    static let packedColumns: [[LineBits]] = (0...7).map { mask in
        (0..<6).map { column in
            var bits = LineBits()
            for row in 0..<192 where flips(mask, row: row, column: column) { bits.set(row) }
            return bits
        }
    }
}
