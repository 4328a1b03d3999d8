import Crypto

/// A person's Handshake identity: the seed and the two key pairs derived from it.
///
/// Derivation (docs/formats/card.md, "Identity"): each private key is
/// `HKDF-SHA256(ikm: seed, salt: "handshake identity v1", info: LABEL, length: 32)` with LABEL
/// `"ed25519 signing key"` for the Ed25519 `sigKey` and `"x25519 encryption key"` for the X25519 `encKey`.
/// Separate labels keep the two keys independent although they share one seed.
public struct Identity: Sendable {
    public let seed: IdentitySeed
    let signingKey: Curve25519.Signing.PrivateKey
    let encryptionKey: Curve25519.KeyAgreement.PrivateKey

    /// The public Ed25519 key that signs this identity's cards (32 bytes).
    public let sigKey: [UInt8]
    /// The public X25519 key others encrypt to (32 bytes).
    public let encKey: [UInt8]
    /// The identity's Node ID, derived from ``sigKey``.
    public let nodeID: NodeID

    static let derivationSalt = Array("handshake identity v1".utf8)
    static let signingLabel = Array("ed25519 signing key".utf8)
    static let encryptionLabel = Array("x25519 encryption key".utf8)

    /// The identity a seed stands for. Deterministic: the same seed always gives the same keys.
    public init(seed: IdentitySeed) {
        self.seed = seed
        let input = SymmetricKey(data: seed.bytes)
        func derive(_ label: [UInt8]) -> [UInt8] {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: input, salt: Self.derivationSalt, info: label, outputByteCount: 32)
                .withUnsafeBytes { Array($0) }
        }
        // Any 32 bytes are a valid private key for both curves, so neither initialiser can fail here.
        signingKey = try! Curve25519.Signing.PrivateKey(rawRepresentation: derive(Self.signingLabel))
        encryptionKey = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: derive(Self.encryptionLabel))
        sigKey = Array(signingKey.publicKey.rawRepresentation)
        encKey = Array(encryptionKey.publicKey.rawRepresentation)
        nodeID = NodeID(sigKey: sigKey)
    }

    /// A new identity from a fresh random seed.
    public static func generate() -> Identity {
        Identity(seed: .generate())
    }

    /// The `did:key` form of ``sigKey``.
    public var didKey: DIDKey { .ed25519(sigKey) }

    /// An Ed25519 signature by ``sigKey`` over `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        // Signing with a well-formed key only fails if the system's random source does; that is not a
        // condition any caller could handle, so it is treated as fatal.
        guard let signature = try? signingKey.signature(for: message) else {
            fatalError("Ed25519 signing failed: the system's random source is unavailable")
        }
        return Array(signature)
    }
}
