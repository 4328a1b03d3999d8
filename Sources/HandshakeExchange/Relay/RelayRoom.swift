// Establishes the name of the room two devices holding one session secret meet in on a relay
// (docs/protocols/nearby-relay.md §2): the first 16 bytes of HMAC-SHA256 keyed by the secret over the label
// `handshake relay room v1`, as 32 lowercase hexadecimal digits. The relay learns the name, never the secret
// (HMAC is one-way), and nobody without the secret can find the room to sit in it, though the token's
// rendezvous identifier is advertised in the clear.
import Crypto
import Foundation

/// A relay room's name, derived from a session's secret.
@_spi(Wire) public struct RelayRoom: Sendable, Hashable, CustomStringConvertible {
    /// The label the name is derived over.
    static let label = Array("handshake relay room v1".utf8)

    /// The name's 16 bytes.
    public let bytes: [UInt8]

    /// The room of the session keyed by `secret`.
    public init(secret: SessionSecret) {
        let mac = HMAC<SHA256>.authenticationCode(for: Self.label, using: SymmetricKey(data: secret.bytes))
        bytes = Array(Array(mac).prefix(16))
    }

    /// The label a short code's room name is derived over.
    static let codeLabel = Array("handshake relay code room v1".utf8)

    /// The room of a short code whose rendezvous part is `rendezvous` (its first three characters, as
    /// ``ShortCode/rendezvous`` spells them): a public name, as the rendezvous part is (docs/protocols/nearby-relay.md §6).
    public init(rendezvous: String) {
        let mac = HMAC<SHA256>.authenticationCode(for: Self.codeLabel, using: SymmetricKey(data: Array(rendezvous.utf8)))
        bytes = Array(Array(mac).prefix(16))
    }

    /// The name as the path spells it: 32 lowercase hexadecimal digits.
    public var text: String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// The name.
    public var description: String { text }
}
