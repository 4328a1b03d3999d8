import Crypto
import HandshakeCore
import HandshakeMailbox

/// Random secrets the server hands out (bearer tokens, share tokens, auth challenges) and the hash under
/// which it keeps them.
///
/// Secrets come from the system's cryptographic random source. Only their SHA-256 is stored, so a copy
/// of the database does not let anyone act as an account or use a link; looking a secret up by its hash
/// needs no constant-time comparison, since an attacker cannot choose what the hash equals. What this
/// does not provide: secrecy in transit — run the server behind TLS.
enum SecretToken {
    /// `count` bytes from the system's cryptographic random source.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// A bearer token for an authenticated session: 32 random bytes in base64url (43 characters).
    static func bearer() -> String { Base64URL.encode(randomBytes(32)) }

    /// A share token: 32 random bytes in base62 (43 characters).
    static func share() -> String { Base62.encode(randomBytes(ShareLink.tokenByteCount)) }

    /// The SHA-256 of the token's text: what the database keeps in its place.
    static func hash(_ token: some StringProtocol) -> [UInt8] {
        Array(SHA256.hash(data: Array(token.utf8)))
    }
}
