import Crypto

/// A `did:key` identifier (W3C did:key method): a public key, prefixed with its multicodec code and written
/// as multibase Base58btc (`z…`).
///
/// Handshake identities are Ed25519 (multicodec `0xed`). P-256 keys (multicodec `0x1200`, compressed
/// point) are accepted when others present them, for verifiable-credential interoperability.
public enum DIDKey: Sendable, Hashable, CustomStringConvertible {
    /// An Ed25519 public key (32 bytes): how every Handshake identity appears.
    case ed25519([UInt8])
    /// A P-256 public key as a compressed point (33 bytes), accepted from others' credentials.
    case p256(compressed: [UInt8])

    static let ed25519Prefix: [UInt8] = [0xED, 0x01]
    static let p256Prefix: [UInt8] = [0x80, 0x24]

    /// Why a string is not a usable `did:key`.
    public enum ParseError: HandshakeError, Equatable {
        /// The text does not start with `did:key:z`.
        case notDIDKey
        /// The key part is not Base58btc text.
        case notBase58
        /// A key type other than Ed25519 and P-256.
        case unsupportedKeyType
        /// The key bytes are not a valid point on their curve.
        case invalidKey
        /// Longer than any did:key of an accepted key type (the value is the limit in characters).
        case tooLong(limit: Int)
        /// The key bytes are not of the length the key type has.
        case wrongKeyLength(keyType: String, bytes: Int, expected: Int)
        /// A P-256 key in its uncompressed form (65 bytes); did:key holds the compressed one (33 bytes).
        case uncompressedP256

        /// A sentence to show whoever supplied the identifier.
        public var description: String {
            switch self {
            case .notDIDKey: return "This is not a did:key identifier (it must start with \"did:key:z\")."
            case .notBase58: return "This did:key is not valid Base58btc text."
            case .unsupportedKeyType: return "This did:key holds a kind of key Handshake does not accept (only Ed25519 and P-256)."
            case .invalidKey: return "This did:key holds a key that is not a valid point on its curve."
            case .tooLong(let limit): return "This did:key is longer than any key's identifier (at most \(limit) characters), so it was not read."
            case .wrongKeyLength(let keyType, let bytes, let expected):
                return "This did:key holds a \(keyType) key of \(bytes) bytes; such a key has \(expected)."
            case .uncompressedP256:
                return "This did:key holds a P-256 key in its uncompressed form (65 bytes); a did:key holds the compressed form (33 bytes)."
            }
        }
    }

    /// Parses and validates a `did:key` string (an optional `#fragment` is ignored).
    public init(parsing text: String) throws(ParseError) {
        // Everything before the first "#". (Splitting on "#" would drop an empty first part and read
        // "#did:key:z…", which is not a did:key, as if the fragment were the identifier.)
        // Found among the UTF-8 bytes: walking Characters would break graphemes for nothing.
        let identifier = text[..<(text.utf8.firstIndex(of: UInt8(ascii: "#")) ?? text.endIndex)]
        guard identifier.utf8.starts(with: "did:key:z".utf8) else { throw .notDIDKey }
        guard identifier.utf8.count <= 128 else { throw .tooLong(limit: 128) }
        guard let bytes = Base58.decode(utf8: identifier.utf8.dropFirst("did:key:z".utf8.count)) else { throw .notBase58 }
        if bytes.starts(with: Self.ed25519Prefix) {
            let key = Array(bytes.dropFirst(2))
            guard key.count == 32 else { throw .wrongKeyLength(keyType: "Ed25519", bytes: key.count, expected: 32) }
            guard (try? Curve25519.Signing.PublicKey(rawRepresentation: key)) != nil else { throw .invalidKey }
            self = .ed25519(key)
        } else if bytes.starts(with: Self.p256Prefix) {
            let key = Array(bytes.dropFirst(2))
            if key.count == 65, key.first == 0x04 { throw .uncompressedP256 }
            guard key.count == 33 else { throw .wrongKeyLength(keyType: "P-256", bytes: key.count, expected: 33) }
            guard (try? P256.Signing.PublicKey(compressedRepresentation: key)) != nil else { throw .invalidKey }
            self = .p256(compressed: key)
        } else {
            throw .unsupportedKeyType
        }
    }

    /// The `did:key:z…` text.
    public var description: String {
        switch self {
        case .ed25519(let key): return "did:key:z" + Base58.encode(Self.ed25519Prefix + key)
        case .p256(let key): return "did:key:z" + Base58.encode(Self.p256Prefix + key)
        }
    }
}
