import Crypto

/// One side's secret blinding scalar for a single common-friends exchange, and the X25519 operation with it.
///
/// Protects: the scalar, which is what keeps this side's hashed contact keys from being read back out of
/// the values it sends, and fresh per exchange, so two sessions' messages cannot be linked or compared.
/// Blinding is X25519(a, u) (RFC 7748): the scalar is clamped, a multiple of the cofactor 8, so the result
/// lies in a prime-order subgroup whatever torsion the input carries, and blinding by two scalars gives
/// the same value in either order. It does not protect against a peer that lies about its own results.
struct Blinding: Sendable {
    private let key: Curve25519.KeyAgreement.PrivateKey

    /// A blinding with the 32-byte scalar `scalar` (clamped by X25519 itself, as RFC 7748 specifies).
    init?(scalar: [UInt8]) {
        guard let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: scalar) else { return nil }
        self.key = key
    }

    /// X25519(scalar, element), or nil when the result is all zero (the input has low order, or is zero).
    func blind(_ element: FriendElement) -> FriendElement? {
        guard let point = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: element.bytes),
            let secret = try? key.sharedSecretFromKeyAgreement(with: point)
        else { return nil }
        let blinded = secret.withUnsafeBytes { FriendElement($0) }
        return blinded.isZero ? nil : blinded
    }
}
