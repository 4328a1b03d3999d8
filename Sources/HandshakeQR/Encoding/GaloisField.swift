/// Arithmetic in GF(2⁸) with the QR code's field polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D).
///
/// Multiplication goes through log/antilog tables built once: Reed–Solomon encoding multiplies in its
/// innermost loop, and two table reads beat a bitwise shift-and-add multiply by a wide margin.
enum GaloisField {
    /// `exp[i]` = αⁱ for i in 0..<255, repeated once more so `exp[log a + log b]` needs no modulo.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var value = 1
        for i in 0..<255 {
            table[i] = UInt8(value)
            table[i + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        table[510] = table[0]
        table[511] = table[1]
        return table
    }()

    /// `log[a]` for a in 1...255; `log[0]` is unused (zero has no logarithm).
    static let log: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exp[i])] = UInt8(i) }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exp[Int(log[Int(a)]) + Int(log[Int(b)])]
    }
}
