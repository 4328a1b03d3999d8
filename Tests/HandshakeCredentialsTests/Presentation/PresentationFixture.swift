import Foundation
import HandshakeTestSupport
import HandshakeCore

@_spi(Wire) @testable import HandshakeCredentials

/// Requests, queries and clocks for the OpenID4VP tests, fixed so every token is reproducible.
enum OID4VP {
    static let clientID = "redirect_uri:https://verifier.example/oid4vp/response"
    static let responseURI = "https://verifier.example/oid4vp/response"
    static let nonce = "n-0S6_WzA2Mj-handshake"
    static let state = "st-1234567890"
    /// 2025-11-21T17:00:00Z, the credential worked example's issue time.
    static let now = Fixture.issuedAt

    /// A DCQL query for a Handshake card's name and emails (and, when `identity`, the Handshake card).
    static func query(claims: [String] = ["name", "emails"], id: String = "card") -> String {
        let paths = claims.map { "{\"path\":[\"credentialSubject\",\"\($0)\"]}" }.joined(separator: ",")
        return """
            {"credentials":[{"id":"\(id)","format":"jwt_vc_json","meta":{"type_values":[["HandshakeContactCard"]]},"claims":[\(paths)]}]}
            """
    }

    /// The request link for `query`, by value.
    static func link(
        query: String = OID4VP.query(), clientID: String = OID4VP.clientID, nonce: String? = OID4VP.nonce,
        extra: [String: String] = [:], responseMode: String? = "direct_post"
    ) -> String {
        var components = URLComponents(string: "openid4vp://")!
        var items = [
            URLQueryItem(name: "client_id", value: clientID), URLQueryItem(name: "response_type", value: "vp_token"),
            URLQueryItem(name: "response_uri", value: responseURI), URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "dcql_query", value: query),
        ]
        if let responseMode { items.append(URLQueryItem(name: "response_mode", value: responseMode)) }
        if let nonce { items.append(URLQueryItem(name: "nonce", value: nonce)) }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { items.append(URLQueryItem(name: name, value: value)) }
        components.queryItems = items
        // URLComponents leaves "+" as it is; in a form-encoded query it would mean a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!.absoluteString
    }

    static func request(_ link: String = OID4VP.link()) async throws -> AuthorizationRequest {
        try await AuthorizationRequest(url: link, now: now)
    }

    static func answer(
        _ request: AuthorizationRequest, identity: Identity = Fixture.identity, allowed: Set<PresentableClaim> = [.name, .emails],
        at time: Date = OID4VP.now
    ) throws -> PresentationAnswer {
        try PresentationAnswer(request: request, identity: identity, card: try Fixture.signedCard(identity), allowed: allowed, now: time)
    }
}

/// The claims the tests name, spelled as short as the fields themselves.
extension PresentableClaim {
    static let name = PresentableClaim.field(.name)
    static let bio = PresentableClaim.field(.bio)
    static let company = PresentableClaim.field(.company)
    static let emails = PresentableClaim.field(.emails)
    static let phones = PresentableClaim.field(.phones)
}
