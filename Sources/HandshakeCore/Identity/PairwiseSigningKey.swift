// Establishes the holder keys a wallet shows to verifiers (OpenID4VP): one Ed25519 key per verifier,
// derived from the identity's seed and the verifier's `client_id`, so two verifiers who compare notes see two
// unrelated did:keys, and the same verifier sees the same did:key every time (it can recognise a returning
// holder, which is what a login needs). What it does not establish: anything about the identity's own
// `sigKey`: a pairwise key is not linked to it by anything a verifier can check, which is the point.
import Crypto

/// An Ed25519 signing key derived for one verifier from an identity's seed.
///
/// Derivation (docs/protocols/openid4vp.md, "Pairwise holder key"): the private key is
/// `HKDF-SHA256(ikm: seed, salt: "handshake identity v1", info: "handshake openid4vp pairwise v1" ‖ 0x00 ‖
/// UTF-8(client_id), length: 32)`. The label differs from the identity's own labels (`"ed25519 signing key"`,
/// `"x25519 encryption key"`) in its first byte and holds a NUL before the `client_id`, so no `client_id`
/// can make the info equal to another label, and no two `client_id`s share a key.
///
/// `package` access: only Handshake's own modules sign with it (HandshakeCredentials' presentations).
package struct PairwiseSigningKey: Sendable {
    let privateKey: Curve25519.Signing.PrivateKey
    /// The public half, as a `SigningPublicKey`.
    package let publicKey: SigningPublicKey

    /// The label that opens the HKDF info, before the NUL byte and the `client_id`.
    package static let label = Array("handshake openid4vp pairwise v1".utf8)

    init(seed: IdentitySeed, verifier clientID: String) {
        let info = Self.label + [0] + Array(clientID.utf8)
        let bytes = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: seed.bytes), salt: Identity.derivationSalt, info: info, outputByteCount: 32
        ).withUnsafeBytes { Array($0) }
        // Any 32 bytes are a valid Ed25519 private key.
        privateKey = try! Curve25519.Signing.PrivateKey(rawRepresentation: bytes)
        publicKey = SigningPublicKey(checked: Array(privateKey.publicKey.rawRepresentation))
    }

    /// The `did:key` a verifier sees.
    package var didKey: DIDKey { publicKey.didKey }

    /// An Ed25519 signature over a JWS signing input; the same rule as `Identity.signJWS`: only text that
    /// begins `eyJ` and holds base64url characters and exactly one `.` is signed, anything else gives `nil`.
    package func signJWS(signingInput: [UInt8]) -> [UInt8]? {
        guard Identity.isJWSSigningInput(signingInput) else { return nil }
        guard let signature = try? privateKey.signature(for: signingInput) else {
            fatalError("Ed25519 signing failed: the system's random source is unavailable")
        }
        return Array(signature)
    }
}

extension Identity {
    /// The holder key this identity shows to the verifier named `clientID` (the full OpenID4VP `client_id`,
    /// prefix included). Deterministic: the same seed and `client_id` always give the same key.
    package func pairwiseSigningKey(for clientID: String) -> PairwiseSigningKey {
        PairwiseSigningKey(seed: seed, verifier: clientID)
    }
}

extension PairwiseSigningKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the key by its did:key alone, so logs never hold the private key.
    package var description: String { "PairwiseSigningKey(\(didKey))" }
    /// The same as `description`.
    package var debugDescription: String { description }
    /// Mirrors see the public key only.
    package var customMirror: Mirror { Mirror(self, children: ["publicKey": publicKey]) }
}
