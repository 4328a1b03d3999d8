/// The standard's penalty score for a masked symbol (ISO/IEC 18004 §7.8.3); the mask with the lowest score
/// is used. Lower is better: fewer long runs, fewer 2×2 blocks, fewer finder look-alikes, balanced colour.
///
/// The finder look-alike rule is ambiguous in the standard about overlapping matches and the edge of the
/// symbol. We follow segno's reading (pattern 1011101 counts once when four light modules, or the edge, lie
/// on either side; the search resumes after the match, or four modules on when it fails) so that automatic
/// mask choices agree with that widely used encoder, which the tests check.
///
/// Works on packed lines (`LineBits`): bit-parallel rules are many times faster than a per-module scan,
/// whose data-dependent branches mispredict on every other module of near-random masked data.
enum Penalty {
    static func score(_ symbol: PackedSymbol) -> Int {
        let size = symbol.size
        var score = 0
        var dark = 0
        let adjacent = LineBits.ones(size - 1)  // pairs (i, i+1) inside the line
        for line in symbol.rows { score += lineScore(line, adjacentMask: adjacent) }
        for line in symbol.columns { score += lineScore(line, adjacentMask: adjacent) }

        // Rule 2: each 2×2 square of one colour scores 3, overlaps counted.
        var blocks = 0
        for y in 0..<size {
            let row = symbol.rows[y]
            dark += row.nonzeroBitCount
            guard y > 0 else { continue }
            let vertical = ~(row ^ symbol.rows[y - 1])      // column x same colour in both rows
            let horizontal = ~(row ^ (row >> 1))            // modules x and x+1 same colour in this row
            blocks += (vertical & (vertical >> 1) & horizontal & adjacent).nonzeroBitCount
        }
        score += blocks * 3

        // Rule 4: 10 points per full 5 % that the dark share strays from 50 %.
        let total = size * size
        score += abs(dark * 20 - total * 10) / total * 10
        return score
    }

    /// Rules 1 and 3 for one line.
    @inline(__always)
    private static func lineScore(_ line: LineBits, adjacentMask: LineBits) -> Int {
        // Rule 1: a run of n ≥ 5 same-coloured modules scores n − 2. Bit i of `five` says modules i…i+4
        // agree; a run of n sets n − 4 such bits, and the first of them marks the run itself: n − 2 in all.
        let same = ~(line ^ (line >> 1)) & adjacentMask
        let five = same & (same >> 1) & (same >> 2) & (same >> 3)
        let runStarts = five & ~(five << 1)
        var score = five.nonzeroBitCount + 2 * runStarts.nonzeroBitCount

        // Rule 3: 1011101 starting at bit i.
        let matches = line & ~(line >> 1) & (line >> 2) & (line >> 3) & (line >> 4) & ~(line >> 5) & (line >> 6)
        guard !matches.isZero else { return score }
        let light = ~line
        // Shifting towards the end brings in zeros at the start; positions before the line are light, so
        // those bits are set again.
        let lightBefore = ((light << 1) | .ones(1)) & ((light << 2) | .ones(2)) & ((light << 3) | .ones(3))
            & ((light << 4) | .ones(4))
        let lightAfter = (light >> 7) & (light >> 8) & (light >> 9) & (light >> 10)
        let counted = matches & (lightBefore | lightAfter)
        var nextAllowed = 0
        matches.forEachSetBit { start in
            guard start >= nextAllowed else { return }
            if counted.get(start) {
                score += 40
                nextAllowed = start + 7
            } else {
                nextAllowed = start + 4
            }
        }
        return score
    }
}
