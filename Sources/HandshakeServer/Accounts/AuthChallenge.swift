import Foundation
@_spi(Wire) import HandshakeCore

/// A sign-in challenge: random bytes the server issues for one `sigKey`, which its holder signs to prove
/// it holds the private key.
///
/// The client signs the challenge for `SigningPurpose/serverChallenge` (`Identity/sign(_:for:)`), so
/// what is signed is that purpose's label, one NUL byte, then the 32 challenge bytes; the server checks
/// it through `SigningPublicKey/isValidSignature(_:for:purpose:)`. HandshakeCore owns the label and the
/// list of every purpose, which keeps a signature made for signing in from being mistaken for a card
/// signature or a nearby session binding. A challenge is answerable once, within
/// ``MailboxPolicy/challengeLifetime``. What it does not prove: who the person is — only that the caller
/// holds the key that a Node ID names.
public struct AuthChallenge: Sendable, Equatable {
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

    /// Whether `signature` is `sigKey`'s signature over the challenge for `SigningPurpose/serverChallenge`.
    func isAnswered(by signature: [UInt8]) -> Bool {
        guard let key = SigningPublicKey(rawRepresentation: sigKey) else { return false }
        return key.isValidSignature(signature, for: bytes, purpose: .serverChallenge)
    }
}
