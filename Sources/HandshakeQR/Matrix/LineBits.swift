/// One row or column of a symbol packed into bits: bit i is module i (1 dark), at most 192 modules, which
/// covers version 40's 177. Bits past the line's end are always zero, so they read as light, exactly like
/// the quiet zone, which is what the penalty rules want at the edges.
///
/// Scoring eight masks one module at a time was most of the encoder's running time; on packed lines each
/// penalty rule is a handful of shifts, ANDs and population counts per 64 modules.
struct LineBits: Sendable, Hashable {
    var low: UInt64 = 0, middle: UInt64 = 0, high: UInt64 = 0

    static let zero = LineBits()

    /// The first `count` bits set.
    static func ones(_ count: Int) -> LineBits {
        func word(_ n: Int) -> UInt64 { n >= 64 ? ~0 : (n <= 0 ? 0 : (1 << UInt64(n)) - 1) }
        return LineBits(low: word(count), middle: word(count - 64), high: word(count - 128))
    }

    @inline(__always)
    mutating func set(_ index: Int) {
        let bit = UInt64(1) << UInt64(index & 63)
        switch index >> 6 {
        case 0: low |= bit
        case 1: middle |= bit
        default: high |= bit
        }
    }

    @inline(__always)
    func get(_ index: Int) -> Bool {
        let word = index >> 6 == 0 ? low : (index >> 6 == 1 ? middle : high)
        return (word >> UInt64(index & 63)) & 1 != 0
    }

    var nonzeroBitCount: Int { low.nonzeroBitCount + middle.nonzeroBitCount + high.nonzeroBitCount }
    var isZero: Bool { low | middle | high == 0 }

    /// Bit i of the result is bit i + k of `self` (k in 1...63): "the module k places further on".
    @inline(__always)
    static func >> (value: LineBits, k: Int) -> LineBits {
        let s = UInt64(k), t = UInt64(64 - k)
        return LineBits(low: value.low >> s | value.middle << t,
                        middle: value.middle >> s | value.high << t,
                        high: value.high >> s)
    }

    /// Bit i of the result is bit i − k of `self` (k in 1...63), zero below k: "the module k places back".
    @inline(__always)
    static func << (value: LineBits, k: Int) -> LineBits {
        let s = UInt64(k), t = UInt64(64 - k)
        return LineBits(low: value.low << s,
                        middle: value.middle << s | value.low >> t,
                        high: value.high << s | value.middle >> t)
    }

    @inline(__always)
    static func & (a: LineBits, b: LineBits) -> LineBits {
        LineBits(low: a.low & b.low, middle: a.middle & b.middle, high: a.high & b.high)
    }

    @inline(__always)
    static func | (a: LineBits, b: LineBits) -> LineBits {
        LineBits(low: a.low | b.low, middle: a.middle | b.middle, high: a.high | b.high)
    }

    @inline(__always)
    static func ^ (a: LineBits, b: LineBits) -> LineBits {
        LineBits(low: a.low ^ b.low, middle: a.middle ^ b.middle, high: a.high ^ b.high)
    }

    @inline(__always)
    static prefix func ~ (a: LineBits) -> LineBits {
        LineBits(low: ~a.low, middle: ~a.middle, high: ~a.high)
    }

    /// Indices of the set bits, lowest first.
    func forEachSetBit(_ body: (Int) -> Void) {
        for (offset, var word) in [(0, low), (64, middle), (128, high)] {
            while word != 0 {
                body(offset + word.trailingZeroBitCount)
                word &= word - 1
            }
        }
    }
}
