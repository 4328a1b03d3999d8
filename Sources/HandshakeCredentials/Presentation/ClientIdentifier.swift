// Establishes how a verifier's `client_id` is read (OpenID4VP 1.0 §5.9): the prefix before the first colon
// says how the wallet knows who the verifier is. Handshake answers two prefixes it can check on its own:
// `redirect_uri:` (the verifier is the URL the answer goes to, and the request cannot be signed) and
// `decentralized_identifier:` with a did:key (the request object is signed by that key). The others need a
// trust list, a certificate store or a federation a wallet has to be configured with, so each is refused with
// a sentence, as are pre-registered names (no colon), which only a wallet that registered them can know.
import Foundation
import HandshakeCore

/// A verifier's `client_id`, read by its prefix.
public enum ClientIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// `redirect_uri:<URL>`: the verifier is whoever serves this URL; answers go there and nowhere else.
    case redirectURI(URL)
    /// `decentralized_identifier:<did:key>`: the verifier is whoever holds this key, which signs the request.
    case decentralizedIdentifier(DIDKey)

    /// The longest `client_id` read.
    @_spi(Wire) public static let maxBytes = 2048

    /// The prefixes OpenID4VP defines that Handshake does not answer.
    static let unsupportedPrefixes: Set<String> = ["x509_san_dns", "x509_hash", "verifier_attestation", "openid_federation", "origin"]

    /// Reads `text`, the full `client_id` of a request.
    @_spi(Wire) public init(_ text: String) throws(AuthorizationRequestError) {
        guard text.utf8.count <= Self.maxBytes else { throw .tooLarge(what: "client_id", bytes: text.utf8.count, limit: Self.maxBytes) }
        guard let colon = text.firstIndex(of: ":") else { throw .preRegisteredClient(text) }
        let prefix = String(text[..<colon])
        let rest = String(text[text.index(after: colon)...])
        switch prefix {
        case "redirect_uri":
            guard let url = URL(string: rest), Self.isAllowedResponseURL(url) else {
                throw .malformedParameter(name: "client_id", detail: "after redirect_uri: must come an https URL")
            }
            self = .redirectURI(url)
        case "decentralized_identifier":
            guard rest.hasPrefix("did:key:") else { throw .unresolvableDID(rest) }
            let key: DIDKey
            do {
                key = try DIDKey(parsing: rest)
            } catch {
                throw .malformedParameter(name: "client_id", detail: error.description)
            }
            guard key.description == rest else {
                throw .malformedParameter(name: "client_id", detail: "the did:key must be written without a fragment")
            }
            self = .decentralizedIdentifier(key)
        default:
            if Self.unsupportedPrefixes.contains(prefix) { throw .unsupportedClientIDPrefix(prefix) }
            throw .unknownClientIDPrefix(String(prefix))
        }
    }

    /// The full `client_id`, prefix included: what a presentation's `aud` must be (§14.2.2).
    public var description: String {
        switch self {
        case .redirectURI(let url): return "redirect_uri:" + url.absoluteString
        case .decentralizedIdentifier(let key): return "decentralized_identifier:" + key.description
        }
    }

    /// Who asks, as a person can recognise it: the host of a `redirect_uri:` verifier, the did:key otherwise.
    public var displayName: String {
        switch self {
        case .redirectURI(let url): return url.host ?? url.absoluteString
        case .decentralizedIdentifier(let key): return key.description
        }
    }

    /// Whether answers may be sent to `url`: https, or http to this machine alone (a verifier under test on
    /// loopback), never http across a network.
    @_spi(Wire) public static func isAllowedResponseURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return false }
        if scheme == "https" { return true }
        return scheme == "http" && ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
    }
}
