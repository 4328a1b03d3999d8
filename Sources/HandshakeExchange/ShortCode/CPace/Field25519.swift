// Arithmetic in the field of integers modulo p = 2^255 - 19, the field Curve25519 is defined over, as much
// as the Elligator 2 map of CPace needs: add, subtract, multiply, invert, raise to a fixed power. It protects
// the password hashed into the map from timing: no branch and no memory access depends on a field
// element's value (exponents are public constants). It does not implement curve points; X25519 itself is
// swift-crypto's.

/// An element of GF(2^255 - 19): four 64-bit limbs, least significant first, holding any value below 2^256
/// that is congruent to the element (reduced to the canonical representative only when encoded or compared).
struct Field25519: Sendable {
    var limbs: (UInt64, UInt64, UInt64, UInt64)

    init(_ l0: UInt64, _ l1: UInt64 = 0, _ l2: UInt64 = 0, _ l3: UInt64 = 0) {
        limbs = (l0, l1, l2, l3)
    }

    static let zero = Field25519(0)
    static let one = Field25519(1)
    /// p = 2^255 - 19.
    static let p = Field25519(0xFFFF_FFFF_FFFF_FFED, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0x7FFF_FFFF_FFFF_FFFF)

    /// The element whose little-endian encoding is `bytes` (exactly 32), with bit 255 ignored, as RFC 7748's
    /// decodeUCoordinate does.
    init?(littleEndian bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for (index, byte) in bytes.enumerated() {
            words[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8))
        }
        words[3] &= 0x7FFF_FFFF_FFFF_FFFF
        self.init(words[0], words[1], words[2], words[3])
    }

    /// The canonical little-endian encoding (the value reduced below p), 32 bytes.
    var littleEndianBytes: [UInt8] {
        let reduced = canonical
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for word in [reduced.limbs.0, reduced.limbs.1, reduced.limbs.2, reduced.limbs.3] {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }

    // MARK: Carries

    @inline(__always)
    private static func add(_ a: UInt64, _ b: UInt64, _ carry: UInt64) -> (sum: UInt64, carry: UInt64) {
        let (s1, o1) = a.addingReportingOverflow(b)
        let (s2, o2) = s1.addingReportingOverflow(carry)
        return (s2, UInt64(o1 ? 1 : 0) &+ UInt64(o2 ? 1 : 0))
    }

    @inline(__always)
    private static func subtract(_ a: UInt64, _ b: UInt64, _ borrow: UInt64) -> (difference: UInt64, borrow: UInt64) {
        let (d1, o1) = a.subtractingReportingOverflow(b)
        let (d2, o2) = d1.subtractingReportingOverflow(borrow)
        return (d2, UInt64(o1 ? 1 : 0) &+ UInt64(o2 ? 1 : 0))
    }

    /// `value + small` where the 256-bit overflow is folded back as 38 (2^256 ≡ 38 mod p), twice, which is
    /// always enough for `small` below 2^63.
    private static func addSmall(_ value: (UInt64, UInt64, UInt64, UInt64), _ small: UInt64) -> Field25519 {
        var (r0, c) = add(value.0, small, 0)
        var r1: UInt64, r2: UInt64, r3: UInt64
        (r1, c) = add(value.1, 0, c)
        (r2, c) = add(value.2, 0, c)
        (r3, c) = add(value.3, 0, c)
        (r0, c) = add(r0, c &* 38, 0)
        (r1, c) = add(r1, 0, c)
        (r2, c) = add(r2, 0, c)
        (r3, c) = add(r3, 0, c)
        // Only reachable when the value was just below 2^256; r0 is then tiny, so this cannot overflow.
        r0 = r0 &+ c &* 38
        return Field25519(r0, r1, r2, r3)
    }

    // MARK: Operations

    static func + (a: Field25519, b: Field25519) -> Field25519 {
        var c: UInt64
        var r0: UInt64, r1: UInt64, r2: UInt64, r3: UInt64
        (r0, c) = add(a.limbs.0, b.limbs.0, 0)
        (r1, c) = add(a.limbs.1, b.limbs.1, c)
        (r2, c) = add(a.limbs.2, b.limbs.2, c)
        (r3, c) = add(a.limbs.3, b.limbs.3, c)
        return addSmall((r0, r1, r2, r3), c &* 38)
    }

    static func - (a: Field25519, b: Field25519) -> Field25519 {
        var borrow: UInt64
        var r0: UInt64, r1: UInt64, r2: UInt64, r3: UInt64
        (r0, borrow) = subtract(a.limbs.0, b.limbs.0, 0)
        (r1, borrow) = subtract(a.limbs.1, b.limbs.1, borrow)
        (r2, borrow) = subtract(a.limbs.2, b.limbs.2, borrow)
        (r3, borrow) = subtract(a.limbs.3, b.limbs.3, borrow)
        // A borrow means the result wrapped by 2^256 ≡ 38: take 38 off, and once more if that wraps again.
        (r0, borrow) = subtract(r0, borrow &* 38, 0)
        (r1, borrow) = subtract(r1, 0, borrow)
        (r2, borrow) = subtract(r2, 0, borrow)
        (r3, borrow) = subtract(r3, 0, borrow)
        r0 = r0 &- borrow &* 38
        return Field25519(r0, r1, r2, r3)
    }

    static prefix func - (a: Field25519) -> Field25519 { zero - a }

    /// acc + x·y + carry as (low word, high word); never overflows 128 bits.
    @inline(__always)
    private static func multiplyAdd(_ acc: UInt64, _ x: UInt64, _ y: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
        let (high, low) = x.multipliedFullWidth(by: y)
        let (sum, overflow) = add(acc, low, carry)
        return (sum, high &+ overflow)  // high ≤ 2^64 - 2 and the total fits in 128 bits, so this cannot wrap
    }

    static func * (a: Field25519, b: Field25519) -> Field25519 {
        let (a0, a1, a2, a3) = a.limbs
        let (b0, b1, b2, b3) = b.limbs
        var c: UInt64
        var t0: UInt64, t1: UInt64, t2: UInt64, t3: UInt64, t4: UInt64, t5: UInt64, t6: UInt64, t7: UInt64
        (t0, c) = multiplyAdd(0, a0, b0, 0)
        (t1, c) = multiplyAdd(0, a0, b1, c)
        (t2, c) = multiplyAdd(0, a0, b2, c)
        (t3, c) = multiplyAdd(0, a0, b3, c)
        t4 = c
        (t1, c) = multiplyAdd(t1, a1, b0, 0)
        (t2, c) = multiplyAdd(t2, a1, b1, c)
        (t3, c) = multiplyAdd(t3, a1, b2, c)
        (t4, c) = multiplyAdd(t4, a1, b3, c)
        t5 = c
        (t2, c) = multiplyAdd(t2, a2, b0, 0)
        (t3, c) = multiplyAdd(t3, a2, b1, c)
        (t4, c) = multiplyAdd(t4, a2, b2, c)
        (t5, c) = multiplyAdd(t5, a2, b3, c)
        t6 = c
        (t3, c) = multiplyAdd(t3, a3, b0, 0)
        (t4, c) = multiplyAdd(t4, a3, b1, c)
        (t5, c) = multiplyAdd(t5, a3, b2, c)
        (t6, c) = multiplyAdd(t6, a3, b3, c)
        t7 = c
        // Fold the high 256 bits down: 2^256 ≡ 38 (mod p).
        var r0: UInt64, r1: UInt64, r2: UInt64, r3: UInt64
        (r0, c) = multiplyAdd(t0, t4, 38, 0)
        (r1, c) = multiplyAdd(t1, t5, 38, c)
        (r2, c) = multiplyAdd(t2, t6, 38, c)
        (r3, c) = multiplyAdd(t3, t7, 38, c)
        return addSmall((r0, r1, r2, r3), c &* 38)
    }

    var squared: Field25519 { self * self }

    /// `self` raised to a public exponent given as 64-bit words, least significant first. The exponent is a
    /// constant of the algorithm, so branching on its bits reveals nothing about `self`.
    func power(_ exponent: [UInt64]) -> Field25519 {
        var result = Field25519.one
        for word in exponent.reversed() {
            for bit in stride(from: 63, through: 0, by: -1) {
                result = result.squared
                if (word >> UInt64(bit)) & 1 == 1 { result = result * self }
            }
        }
        return result
    }

    /// The inverse, or zero for zero (RFC 9380's inv0): self^(p-2).
    var inverse: Field25519 {
        power([0xFFFF_FFFF_FFFF_FFEB, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0x7FFF_FFFF_FFFF_FFFF])
    }

    /// The Legendre symbol as a field element: 1 for a non-zero square, -1 for a non-square, 0 for zero.
    var legendre: Field25519 {
        power([0xFFFF_FFFF_FFFF_FFF6, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0x3FFF_FFFF_FFFF_FFFF])
    }

    /// The representative below p, chosen without branching on the value.
    var canonical: Field25519 {
        var value = self
        for _ in 0..<2 {
            var borrow: UInt64
            var d0: UInt64, d1: UInt64, d2: UInt64, d3: UInt64
            (d0, borrow) = Self.subtract(value.limbs.0, Self.p.limbs.0, 0)
            (d1, borrow) = Self.subtract(value.limbs.1, Self.p.limbs.1, borrow)
            (d2, borrow) = Self.subtract(value.limbs.2, Self.p.limbs.2, borrow)
            (d3, borrow) = Self.subtract(value.limbs.3, Self.p.limbs.3, borrow)
            // keep = all ones when the subtraction borrowed (value < p), else zero.
            let keep = 0 &- borrow
            value = Field25519(
                (value.limbs.0 & keep) | (d0 & ~keep), (value.limbs.1 & keep) | (d1 & ~keep),
                (value.limbs.2 & keep) | (d2 & ~keep), (value.limbs.3 & keep) | (d3 & ~keep))
        }
        return value
    }
}
