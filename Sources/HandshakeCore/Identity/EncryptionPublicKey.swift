import Crypto
import Foundation

/// An X25519 public key (a card's `encKey`): what others agree a shared secret with.
///
/// What it establishes: exactly 32 bytes. Not that it is a point of large order — X25519 accepts any 32
/// bytes, and a key agreement with a low-order point fails (``Identity/sharedSecret(with:)`` throws).
public struct EncryptionPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// Every X25519 public key has this many bytes.
    public static let byteCount = 32

    /// The 32 key bytes, as written in a card.
    public let rawRepresentation: [UInt8]

    /// The key from its 32 bytes; `nil` for any other length.
    public init?(rawRepresentation bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        rawRepresentation = Array(bytes)
    }

    init(checked bytes: [UInt8]) {
        rawRepresentation = bytes
    }

    /// Standard base64 of the key bytes, as the JSON forms write it.
    public var description: String { Data(rawRepresentation).base64EncodedString() }
}
