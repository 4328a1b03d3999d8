// Establishes when a request object (a JWT holding the request's parameters, RFC 9101) is accepted: `typ`
// `oauth-authz-req+jwt` (§5); its `client_id` the one its link named; for a `decentralized_identifier:`
// verifier, signed by that did:key (the `kid` naming it, the `alg` fitting it, the signature checked; `none`
// and HMAC refused); for a `redirect_uri:` verifier, unsigned (`alg: none`), since §5.9.3 gives such a verifier
// no key, so a signature could prove nothing. An unsigned request object is then as trustworthy as the same
// parameters in a link, and no more: the answer can only go to the client_id's own address. `exp` and `nbf`
// are checked when present. The request's `iss` is ignored, as §5 requires.
import Foundation
import HandshakeCore

extension AuthorizationRequest {
    /// The request in the request object `jwt` (a compact JWT), fetched from `reference.requestURI` or
    /// found in a link's `request` parameter.
    @_spi(Wire) public init(requestObject jwt: String, reference: RequestReference?, now: Date) async throws(AuthorizationRequestError) {
        try await self.init(requestObject: jwt, expectedClientID: reference?.clientID, now: now)
    }

    init(requestObject jwt: String, expectedClientID: String?, now: Date) async throws(AuthorizationRequestError) {
        let bytes = jwt.utf8.count
        guard bytes <= Self.maxRequestObjectBytes else {
            throw .tooLarge(what: "request object", bytes: bytes, limit: Self.maxRequestObjectBytes)
        }
        let token = jwt.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimsBytes = Base64URL.decode(parts[1]) else {
            throw .requestObjectMalformed("it is not a compact JWT (three base64url parts separated by dots)")
        }
        guard let header = JSONValue.parse(headerBytes)?.object, let alg = header["alg"]?.string else {
            throw .requestObjectMalformed("its header is not a JSON object with a string \"alg\"")
        }
        let typ = header["typ"]?.string
        guard typ == Self.requestObjectType else { throw .requestObjectType(typ) }
        guard header["crit"] == nil else { throw .requestObjectMalformed("it requires extensions (crit) Handshake does not understand") }
        guard let claims = JSONValue.parse(claimsBytes)?.object else {
            throw .requestObjectMalformed("its claims are not a JSON object")
        }
        guard let clientIDText = claims["client_id"]?.string else { throw .missingParameter("client_id") }
        if let expectedClientID, expectedClientID != clientIDText {
            throw .requestObjectClientIDMismatch(outer: expectedClientID, inner: clientIDText)
        }
        let clientID = try ClientIdentifier(clientIDText)

        let lowered = alg.lowercased()
        if lowered.hasPrefix("hs") { throw .requestObjectSharedSecret(alg) }
        let signed: Bool
        switch clientID {
        case .redirectURI:
            guard lowered == "none" else { throw .requestObjectSignedByRedirectURI }
            guard parts[2].isEmpty else { throw .requestObjectMalformed("it says \"none\" but carries a signature") }
            signed = false
        case .decentralizedIdentifier(let key):
            guard lowered != "none" else { throw .requestObjectUnsigned }
            guard let algorithm = try? VCJWTAlgorithm(headerValue: alg), algorithm.matches(key) else {
                throw .requestObjectAlgorithm(alg)
            }
            if let kid = header["kid"]?.string {
                guard kid == key.description || kid.hasPrefix(key.description + "#") else { throw .requestObjectKeyMismatch(kid) }
            }
            do {
                try await VCJWTVerifier.checkSignature(token, issuer: key)
            } catch {
                throw .requestObjectBadSignature
            }
            signed = true
        }

        let skew: TimeInterval = 60
        let time = now.timeIntervalSince1970
        if case .number(let exp)? = claims["exp"], exp + skew <= time {
            throw .requestObjectExpired(Date(timeIntervalSince1970: exp))
        }
        if case .number(let nbf)? = claims["nbf"], nbf > time + skew {
            throw .requestObjectMalformed("it is not valid until \(Date(timeIntervalSince1970: nbf).formatted(.iso8601))")
        }
        try self.init(parameters: RequestParameters(claims: claims), clientID: clientID, signed: signed)
    }
}
