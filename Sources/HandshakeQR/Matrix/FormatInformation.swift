/// Format and version information: small BCH-protected words that tell a reader how to decode the rest
/// (ISO/IEC 18004 §7.9 and §7.10). Readers find them before anything else, so each is written twice.
enum FormatInformation {
    /// Remainder of `value`·x^`degree` divided by `generator` (degree `degree`), over GF(2).
    private static func bchRemainder(_ value: UInt32, generator: UInt32, degree: Int) -> UInt32 {
        var remainder = value << UInt32(degree)
        for bit in stride(from: 31, through: degree, by: -1) where remainder & (1 << UInt32(bit)) != 0 {
            remainder ^= generator << UInt32(bit - degree)
        }
        return remainder
    }

    /// The 15-bit format word for a level and mask: 5 data bits, 10 BCH(15,5) bits, XORed with 0x5412 so
    /// the word is never all zeros.
    static func formatBits(level: QRErrorCorrection, mask: Int) -> UInt32 {
        let data = level.formatBits << 3 | UInt32(mask)
        return (data << 10 | bchRemainder(data, generator: 0x537, degree: 10)) ^ 0x5412
    }

    /// The 18-bit version word (versions 7 and up): 6 data bits and 12 BCH(18,6) bits.
    static func versionBits(_ version: Int) -> UInt32 {
        let data = UInt32(version)
        return data << 12 | bchRemainder(data, generator: 0x1F25, degree: 12)
    }
}

extension ModuleGrid {
    /// Writes both copies of the format word (bit 0 is the least significant), plus the always-dark module.
    mutating func drawFormatBits(_ bits: UInt32) {
        func bit(_ i: Int) -> Bool { (bits >> UInt32(i)) & 1 != 0 }
        // Around the top-left finder: up column 8, then along row 8 leftwards, skipping the timing pattern.
        for i in 0...5 { setFunction(x: 8, y: i, dark: bit(i)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for i in 9...14 { setFunction(x: 14 - i, y: 8, dark: bit(i)) }
        // Split between the other two finders.
        for i in 0...7 { setFunction(x: size - 1 - i, y: 8, dark: bit(i)) }
        for i in 8...14 { setFunction(x: 8, y: size - 15 + i, dark: bit(i)) }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// Writes both 6×3 copies of the version word, beside the top-right and bottom-left finders.
    mutating func drawVersionBits(_ version: Int) {
        let bits = FormatInformation.versionBits(version)
        for i in 0..<18 {
            let dark = (bits >> UInt32(i)) & 1 != 0
            let a = size - 11 + i % 3, b = i / 3
            setFunction(x: a, y: b, dark: dark)
            setFunction(x: b, y: a, dark: dark)
        }
    }
}
