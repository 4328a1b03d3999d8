// Establishes which JWS algorithms a VC-JWT card may be signed with, and which key type each one needs.
// jwt-kit verifies with whatever key it is given and does not compare the header's `alg` with that key, so
// this check runs first: an `alg` the key cannot have made is refused before any signature is looked at.
import HandshakeCore

/// A JWS algorithm Handshake accepts in a VC-JWT's header.
///
/// Accepted: `EdDSA` (RFC 8037, what Handshake writes, for the widest reach), `Ed25519` (RFC 9864's
/// fully-specified name for the same signature) and `ES256` (ECDSA P-256 with SHA-256). Refused with their
/// own sentence: `none`, the HMAC family `HS256`/`HS384`/`HS512`, and every other name.
public enum VCJWTAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// `EdDSA` (RFC 8037) with an Ed25519 key: what Handshake writes.
    case eddsa = "EdDSA"
    /// `Ed25519`, RFC 9864's fully-specified name for the same signature; accepted on import.
    case ed25519 = "Ed25519"
    /// `ES256`: ECDSA on P-256 with SHA-256, for a P-256 did:key (`zDn…`).
    case es256 = "ES256"

    /// The algorithm a header's `alg` names, or the refusal that fits it.
    public init(headerValue alg: String) throws(VCJWTError) {
        if let known = VCJWTAlgorithm(rawValue: alg) {
            self = known
            return
        }
        if alg.lowercased() == "none" { throw .unsigned }
        if alg.uppercased().hasPrefix("HS") { throw .sharedSecretAlgorithm(alg) }
        throw .unsupportedAlgorithm(alg)
    }

    /// Whether a key of this did:key type can have made a signature with this algorithm.
    public func matches(_ key: DIDKey) -> Bool {
        switch (self, key) {
        case (.eddsa, .ed25519), (.ed25519, .ed25519), (.es256, .p256): return true
        default: return false
        }
    }
}

extension DIDKey {
    /// The key type, as people and JOSE name it: "Ed25519" or "P-256".
    var keyTypeName: String {
        switch self {
        case .ed25519: return "Ed25519"
        case .p256: return "P-256"
        }
    }

    /// The did:key's method-specific identifier (`z…`), which is also the fragment of its one verification
    /// method: `did:key:z…#z…`.
    var fingerprint: String { String(description.dropFirst("did:key:".count)) }

    /// The key identifier a VC-JWT header carries: the verification method `did:key:z…#z…`.
    var verificationMethod: String { description + "#" + fingerprint }
}
