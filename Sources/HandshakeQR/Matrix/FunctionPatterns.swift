/// Drawing the fixed parts of a symbol: finder, separator, timing and alignment patterns, and reserving
/// the format and version areas so data placement steps around them (ISO/IEC 18004 §6.3).
extension ModuleGrid {
    /// A grid for `version` with every function pattern drawn and the information areas reserved.
    static func withFunctionPatterns(version: Int) -> ModuleGrid {
        var grid = ModuleGrid(size: VersionTable.size(of: version))
        let size = grid.size

        // Timing patterns first: finders and alignment patterns drawn afterwards overwrite their ends.
        for i in 0..<size {
            grid.setFunction(x: 6, y: i, dark: i % 2 == 0)
            grid.setFunction(x: i, y: 6, dark: i % 2 == 0)
        }

        grid.drawFinder(centerX: 3, centerY: 3)
        grid.drawFinder(centerX: size - 4, centerY: 3)
        grid.drawFinder(centerX: 3, centerY: size - 4)

        let positions = VersionTable.alignmentPositions(version)
        let last = positions.count - 1
        for (i, y) in positions.enumerated() {
            for (j, x) in positions.enumerated() {
                // The three corners taken by finder patterns get no alignment pattern.
                let overlapsFinder = (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)
                if !overlapsFinder { grid.drawAlignment(centerX: x, centerY: y) }
            }
        }

        // Reserve the information areas, light for now: their bits are written once the mask is chosen,
        // and the mask is scored without them (ISO/IEC 18004:2015 §7.8.3; segno reads it the same way).
        grid.drawFormatBits(0)
        grid.setFunction(x: 8, y: size - 8, dark: false)
        if version >= 7 {
            for i in 0..<18 {
                grid.setFunction(x: size - 11 + i % 3, y: i / 3, dark: false)
                grid.setFunction(x: i / 3, y: size - 11 + i % 3, dark: false)
            }
        }
        return grid
    }

    /// A 7×7 finder pattern plus its one-module light separator, clipped at the symbol's edge.
    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx, y = centerY + dy
                guard x >= 0, x < size, y >= 0, y < size else { continue }
                let ring = max(abs(dx), abs(dy))  // 0 centre … 3 outer dark ring, 4 separator
                setFunction(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5×5 alignment pattern: dark ring, light ring, dark centre.
    private mutating func drawAlignment(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x: centerX + dx, y: centerY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }
}
