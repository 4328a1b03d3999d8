/// The standard's penalty score for a masked symbol (ISO/IEC 18004 §7.8.3); the mask with the lowest score
/// is used. Lower is better: fewer long runs, fewer 2×2 blocks, fewer finder look-alikes, balanced colour.
///
/// The finder look-alike rule is ambiguous in the standard about overlapping matches and the edge of the
/// symbol. We follow segno's reading (pattern 1011101 counts once when four light modules, or the edge, lie
/// on either side; the search resumes after the match, or four modules on when it fails) so that automatic
/// mask choices agree with that widely used encoder, which the tests check.
enum Penalty {
    static func score(_ modules: [UInt8], size: Int) -> Int {
        // Columns are scanned as rows of the transposed square, so both directions share one loop.
        var transposed = [UInt8](repeating: 0, count: size * size)
        var dark = 0
        var blocks = 0
        modules.withUnsafeBufferPointer { m in
            transposed.withUnsafeMutableBufferPointer { t in
                for y in 0..<size {
                    for x in 0..<size {
                        let v = m[y * size + x]
                        t[x * size + y] = v
                        dark &+= Int(v)
                    }
                }
                // Rule 2: every 2×2 square of one colour, overlaps counted.
                for y in 1..<size {
                    for x in 1..<size {
                        let v = m[y * size + x]
                        if v == m[y * size + x - 1] && v == m[(y - 1) * size + x] && v == m[(y - 1) * size + x - 1] {
                            blocks += 1
                        }
                    }
                }
            }
        }
        var lines = 0
        modules.withUnsafeBufferPointer { lines += lineScore($0, size: size) }
        transposed.withUnsafeBufferPointer { lines += lineScore($0, size: size) }

        // Rule 4: 10 points per full 5 % that the dark share strays from 50 %.
        let total = size * size
        let balance = abs(dark * 20 - total * 10) / total * 10
        return lines + blocks * 3 + balance
    }

    /// Rules 1 and 3 over every row of `m`.
    private static func lineScore(_ m: UnsafeBufferPointer<UInt8>, size: Int) -> Int {
        var score = 0
        for y in 0..<size {
            let row = y * size
            // Rule 1: a run of n ≥ 5 same-coloured modules scores n − 2.
            var run = 1
            for x in 1..<size {
                if m[row + x] == m[row + x - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { score += run - 2 }

            // Rule 3: dark-light-dark-dark-dark-light-dark with four light modules (or the edge) beside it.
            var window: UInt32 = 0
            var nextAllowed = 0
            for x in 0..<size {
                window = (window << 1 | UInt32(m[row + x])) & 0x7F
                let start = x - 6
                guard window == 0b101_1101, start >= nextAllowed else { continue }
                if isLight(m, row: row, from: start - 4, to: start, size: size)
                    || isLight(m, row: row, from: start + 7, to: start + 11, size: size) {
                    score += 40
                    nextAllowed = start + 7
                } else {
                    nextAllowed = start + 4
                }
            }
        }
        return score
    }

    /// Whether modules `from..<to` of a row are all light; positions outside the symbol count as light.
    @inline(__always)
    private static func isLight(_ m: UnsafeBufferPointer<UInt8>, row: Int, from: Int, to: Int, size: Int) -> Bool {
        var x = max(from, 0)
        let end = min(to, size)
        while x < end {
            if m[row + x] != 0 { return false }
            x += 1
        }
        return true
    }
}
