/// A symbol as packed rows and packed columns, for scoring masks (see `LineBits`, `Penalty`).
struct PackedSymbol: Sendable {
    let size: Int
    var rows: [LineBits]
    var columns: [LineBits]

    /// Packs the dark modules of a grid, or its function-module map when `functionMap` is true.
    init(_ grid: ModuleGrid, functionMap: Bool = false) {
        size = grid.size
        rows = [LineBits](repeating: .zero, count: size)
        columns = [LineBits](repeating: .zero, count: size)
        for y in 0..<size {
            for x in 0..<size {
                let index = y * size + x
                let on = functionMap ? grid.isFunction[index] : grid.modules[index] != 0
                if on {
                    rows[y].set(x)
                    columns[x].set(y)
                }
            }
        }
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
