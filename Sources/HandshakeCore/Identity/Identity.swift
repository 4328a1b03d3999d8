import Crypto

/// A person's Handshake identity: the seed and the two key pairs derived from it.
///
/// Derivation (docs/formats/card.md, "Identity"): each private key is
/// `HKDF-SHA256(ikm: seed, salt: "handshake identity v1", info: LABEL, length: 32)` with LABEL
/// `"ed25519 signing key"` for the Ed25519 `sigKey` and `"x25519 encryption key"` for the X25519 `encKey`.
/// Separate labels keep the two keys independent although they share one seed.
///
/// An identity never shows its seed or private keys when printed, logged or dumped: its description
/// names only the Node ID.
public struct Identity: Sendable {
    /// The seed the keys are derived from. Keep it in a key store; it is the identity.
    public let seed: IdentitySeed
    let signingKey: Curve25519.Signing.PrivateKey
    let encryptionKey: Curve25519.KeyAgreement.PrivateKey

    /// The public Ed25519 key that signs this identity's cards.
    public let sigKey: SigningPublicKey
    /// The public X25519 key others agree shared secrets with.
    public let encKey: EncryptionPublicKey

    /// The identity's Node ID, derived from ``sigKey``.
    public var nodeID: NodeID { sigKey.nodeID }

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
        sigKey = SigningPublicKey(checked: Array(signingKey.publicKey.rawRepresentation))
        encKey = EncryptionPublicKey(checked: Array(encryptionKey.publicKey.rawRepresentation))
    }

    /// A new identity from a fresh random seed.
    public static func generate() -> Identity {
        Identity(seed: .generate())
    }

    /// The `did:key` form of ``sigKey``.
    public var didKey: DIDKey { sigKey.didKey }

    /// An Ed25519 signature by ``sigKey`` over `purpose.label ‖ message`; verify it with
    /// ``SigningPublicKey/isValidSignature(_:for:purpose:)``.
    @_spi(Wire) public func sign(_ message: some Collection<UInt8>, for purpose: SigningPurpose) -> [UInt8] {
        signRaw(purpose.label + Array(message))
    }

    /// An Ed25519 signature over a JWS signing input (RFC 7515 §5.1: `BASE64URL(header) "." BASE64URL(payload)`),
    /// for the Verifiable Credential form of the card (HandshakeCredentials).
    ///
    /// Why this exists beside ``sign(_:for:)``: a JWS signature must cover the signing input exactly, so no
    /// `SigningPurpose` label can be prefixed, and the private key never leaves ``Identity``. It stays
    /// domain-separated all the same: it signs only text that begins `eyJ` (a base64url JSON object, `{"`) and
    /// holds nothing but base64url characters and exactly one `.`, so it can never be a card's COSE
    /// `Sig_structure` (first byte 0x84) nor a purpose-labelled message (first byte `h`). Anything else returns
    /// `nil`. `package` access: only Handshake's own modules sign JWS; it is not part of the public API.
    package func signJWS(signingInput: [UInt8]) -> [UInt8]? {
        guard Self.isJWSSigningInput(signingInput) else { return nil }
        return signRaw(signingInput)
    }

    /// Whether `bytes` has the shape of a JWS signing input: `eyJ`, base64url characters, exactly one `.`.
    static func isJWSSigningInput(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("eyJ".utf8))
            && bytes.filter({ $0 == UInt8(ascii: ".") }).count == 1
            && bytes.allSatisfy({ byte in
                byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            })
    }

    /// A signature over exactly `bytes`: for COSE, whose `Sig_structure` is its own domain separation.
    func signRaw(_ bytes: [UInt8]) -> [UInt8] {
        // Signing with a well-formed key only fails if the system's random source does; that is not a
        // condition any caller could handle, so it is treated as fatal.
        guard let signature = try? signingKey.signature(for: bytes) else {
            fatalError("Ed25519 signing failed: the system's random source is unavailable")
        }
        return Array(signature)
    }

    /// X25519 key agreement between this identity's encryption key and `peer`.
    ///
    /// Throws `KeyAgreementError/lowOrderPoint` when `peer` is a low-order point: the result would be all
    /// zeros whatever our key, a "secret" known to everyone. (swift-crypto returns those zeros as they are.)
    @_spi(Wire) public func sharedSecret(with peer: EncryptionPublicKey) throws(KeyAgreementError) -> SharedSecret {
        guard let publicKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: peer.rawRepresentation),
            let secret = try? encryptionKey.sharedSecretFromKeyAgreement(with: publicKey),
            !secret.withUnsafeBytes({ $0.allSatisfy { $0 == 0 } })
        else { throw .lowOrderPoint }
        return secret
    }
}

extension Identity: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the identity by its Node ID alone, so logs never hold a secret.
    public var description: String { "Identity(\(nodeID))" }
    /// The same as ``description``: no secret in a debugger either.
    public var debugDescription: String { description }
    /// Mirrors (`dump`, debuggers, SwiftUI previews) see the public keys, never the seed.
    public var customMirror: Mirror { Mirror(self, children: ["nodeID": nodeID, "sigKey": sigKey, "encKey": encKey]) }
}
