// The Elligator 2 map onto Curve25519 as CPace's G_X25519 uses it (draft-irtf-cfrg-cpace, "Elligator 2
// reference implementation", the same map as RFC 9380's map_to_curve_elligator2 with Z = 2): it turns the
// hash of the password, channel and session strings into the u-coordinate of a point that nobody knows a
// discrete logarithm of. It runs in constant time (field operations only, no branch on the input). It does
// not clear the cofactor: X25519's clamped scalars do that.

enum Elligator2 {
    /// Curve25519's Montgomery coefficient A.
    static let a = Field25519(486_662)
    /// A / 2.
    static let halfA = Field25519(243_331)
    /// The non-square Z of the map.
    static let z = Field25519(2)

    /// The u-coordinate (32 bytes, little-endian, canonical) of the point `r` maps to.
    ///
    /// v = -A / (1 + Z·r²); ε = Legendre(v³ + A·v² + v); u = ε·v - (1 - ε)·A/2, which is v when
    /// v³ + A·v² + v is a square and -v - A otherwise.
    static func map(_ r: Field25519) -> [UInt8] {
        let v = -(a * (Field25519.one + z * r.squared).inverse)
        let v2 = v.squared
        let epsilon = (v2 * v + a * v2 + v).legendre
        let u = epsilon * v - (Field25519.one - epsilon) * halfA
        return u.littleEndianBytes
    }
}
