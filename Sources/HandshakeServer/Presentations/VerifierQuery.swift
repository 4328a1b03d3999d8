// Establishes the request a verifier account's QR code carries (docs/protocols/openid4vp.md §2, the
// `redirect_uri:` client): an `openid4vp://` link with every parameter by value, and a DCQL query asking for
// one Handshake card credential with the chosen claims. It does not check answers; `PresentationVerifier`
// does, against the same query text.
import Foundation
@_spi(Wire) import HandshakeCredentials

enum VerifierQuery {
    /// The DCQL query (JSON, sorted keys) asking for one `jwt_vc_json` Handshake card with `claims`.
    static func dcql(asking claims: [PresentableClaim]) -> String {
        let query: [String: Any] = [
            "credentials": [
                [
                    "id": "card",
                    "format": CredentialRequest.format,
                    "meta": ["type_values": [VCJWTIssuer.types]],
                    "claims": claims.sorted().map { ["path": ["credentialSubject", $0.rawValue]] },
                ] as [String: Any]
            ]
        ]
        // A dictionary of strings and arrays of them always serializes.
        let data = (try? JSONSerialization.data(withJSONObject: query, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The link a wallet scans: response by `direct_post` to `responseURI`, which is also the verifier's
    /// identity (`redirect_uri:` + that address).
    static func link(clientID: String, responseURI: String, nonce: String, state: String, dcql: String) -> String {
        let parameters = [
            ("client_id", clientID), ("response_type", "vp_token"), ("response_mode", "direct_post"),
            ("response_uri", responseURI), ("nonce", nonce), ("state", state), ("dcql_query", dcql),
        ]
        return "openid4vp://?" + parameters.map { "\($0)=\(percentEncoded($1))" }.joined(separator: "&")
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded, as a query value must be.
    static func percentEncoded(_ text: String) -> String {
        var unreserved = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        unreserved.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
