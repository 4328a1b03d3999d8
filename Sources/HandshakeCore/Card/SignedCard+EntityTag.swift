// Establishes the one name of a signed card's version that a server and its readers share: its HTTP entity tag,
// the SHA-256 of its bytes. A server answers `GET /v1/cards/{nodeId}` with it, and a reader that holds the card
// asks with `If-None-Match` made from the bytes it holds, storing nothing else: a card that did not change
// costs a `304` and no body.
import Crypto

extension SignedCard {
    /// The card's entity tag: `"` + base64url (no padding) of SHA-256 of ``bytes`` + `"` (docs/server.md).
    public var entityTag: String { Self.entityTag(of: bytes) }

    /// The entity tag of a card's bytes (``entityTag``), for a server that holds only the bytes.
    public static func entityTag(of bytes: [UInt8]) -> String {
        "\"" + Base64URL.encode(Array(SHA256.hash(data: bytes))) + "\""
    }
}
