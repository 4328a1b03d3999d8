import Crypto
import Foundation
import HandshakeCore

/// A sign-in challenge: random bytes the server issues for one `sigKey`, which its holder signs to prove
/// it holds the private key.
///
/// What is signed is `"handshake server v1 challenge" ‖ 0x00 ‖ challenge` (the ASCII label, one NUL
/// byte, then the 32 challenge bytes). The label keeps a signature made for signing in from being
/// mistaken for a card signature or anything else the same key signs. A challenge is answerable once,
/// within ``MailboxPolicy/challengeLifetime``. What it does not prove: who the person is — only that
/// the caller holds the key that a Node ID names.
public struct AuthChallenge: Sendable, Equatable {
    /// The domain label, without the NUL byte that follows it in the signed bytes.
    public static let label = "handshake server v1 challenge"
    /// How many random bytes a challenge has.
    public static let byteCount = 32

    /// The random challenge bytes.
    public let bytes: [UInt8]
    /// The key the challenge was issued for; the answer must verify with it.
    public let sigKey: [UInt8]
    /// When the challenge stops being answerable.
    public let expiresAt: Date

    /// The Node ID of ``sigKey``.
    public var nodeID: NodeID { NodeID(sigKey: sigKey) }

    /// The exact bytes a client signs to answer `challenge`.
    public static func signedBytes(for challenge: [UInt8]) -> [UInt8] {
        Array(label.utf8) + [0] + challenge
    }

    /// Whether `signature` is `sigKey`'s Ed25519 signature over ``signedBytes(for:)``.
    func isAnswered(by signature: [UInt8]) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: sigKey) else { return false }
        return key.isValidSignature(signature, for: Self.signedBytes(for: bytes))
    }
}
