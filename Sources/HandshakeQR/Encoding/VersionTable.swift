/// Capacities and block structure of the 40 QR versions, from ISO/IEC 18004 (tables 9 and 11, and the
/// formula behind table 1 for the number of data modules).
enum VersionTable {
    /// The smallest and largest version numbers.
    static let versions = 1...40

    /// Error-correction codewords per block, indexed by [level][version].
    /// Index 0 is unused so a version number can index directly.
    private static let eccPerBlock: [[Int]] = [
        // L
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        // M
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        // Q
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        // H
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Number of error-correction blocks, indexed by [level][version].
    private static let blockCount: [[Int]] = [
        // L
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        // M
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        // Q
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        // H
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// The width and height of a symbol of `version`, in modules.
    static func size(of version: Int) -> Int { 17 + 4 * version }

    /// Modules left for codewords once every function pattern and the format/version areas are drawn.
    /// Closed form of the standard's table: the full square, minus finders+separators+format (192+33),
    /// timing, alignment patterns (and their overlap with timing) and, from version 7, version information.
    static func rawDataModules(_ version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignmentCount = version / 7 + 2
            modules -= (25 * alignmentCount - 10) * alignmentCount - 55
            if version >= 7 { modules -= 36 }
        }
        return modules
    }

    /// All codewords (data and error correction) of a symbol. Leftover modules are the "remainder bits".
    static func totalCodewords(_ version: Int) -> Int { rawDataModules(version) / 8 }

    static func eccCodewordsPerBlock(_ version: Int, _ level: QRErrorCorrection) -> Int {
        eccPerBlock[level.rawValue][version]
    }

    static func blocks(_ version: Int, _ level: QRErrorCorrection) -> Int {
        blockCount[level.rawValue][version]
    }

    /// Data codewords a symbol holds at a level: what is left after error correction.
    static func dataCodewords(_ version: Int, _ level: QRErrorCorrection) -> Int {
        totalCodewords(version) - eccCodewordsPerBlock(version, level) * blocks(version, level)
    }

    /// Data capacity in bits: the budget segments (headers included) must fit in.
    static func dataBits(_ version: Int, _ level: QRErrorCorrection) -> Int {
        dataCodewords(version, level) * 8
    }

    /// Centre coordinates of alignment patterns along one axis (the same list serves rows and columns).
    /// The standard's table (annex E) is regular: the first is at 6, the last 7 from the far edge, and the
    /// rest evenly spaced by an even step; version 32 is the one exception, whose step rounds differently.
    static func alignmentPositions(_ version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let size = size(of: version)
        let step = version == 32 ? 26 : (size - 13 + count * 2 - 3) / (count * 2 - 2) * 2
        var positions = [6]
        var position = size - 7
        var rest: [Int] = []
        for _ in 1..<count {
            rest.append(position)
            position -= step
        }
        positions.append(contentsOf: rest.reversed())
        return positions
    }
}
