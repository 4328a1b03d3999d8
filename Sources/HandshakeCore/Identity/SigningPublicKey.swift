import Crypto
import Foundation

/// An Ed25519 public key that signs cards (a card's `sigKey`), and the Node ID it names.
///
/// What it establishes: exactly 32 bytes, and the Node ID that belongs to them (computed once, here, so no
/// value can pair a key with another key's Node ID). What it does not: that the key belongs to the person
/// you think it does — comparing security codes in person is for that.
public struct SigningPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// Every Ed25519 public key has this many bytes.
    public static let byteCount = 32

    /// The 32 key bytes, as written in a card.
    public let rawRepresentation: [UInt8]
    /// The Node ID of this key: `Base58btc(SHA-256(key)[0..<16])`, padded to 22 characters.
    public let nodeID: NodeID

    /// The key from its 32 bytes; `nil` for any other length.
    public init?(rawRepresentation bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        self.init(checked: Array(bytes))
    }

    init(checked bytes: [UInt8]) {
        rawRepresentation = bytes
        nodeID = NodeID(sigKey: bytes)
    }

    /// The `did:key` form of the key.
    public var didKey: DIDKey { .ed25519(rawRepresentation) }

    /// Whether `signature` is this key's signature over `message` made for `purpose`
    /// (see ``Identity/sign(_:for:)``). A signature made for another purpose never verifies.
    @_spi(Wire) public func isValidSignature(_ signature: some Collection<UInt8>, for message: some Collection<UInt8>, purpose: SigningPurpose) -> Bool {
        isValidSignature(signature, overSignedBytes: purpose.label + Array(message))
    }

    /// Whether `signature` verifies over exactly `bytes` (no purpose label: COSE's `Sig_structure`).
    func isValidSignature(_ signature: some Collection<UInt8>, overSignedBytes bytes: [UInt8]) -> Bool {
        guard signature.count == 64, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else {
            return false
        }
        return key.isValidSignature(Array(signature), for: bytes)
    }

    /// Standard base64 of the key bytes, as the JSON forms write it.
    public var description: String { Data(rawRepresentation).base64EncodedString() }

    // Equality and hashing on the bytes alone: the Node ID follows from them.
    /// Two keys are the same when their bytes are.
    public static func == (lhs: SigningPublicKey, rhs: SigningPublicKey) -> Bool { lhs.rawRepresentation == rhs.rawRepresentation }
    /// Hashes the key's bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawRepresentation) }
}
